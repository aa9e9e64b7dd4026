package dev.sno.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.GeneratorSnapshot;
import dev.sno.SnoGenerator;
import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import dev.sno.lease.PartitionLease;
import dev.sno.lease.PartitionLeases;
import dev.sno.testsupport.LogCapture;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 41, findings 0, 4 and 12 (Redis): what an operator, a careless script or another tool
 * leaves among a namespace's keys. Only a partition's own spelling counts, in the sets and in the
 * record keys; strays are passed over and left in place; a record that cannot be read (a key of
 * another type, an epoch that is no number sno writes, an epoch that cannot be incremented) is
 * passed over, never taken, and logged once per store; a namespace Redis keys cannot hold is
 * refused, naming it.
 */
class HostileKeyspaceTest {

    private static final RedisCommands<String, String> REDIS = TestRedis.redis();
    private static final Duration LONG = Duration.ofSeconds(60);

    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    private final RedisLeaseStore store = RedisPartitionLeases.store(TestRedis.client()).build();

    private static Claim claim(String ns, int lo, int hi) {
        return new Claim(ns, lo, hi, LONG, UUID.randomUUID().toString().replace("-", ""), "test-host", 1);
    }

    private static PartitionLease lease(Claim c, Grant g) {
        return new PartitionLease(c.namespace(), g.partition(), g.epoch(), c.host(), c.pid());
    }

    private Optional<Integer> partition(Claim c) throws Exception {
        return store.acquire(c).map(Grant::partition);
    }

    /** The reproduction: on main 632c964 the three acquisitions returned [1, 0, 0]. */
    @Test
    void strayMembersZeroZeroAndPlusOneInTheFreeSetNeverHandOutAHeldPartitionTwice() throws Exception {
        String ns = TestRedis.namespace("stray");
        store.prepare(ns, 0, 1);
        REDIS.zadd(Scripts.free(ns), 0, "00");
        REDIS.zadd(Scripts.free(ns), 0, "+1");
        List<Optional<Integer>> got = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            got.add(partition(claim(ns, 0, 1)));
        }
        assertEquals(List.of(Optional.of(0), Optional.of(1), Optional.empty()), got);
        assertEquals(List.of("+1", "00"), REDIS.zrange(Scripts.free(ns), 0, -1), "strays are left in place");
    }

    /** On main 632c964: ERR Error running script ... attempt to compare number with nil. */
    @Test
    void membersOfEveryOtherShapeInBothSetsNeitherCountNorFailAnAcquisition() throws Exception {
        String ns = TestRedis.namespace("shape");
        store.prepare(ns, 0, 1);
        Claim a = claim(ns, 0, 1);
        Grant ga = store.acquire(a).orElseThrow();
        List<String> strays = List.of("\u0661", "00001.lock", "00000.bak", "0x1", " 1", "1 ", "01", "000000", "-0",
                "-1", "+00001", "\uff11", "65536", "99999", "2147483647", "4294967297", "99999999999999999999",
                "1e3", "0", "1", "00001/history/00002", "");
        for (String s : strays) {
            REDIS.zadd(Scripts.free(ns), 0, s);
            REDIS.zadd(Scripts.held(ns), 0, s);
        }
        Grant gb = store.acquire(claim(ns, 0, 1)).orElseThrow();
        assertEquals(1 - ga.partition(), gb.partition());
        assertEquals(1, gb.epoch());
        assertTrue(store.acquire(claim(ns, 0, 1)).isEmpty());
        assertFalse(store.abandon(claim(ns, 0, 1)), "abandon passes strays over");
        assertTrue(store.release(lease(a, ga), a.token()));
        Grant again = store.acquire(claim(ns, 0, 1)).orElseThrow();
        assertEquals(ga.partition(), again.partition());
        assertEquals(2, again.epoch());
        for (String s : strays) {
            assertEquals(0.0, REDIS.zscore(Scripts.free(ns), s), s);
            assertEquals(0.0, REDIS.zscore(Scripts.held(ns), s), s);
        }
    }

    /** A canonical member in the free set whose record names a live holder: what no script writes. */
    @Test
    void aFreeMemberWhoseRecordNamesALiveHolderGoesBackToHeldNotToASecondHolder() throws Exception {
        String ns = TestRedis.namespace("live");
        store.prepare(ns, 0, 1);
        Grant first = store.acquire(claim(ns, 0, 0)).orElseThrow();
        REDIS.zadd(Scripts.free(ns), 0, Scripts.member(0));
        assertTrue(store.acquire(claim(ns, 0, 0)).isEmpty());
        assertNull(REDIS.zscore(Scripts.free(ns), Scripts.member(0)));
        assertEquals(REDIS.hget(Scripts.record(ns, 0), "expires"),
                String.format("%.0f", REDIS.zscore(Scripts.held(ns), Scripts.member(0))));
        assertEquals(1, first.epoch());
    }

    /**
     * The record cases: on main 632c964 a string at p:1 gave WRONGTYPE, and an epoch
     * written by another tool ERR hash value is not an integer, on acquisitions while partitions
     * 0 and 3 were free.
     */
    @Test
    void unreadableRecordsArePassedOverNeverTakenAndLoggedOncePerStore() throws Exception {
        String ns = TestRedis.namespace("poison");
        store.prepare(ns, 0, 3);
        useAndRelease(ns, 0, 3);
        REDIS.del(Scripts.record(ns, 1));
        REDIS.set(Scripts.record(ns, 1), "written by another tool");
        REDIS.hset(Scripts.record(ns, 2), "epoch", "written by another tool\u001b[2J\r\nINFO forged line");
        List<Integer> got = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Claim c = claim(ns, 0, 3);
            Optional<Grant> g = store.acquire(c);
            g.ifPresent(x -> got.add(x.partition()));
            g.ifPresent(x -> assertEquals(2, x.epoch()));
        }
        assertEquals(List.of(0, 3), got.stream().sorted().toList());
        assertEquals(List.of(
                UnreadableRecords.message(ns, Scripts.record(ns, 1), "it holds a string, not a hash", ""),
                UnreadableRecords.message(ns, Scripts.record(ns, 2), "its epoch is not a whole number from 0 to"
                        + " 9223372036854775806", "written by another tool\u001b[2J\r\nINFO forged line")),
                warnings());
        String forged = warnings().get(1);
        assertTrue(forged.contains("(\"written by another tool\\u001B[2J\\u000D\\u000AINFO forged line\")"), forged);
        assertTrue(forged.contains("sno skips the Redis lease record {sno:" + ns + "}:p:2 of namespace \"" + ns
                + "\" and never takes its partition while it stays so: its epoch is not a whole number"), forged);
        assertTrue(forged.endsWith("Another program wrote it. Restore the record, or delete the key: sno then"
                + " creates it again as a partition nobody used, which drops the state saved in it, so that the"
                + " next holder, if its clock is behind, may repeat IDs made recently. So delete it only once the last"
                + " holder has been gone for a lease duration plus the largest clock skew, or use another namespace."),
                forged);
        for (String w : warnings()) {
            assertTrue(w.chars().noneMatch(Character::isISOControl) && w.length() < 1000, w);
        }
        assertEquals("written by another tool", REDIS.get(Scripts.record(ns, 1)), "the record is left as it is");
    }

    /** On main 632c964 a new instance's build() refused the namespace (the record's key type). */
    @Test
    void aNewInstanceBuildsOnANamespaceWithARecordOfAnotherTypeAndPassesItOver() throws Exception {
        String ns = TestRedis.namespace("build");
        store.prepare(ns, 0, 1);
        REDIS.del(Scripts.record(ns, 0));
        REDIS.rpush(Scripts.record(ns, 0), "x");
        PartitionLeases leases = RedisPartitionLeases.builder(TestRedis.client()).namespace(ns).partitions(0, 1)
                .build();
        try (SnoGenerator g = leases.acquire()) {
            assertEquals(1, g.partition());
        }
        assertEquals(List.of(UnreadableRecords.message(ns, Scripts.record(ns, 0), "it holds a list, not a hash",
                "")), warnings());
        REDIS.del(Scripts.record(ns, 0));
        Grant healed = store.acquire(claim(ns, 0, 0)).orElseThrow();
        assertEquals(0, healed.partition(), "once the key is deleted, the partition is free again");
        assertEquals(1, healed.epoch());
    }

    /**
     * Issue 41, finding 12: on main 632c964 such a record failed every acquisition of the range
     * (ERR increment or decrement would overflow).
     */
    @Test
    void anEpochThatCannotBeIncrementedIsUnreadableAndTheOneBeforeItIsTheLast() throws Exception {
        String ns = TestRedis.namespace("epoch");
        store.prepare(ns, 0, 1);
        REDIS.hset(Scripts.record(ns, 0), "epoch", Long.toString(Long.MAX_VALUE));
        REDIS.hset(Scripts.record(ns, 1), "epoch", Long.toString(Long.MAX_VALUE - 1));
        Grant g = store.acquire(claim(ns, 0, 1)).orElseThrow();
        assertEquals(1, g.partition());
        assertEquals(Long.MAX_VALUE, g.epoch());
        assertTrue(store.acquire(claim(ns, 0, 1)).isEmpty());
        assertEquals(List.of(UnreadableRecords.message(ns, Scripts.record(ns, 0), "its epoch is not a whole number"
                + " from 0 to 9223372036854775806", "9223372036854775807")), warnings());
        assertEquals(Long.toString(Long.MAX_VALUE), REDIS.hget(Scripts.record(ns, 0), "epoch"));
    }

    @Test
    void aGeneratorStateOutOfRangeOrInPartsIsUnreadable() throws Exception {
        String ns = TestRedis.namespace("state");
        store.prepare(ns, 0, 2);
        REDIS.hset(Scripts.record(ns, 0), Map.of("seqMin", "0", "seqMax", "65536", "seq", "0", "now", "1",
                "wallHi", "1", "wallSafe", "1", "drifts", "0"));
        REDIS.hset(Scripts.record(ns, 1), Map.of("seqMin", "0", "wallHi", "1"));
        Grant g = store.acquire(claim(ns, 0, 2)).orElseThrow();
        assertEquals(2, g.partition());
        assertTrue(store.acquire(claim(ns, 0, 2)).isEmpty());
        assertEquals(List.of(
                UnreadableRecords.message(ns, Scripts.record(ns, 0), "its seqMax is not a whole number from 0 to 65535",
                        "65536"),
                UnreadableRecords.message(ns, Scripts.record(ns, 1), "it holds 2 of the 7 fields of a generator state",
                        "")), warnings());
    }

    @Test
    void aHolderWhoseRecordWasReplacedByAnotherTypeHasLostItsLeaseWithoutAnError() throws Exception {
        String ns = TestRedis.namespace("lost");
        store.prepare(ns, 0, 0);
        Claim c = claim(ns, 0, 0);
        Grant g = store.acquire(c).orElseThrow();
        REDIS.del(Scripts.record(ns, 0));
        REDIS.set(Scripts.record(ns, 0), "x");
        GeneratorSnapshot state = new GeneratorSnapshot(0, 0, 65535, 0, 1, 1, 1, 0);
        assertFalse(store.renew(lease(c, g), c.token(), LONG, state));
        assertFalse(store.release(lease(c, g), c.token()));
        assertFalse(store.abandon(c));
    }

    /** Issue 41, finding 4: "\uD800", "\uDBFF" and "?" were one namespace (Lettuce writes "?"). */
    @Test
    void aNamespaceWithAnUnpairedSurrogateIsRefusedNamingItAndQuestionMarkIsItsOwn() throws Exception {
        String base = TestRedis.namespace("sur");
        for (String ns : List.of(base + "\uD800", base + "\uDBFF", "\uDC00" + base)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> store.prepare(ns, 0, 0));
            int at = ns.startsWith("\uDC00") ? 0 : base.length();
            assertEquals("The sno namespace \"" + ns.replace("\uD800", "\\uD800").replace("\uDBFF", "\\uDBFF")
                    .replace("\uDC00", "\\uDC00") + "\" cannot be kept in Redis: its character " + at
                    + String.format(" (U+%04X)", (int) ns.charAt(at)) + " is half of a surrogate pair, which UTF-8"
                    + " cannot encode (Lettuce writes it as \"?\", the keys of another namespace); choose a namespace"
                    + " of whole characters", e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> store.acquire(claim(ns, 0, 0)));
        }
        for (String ns : List.of(base + "?", base + "%3F", base + "\uD83D\uDE00", base + "}:x", base + "e\u0301",
                base + "\u00e9")) {
            store.prepare(ns, 0, 0);
            Grant g = store.acquire(claim(ns, 0, 0)).orElseThrow();
            assertEquals(1, g.epoch(), ns);
        }
    }

    private void useAndRelease(String ns, int lo, int hi) throws Exception {
        List<Claim> claims = new ArrayList<>();
        List<Grant> grants = new ArrayList<>();
        for (int p = lo; p <= hi; p++) {
            Claim c = claim(ns, lo, hi);
            claims.add(c);
            grants.add(store.acquire(c).orElseThrow());
        }
        for (int i = 0; i < claims.size(); i++) {
            assertTrue(store.release(lease(claims.get(i), grants.get(i)), claims.get(i).token()));
        }
    }

    private List<String> warnings() {
        SimpleFormatter f = new SimpleFormatter();
        List<String> w = new ArrayList<>();
        for (LogRecord r : logs.records()) {
            if (r.getLevel().equals(Level.WARNING) && r.getLoggerName().startsWith("dev.sno")) {
                w.add(f.formatMessage(r));
            }
        }
        logs.allow(Level.WARNING, "sno skips the Redis lease record");
        return w;
    }
}
