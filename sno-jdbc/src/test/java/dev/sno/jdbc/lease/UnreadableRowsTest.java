package dev.sno.jdbc.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import dev.sno.lease.PartitionLease;
import dev.sno.testsupport.LogCapture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 41 on the JDBC store (the hostile keyspace, and finding 12): a row that another program's
 * {@code UPDATE} left unreadable (a state out of range, part of a state, a negative epoch, an
 * epoch of {@link Long#MAX_VALUE}) is passed over, never taken, and logged once per store, and the
 * other rows serve as usual; a namespace with an unpaired surrogate is refused naming it. On every
 * database the store supports.
 */
class UnreadableRowsTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    static List<String> databases() {
        return LeaseDb.all();
    }

    private static Claim claim(String ns, int lo, int hi) {
        return new Claim(ns, lo, hi, LONG, UUID.randomUUID().toString().replace("-", ""), "test-host", 1);
    }

    private static String namespace(String what) {
        return what + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /**
     * On main 632c964 every database failed the first acquisition, though rows 0 and 4 were free:
     * "The generator state in the sno_partition_lease row of partition 1 is invalid".
     */
    @ParameterizedTest
    @MethodSource("databases")
    void unreadableRowsArePassedOverNeverTakenAndLoggedOncePerStore(String db) throws Exception {
        LeaseDb ds = LeaseDb.open(db, 4);
        try {
            JdbcLeaseStore store = JdbcLeaseStore.builder(ds).build();
            String ns = namespace("poison");
            store.prepare(ns, 0, 4);
            useAndRelease(store, ns, 0, 4);
            LeaseKeyspace.stateOutOfRange(ds, ns, 1);
            LeaseKeyspace.negativeEpoch(ds, ns, 2);
            LeaseKeyspace.partialState(ds, ns, 3);
            List<Integer> got = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                Optional<Grant> g = store.acquire(claim(ns, 0, 4));
                g.ifPresent(x -> assertEquals(2, x.epoch()));
                g.ifPresent(x -> got.add(x.partition()));
            }
            assertEquals(List.of(0, 4), got.stream().sorted().toList());
            assertEquals(List.of(
                    UnreadableRows.message(ns, 1, "its seq_min 70000 is not from 0 to 65535"),
                    UnreadableRows.message(ns, 2, "its epoch -4 is not from 0 to 9223372036854775806"),
                    UnreadableRows.message(ns, 3, "it holds 1 of the 7 columns of a generator state")),
                    warnings().stream().sorted().toList());
            assertTrue(warnings().get(0).startsWith("sno skips the row namespace = '" + ns + "' AND partition_no = "),
                    warnings().get(0));
            assertTrue(warnings().get(0).endsWith(". Another program wrote it. Restore the row, or delete it: the next"
                    + " build() of the namespace creates it again as a partition nobody used, which drops the state"
                    + " saved in it, so that the next holder, if its clock is behind, may repeat IDs made recently. So"
                    + " delete it only once the last holder has been gone for a lease duration plus the largest clock"
                    + " skew, or use another namespace."),
                    warnings().get(0));
        } finally {
            ds.close();
        }
    }

    /** On main 632c964 the row of epoch Long.MAX_VALUE was taken first (its epoch wrapped). */
    @ParameterizedTest
    @MethodSource("databases")
    void anEpochThatCannotBeIncrementedIsUnreadableAndTheOneBeforeItIsTheLast(String db) throws Exception {
        LeaseDb ds = LeaseDb.open(db, 4);
        try {
            JdbcLeaseStore store = JdbcLeaseStore.builder(ds).build();
            String ns = namespace("epoch");
            store.prepare(ns, 0, 1);
            LeaseKeyspace.epoch(ds, ns, 0, Long.MAX_VALUE);
            LeaseKeyspace.epoch(ds, ns, 1, Long.MAX_VALUE - 1);
            Grant g = store.acquire(claim(ns, 0, 1)).orElseThrow();
            assertEquals(1, g.partition());
            assertEquals(Long.MAX_VALUE, g.epoch());
            assertTrue(store.acquire(claim(ns, 0, 1)).isEmpty());
            assertEquals(List.of(UnreadableRows.message(ns, 0, "its epoch 9223372036854775807 is not from 0 to"
                    + " 9223372036854775806 (no acquisition can increment it)")), warnings());
            assertEquals(Long.MAX_VALUE, ((Number) LeaseRows.row(ds, ns, 0).get("epoch")).longValue());
        } finally {
            ds.close();
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void aNamespaceWithAnUnpairedSurrogateIsRefusedNamingIt(String db) throws Exception {
        LeaseDb ds = LeaseDb.open(db, 2);
        try {
            JdbcLeaseStore store = JdbcLeaseStore.builder(ds).build();
            String base = namespace("sur");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> store.prepare(base + "\uD800", 0, 0));
            assertEquals("The sno namespace \"" + base + "\\uD800\" cannot be kept in the lease table: its character "
                    + base.length() + " (U+D800) is half of a surrogate pair, which UTF-8 cannot encode (the drivers"
                    + " write it as \"?\", the rows of another namespace); choose a namespace of whole characters",
                    e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> store.acquire(claim(base + "\uDBFF", 0, 0)));
            store.prepare(base + "?", 0, 0);
            assertEquals(1, store.acquire(claim(base + "?", 0, 0)).orElseThrow().epoch());
        } finally {
            ds.close();
        }
    }

    private static void useAndRelease(JdbcLeaseStore store, String ns, int lo, int hi) throws Exception {
        List<Claim> claims = new ArrayList<>();
        List<Grant> grants = new ArrayList<>();
        for (int p = lo; p <= hi; p++) {
            Claim c = claim(ns, lo, hi);
            claims.add(c);
            grants.add(store.acquire(c).orElseThrow());
        }
        for (int i = 0; i < claims.size(); i++) {
            Claim c = claims.get(i);
            Grant g = grants.get(i);
            assertTrue(store.release(new PartitionLease(ns, g.partition(), g.epoch(), c.host(), c.pid()), c.token()));
        }
    }

    private List<String> warnings() {
        SimpleFormatter f = new SimpleFormatter();
        List<String> w = new ArrayList<>();
        for (LogRecord r : logs.records()) {
            if (r.getLevel().equals(Level.WARNING)) {
                w.add(f.formatMessage(r));
            }
        }
        logs.allow(Level.WARNING, "sno skips the row");
        return w;
    }
}
