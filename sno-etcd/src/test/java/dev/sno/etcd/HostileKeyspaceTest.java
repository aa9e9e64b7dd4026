package dev.sno.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import dev.sno.lease.PartitionLease;
import dev.sno.testsupport.LogCapture;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.options.GetOption;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What an operator, a careless script or another tool can leave in the store's keyspace, on a
 * real etcd, through the store as {@code PartitionLeases} calls it: stray keys of another shape in
 * the ranges the store reads (a lock file, a backup copy, a nested key), a record that cannot be
 * read (another tool's text, an epoch that cannot be incremented, a megabyte of garbage with
 * terminal escapes and a forged log line), a record deleted under its live holder, and namespaces
 * that Java's UTF-8 encoder would map to one prefix. Only the keys sno writes count; a stray key
 * is never deleted; a bad record is skipped and reported once, and the rest of the range stays
 * available.
 */
class HostileKeyspaceTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    /** A store per test: each reports a bad record once. Calls wait long on a loaded machine. */
    private final EtcdLeaseStore store = EtcdPartitionLeases.store(TestEtcd.client())
            .commandTimeout(Duration.ofSeconds(10)).build();

    private static Claim claim(String ns, int lo, int hi) {
        return new Claim(ns, lo, hi, LONG, UUID.randomUUID().toString().replace("-", ""), "hostile-host", 4242);
    }

    private static void put(String key, String value) throws Exception {
        TestEtcd.client().getKVClient().put(bytes(key), bytes(value)).get(10, TimeUnit.SECONDS);
    }

    private static ByteSequence bytes(String s) {
        return ByteSequence.from(s, StandardCharsets.UTF_8);
    }

    /** Every key of the namespace, in order. */
    private static List<String> keys(String ns) throws Exception {
        List<String> keys = new ArrayList<>();
        for (KeyValue kv : TestEtcd.client().getKVClient().get(bytes(Keys.prefix(ns)),
                GetOption.builder().isPrefix(true).withKeysOnly(true).build()).get(10, TimeUnit.SECONDS).getKvs()) {
            keys.add(TestEtcd.text(kv.getKey()));
        }
        return keys;
    }

    /** Acquires every partition of 0..hi, then releases them in order: 0 is unused longest. */
    private void useAndRelease(String ns, int hi) throws Exception {
        store.prepare(ns, 0, hi);
        for (int p = 0; p <= hi; p++) {
            Claim c = claim(ns, 0, hi);
            Grant g = store.acquire(c).orElseThrow();
            assertEquals(p, g.partition());
            assertTrue(store.release(new PartitionLease(ns, p, g.epoch(), c.host(), c.pid()), c.token()));
        }
    }

    /** The partitions and epochs of acquisitions of 0..hi until one gets nothing, and one more. */
    private List<String> acquireAll(String ns, int hi) throws Exception {
        List<String> got = new ArrayList<>();
        for (Optional<Grant> g = store.acquire(claim(ns, 0, hi)); g.isPresent(); g = store.acquire(claim(ns, 0, hi))) {
            got.add(g.get().partition() + "@" + g.get().epoch());
            assertTrue(got.size() <= hi + 1, "granted more partitions than the range has: " + got);
        }
        assertEquals(Optional.empty(), store.acquire(claim(ns, 0, hi)));
        return got;
    }

    private List<LogRecord> warnings() {
        return logs.records().stream().filter(r -> r.getLevel() == Level.WARNING).toList();
    }

    private static String skipped(String ns, int p, String why, String value) {
        return "sno: the etcd lease store skips partition " + p + " of sno namespace \"" + ns + "\": its record key sno/"
                + ns + "/record/0000" + p + " holds no sno lease record it can take (" + why + "; value \"" + value
                + "\"). The other partitions are still handed out. Another program wrote the key, or restored an old"
                + " one: put back the record sno wrote there, or delete the key, and sno creates it again without the"
                + " partition's saved state: its next holder, if its clock is behind, may repeat IDs made recently. So"
                + " delete it only once the last holder has been gone for a lease duration plus the largest clock skew,"
                + " or use another namespace. Reported once per store";
    }

    @Test
    void anUnreadableRecordIsSkippedAndReportedOnceAndTheOthersStayAvailable() throws Exception {
        String ns = TestEtcd.namespace("poison");
        useAndRelease(ns, 2);
        put("sno/" + ns + "/record/00001", "written by another tool");
        assertEquals(List.of("0@2", "2@2"), acquireAll(ns, 2));
        assertEquals(List.of(), acquireAll(ns, 2));
        logs.expect(Level.WARNING, "skips partition 1");
        assertEquals(List.of(skipped(ns, 1, "it has no epoch= where that field belongs", "written by another tool")),
                warnings().stream().map(LogRecord::getMessage).toList(), "one warning, once");
        assertEquals("dev.sno.etcd", warnings().get(0).getLoggerName());
    }

    @Test
    void anEpochThatCannotBeIncrementedIsUnreadableNeverWrapped() throws Exception {
        String ns = TestEtcd.namespace("epoch");
        useAndRelease(ns, 2);
        String max = "epoch=9223372036854775807 pid=1 token=- state=- host=h";
        put("sno/" + ns + "/record/00001", max);
        assertEquals(List.of("0@2", "2@2"), acquireAll(ns, 2), "partition 1 never, at no epoch");
        logs.expect(Level.WARNING, "skips partition 1");
        assertEquals(List.of(skipped(ns, 1, "its epoch is 9223372036854775807, which cannot be incremented", max)),
                warnings().stream().map(LogRecord::getMessage).toList());
    }

    @Test
    void aMegabyteOfGarbageWithEscapesIsQuotedEscapedAndBounded() throws Exception {
        String ns = TestEtcd.namespace("garbage");
        useAndRelease(ns, 1);
        String garbage = "epoch=\u001b[2J\r\nINFO: sno: forged line " + "a".repeat(1_000_000) + "\u202e";
        put("sno/" + ns + "/record/00000", garbage);
        assertEquals(List.of("1@2"), acquireAll(ns, 1));
        logs.expect(Level.WARNING, "skips partition 0");
        String message = warnings().get(0).getMessage();
        assertEquals(1, warnings().size());
        assertEquals(skipped(ns, 0, "its epoch is not a number of 1 to 19 digits",
                "epoch=\\u001B[2J\\u000D\\u000AINFO: sno: forged line " + "a".repeat(50) + "..."), message);
        assertTrue(message.length() <= 1_000, message.length() + " characters");
        assertTrue(message.chars().noneMatch(c -> c < 0x20 || c == 0x7f), message);
    }

    @Test
    void strayKeysOfAnotherShapeAreNeitherPartitionsNorDeleted() throws Exception {
        String ns = TestEtcd.namespace("shapes");
        store.prepare(ns, 0, 1);
        List<String> strays = List.of("sno/" + ns + "/holder/00001.lock", "sno/" + ns + "/record/00000.bak",
                "sno/" + ns + "/record/000001", "sno/" + ns + "/record/00001 ", "sno/" + ns + "/holder/00000/x");
        for (String k : strays) {
            put(k, "x");
        }
        Claim a = claim(ns, 0, 1);
        Grant ga = store.acquire(a).orElseThrow();
        Grant gb = store.acquire(claim(ns, 0, 1)).orElseThrow();
        assertEquals(List.of("0@1", "1@1"), List.of(ga.partition() + "@" + ga.epoch(), gb.partition() + "@" + gb.epoch()));
        assertEquals(Optional.empty(), store.acquire(claim(ns, 0, 1)));
        assertTrue(store.release(new PartitionLease(ns, 0, 1, a.host(), a.pid()), a.token()));
        assertEquals(List.of("0@2"), acquireAll(ns, 1));
        assertTrue(keys(ns).containsAll(strays), "strays left in place: " + keys(ns));
        assertEquals(List.of(), warnings());
    }

    @Test
    void aNestedKeyUnderARecordDoesNotHideANeverUsedPartition() throws Exception {
        String ns = TestEtcd.namespace("nx");
        store.prepare(ns, 0, 1);
        assertEquals(0, store.acquire(claim(ns, 0, 1)).orElseThrow().partition());
        put("sno/" + ns + "/record/00000/history/00001", "epoch=1 pid=1 token=- state=- host=h");
        Grant g = store.acquire(claim(ns, 0, 1)).orElseThrow();
        assertEquals(List.of(1, 1L), List.of(g.partition(), g.epoch()));
        assertEquals(Optional.empty(), store.acquire(claim(ns, 0, 1)));
        assertTrue(keys(ns).contains("sno/" + ns + "/record/00000/history/00001"));
    }

    @Test
    void aRecordDeletedUnderItsLiveHolderNeitherGrantsTheHeldPartitionNorBlocksTheOthers() throws Exception {
        String ns = TestEtcd.namespace("deleted");
        store.prepare(ns, 0, 1);
        assertEquals(0, store.acquire(claim(ns, 0, 1)).orElseThrow().partition());
        TestEtcd.client().getKVClient().delete(Keys.record(ns, 0)).get(10, TimeUnit.SECONDS);
        Grant g = store.acquire(claim(ns, 0, 1)).orElseThrow();
        assertEquals(List.of(1, 1L), List.of(g.partition(), g.epoch()));
        assertEquals(Optional.empty(), store.acquire(claim(ns, 0, 1)), "0 is still held");
    }

    @Test
    void namespacesThatUtf8WouldMapToOnePrefixAreRefusedNamingThem() throws Exception {
        String base = TestEtcd.namespace("q"); // 10 characters
        String[][] cases = {{base + "\uD800", base + "\\uD800", "\\uD800 at index 10"},
            {base + "\uDBFF", base + "\\uDBFF", "\\uDBFF at index 10"},
            {"\uDC00" + base, "\\uDC00" + base, "\\uDC00 at index 0"}};
        for (String[] c : cases) {
            String message = "The etcd lease store cannot keep sno namespace \"" + c[1] + "\": it has an unpaired"
                    + " surrogate (" + c[2] + "), which no UTF-8 etcd key can hold; choose a namespace of whole"
                    + " characters";
            assertEquals(message, assertThrows(IllegalArgumentException.class, () -> store.prepare(c[0], 0, 0))
                    .getMessage());
            assertEquals(message, assertThrows(IllegalArgumentException.class,
                    () -> store.acquire(claim(c[0], 0, 0))).getMessage());
        }
        for (String ns : List.of(base + "?", base + "\uD83D\uDE00", base + "%3F")) {
            store.prepare(ns, 0, 0);
            Grant g = store.acquire(claim(ns, 0, 0)).orElseThrow();
            assertEquals(List.of(0, 1L), List.of(g.partition(), g.epoch()), ns);
        }
    }

    @Test
    void anErrorQuotesTheNamespaceEscaped() throws Exception {
        try (Client unreachable = Client.builder().endpoints("http://127.0.0.1:1").build()) {
            EtcdLeaseStore cut = EtcdPartitionLeases.store(unreachable).commandTimeout(Duration.ofMillis(50)).build();
            String ns = "orders\u202e\u001b[2J";
            IOException e = assertThrows(IOException.class, () -> cut.acquire(claim(ns, 0, 9)));
            assertEquals("etcd did not answer the count of the records 0..9 of sno namespace \"orders\\u202E\\u001B[2J\""
                    + " within PT0.05S", e.getMessage());
        }
    }
}
