package dev.sno.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import dev.sno.lease.PartitionLease;
import io.lettuce.core.cluster.SlotHash;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rules every {@link LeaseStore} must keep (its Javadoc), checked against a real Redis through
 * the SPI: one holder, fencing by token and epoch, expiry by the server's clock, state in the
 * lease, an idempotent prepare; and the Redis specifics: unused longest first, the range, one
 * hash tag per namespace.
 */
class RedisLeaseStoreContractTest {

    private static final Duration LONG = Duration.ofSeconds(30);
    private static ExecutorService pool;
    private static RedisLeaseStore store;

    @BeforeAll
    static void setUp() {
        store = RedisPartitionLeases.store(TestRedis.client()).build();
        pool = Executors.newFixedThreadPool(9);
    }

    @AfterAll
    static void tearDown() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    private static Claim claim(String ns, int lo, int hi, Duration lease) {
        return new Claim(ns, lo, hi, lease, UUID.randomUUID().toString().replace("-", ""), "test-host", 4242);
    }

    private static PartitionLease lease(Claim c, Grant g) {
        return new PartitionLease(c.namespace(), g.partition(), g.epoch(), c.host(), c.pid());
    }

    @Test
    void nineConcurrentAcquirersForEightPartitionsGetEightDifferentOnes() throws Exception {
        int trials = 50;
        for (int trial = 0; trial < trials; trial++) {
            String ns = TestRedis.namespace("nine");
            store.prepare(ns, 0, 7);
            CyclicBarrier start = new CyclicBarrier(9);
            List<Future<Optional<Grant>>> results = new ArrayList<>();
            for (int i = 0; i < 9; i++) {
                results.add(pool.submit(() -> {
                    start.await();
                    return store.acquire(claim(ns, 0, 7, LONG));
                }));
            }
            Set<Integer> partitions = new HashSet<>();
            int empty = 0;
            for (Future<Optional<Grant>> f : results) {
                Optional<Grant> g = f.get();
                if (g.isEmpty()) {
                    empty++;
                } else {
                    assertEquals(1, g.get().epoch(), "first acquisition of a partition");
                    assertTrue(partitions.add(g.get().partition()), "partition granted twice: " + g.get());
                }
            }
            assertEquals(8, partitions.size(), "trial " + trial);
            assertEquals(1, empty, "trial " + trial);
        }
    }

    @Test
    void aTakenOverHolderCanNeitherRenewNorReleaseAndTheNewHolderCan() throws Exception {
        String ns = TestRedis.namespace("fence");
        store.prepare(ns, 3, 3);
        Claim a = claim(ns, 3, 3, Duration.ofMillis(300));
        Grant ga = store.acquire(a).orElseThrow();
        assertTrue(store.acquire(claim(ns, 3, 3, LONG)).isEmpty(), "held until it expires in server time");
        Claim b = claim(ns, 3, 3, LONG);
        Grant[] gb = new Grant[1];
        TestRedis.await("the first lease to expire on the server's clock", 5_000, () -> {
            try {
                gb[0] = store.acquire(b).orElse(null);
                return gb[0] != null;
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
        assertEquals(3, gb[0].partition());
        assertEquals(2, gb[0].epoch());
        GeneratorSnapshot s = new GeneratorSnapshot(3, 0, 65535, 1, 100, 100, 0, 0);
        assertFalse(store.renew(lease(a, ga), a.token(), LONG, s), "the zombie's renewal is fenced");
        assertFalse(store.release(lease(a, ga), a.token()), "the zombie's release is fenced");
        // Its token with the new epoch, or the new token with its epoch, are fenced too.
        assertFalse(store.renew(new PartitionLease(ns, 3, 2, "x", 1), a.token(), LONG, s));
        assertFalse(store.renew(new PartitionLease(ns, 3, 1, "x", 1), b.token(), LONG, s));
        Map<String, String> record = TestRedis.redis().hgetall(Scripts.record(ns, 3));
        assertEquals(b.token(), record.get("token"));
        assertEquals("2", record.get("epoch"));
        assertNull(record.get("wallHi"), "no write of the zombie got through");
        assertTrue(store.renew(lease(b, gb[0]), b.token(), LONG, s));
        assertTrue(store.release(lease(b, gb[0]), b.token()));
        assertFalse(store.release(lease(b, gb[0]), b.token()), "a release is final");
    }

    @Test
    void anExpiredLeaseThatNobodyTookCanStillBeRenewed() throws Exception {
        String ns = TestRedis.namespace("heal");
        store.prepare(ns, 0, 0);
        Claim a = claim(ns, 0, 0, Duration.ofMillis(100));
        Grant g = store.acquire(a).orElseThrow();
        long expires = Long.parseLong(TestRedis.redis().hget(Scripts.record(ns, 0), "expires"));
        TestRedis.await("the lease to expire on the server's clock", 5_000, () -> TestRedis.serverMillis() > expires);
        assertTrue(store.renew(lease(a, g), a.token(), LONG, new GeneratorSnapshot(0, 0, 65535, 0, 1, 1, 0, 0)));
        assertTrue(store.acquire(claim(ns, 0, 0, LONG)).isEmpty(), "renewed: held again for 30 s");
    }

    @Test
    void expiryIsComputedAndJudgedOnTheServersClock() throws Exception {
        String ns = TestRedis.namespace("clock");
        store.prepare(ns, 0, 0);
        long before = TestRedis.serverMillis();
        store.acquire(claim(ns, 0, 0, Duration.ofSeconds(20))).orElseThrow();
        long after = TestRedis.serverMillis();
        long expires = Long.parseLong(TestRedis.redis().hget(Scripts.record(ns, 0), "expires"));
        assertTrue(expires >= before + 20_000 && expires <= after + 20_000,
                "expires " + expires + " is the server's time + 20 s: " + before + ".." + after);
        assertEquals((double) expires, TestRedis.redis().zscore(Scripts.held(ns), Scripts.member(0)));
        assertTrue(store.acquire(claim(ns, 0, 0, LONG)).isEmpty());
    }

    @Test
    void theStateARenewalStoresIsWhatTheNextAcquisitionReturns() throws Exception {
        String ns = TestRedis.namespace("state");
        store.prepare(ns, 7, 7);
        Claim a = claim(ns, 7, 7, LONG);
        Grant g = store.acquire(a).orElseThrow();
        assertNull(g.state(), "a new record has no state");
        GeneratorSnapshot s = new GeneratorSnapshot(7, 12, 60000, 0xFFFF_FFFFL, (1L << 39) - 3, (1L << 39) - 1,
                (1L << 39) - 2, 0xFFFF_FFFEL);
        assertTrue(store.renew(lease(a, g), a.token(), LONG, s));
        assertTrue(store.release(lease(a, g), a.token()));
        Grant next = store.acquire(claim(ns, 7, 7, LONG)).orElseThrow();
        assertEquals(s, next.state());
        assertEquals(2, next.epoch());
    }

    @Test
    void prepareIsIdempotentAlsoWhenRunConcurrentlyAndFreesNothing() throws Exception {
        String ns = TestRedis.namespace("prepare");
        List<Future<Object>> runs = new ArrayList<>();
        CyclicBarrier start = new CyclicBarrier(4);
        for (int i = 0; i < 4; i++) {
            runs.add(pool.submit(() -> {
                start.await();
                store.prepare(ns, 0, 9_999);
                return null;
            }));
        }
        for (Future<Object> f : runs) {
            f.get();
        }
        assertEquals(10_000L, TestRedis.redis().zcard(Scripts.free(ns)));
        assertEquals("0", TestRedis.redis().hget(Scripts.record(ns, 9_999), "epoch"));
        Grant g = store.acquire(claim(ns, 0, 9_999, LONG)).orElseThrow();
        store.prepare(ns, 0, 9_999);
        assertEquals(9_999L, TestRedis.redis().zcard(Scripts.free(ns)), "the held partition stays held");
        assertEquals(1L, TestRedis.redis().zcard(Scripts.held(ns)));
        assertEquals("1", TestRedis.redis().hget(Scripts.record(ns, g.partition()), "epoch"));
    }

    @Test
    void theFreePartitionUnusedLongestComesFirstWithinTheRange() throws Exception {
        String ns = TestRedis.namespace("order");
        store.prepare(ns, 0, 9);
        List<Claim> claims = new ArrayList<>();
        List<Grant> grants = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Claim c = claim(ns, 0, 2, LONG);
            Grant g = store.acquire(c).orElseThrow();
            assertEquals(i, g.partition(), "never-used partitions in order");
            claims.add(c);
            grants.add(g);
        }
        assertTrue(store.acquire(claim(ns, 0, 2, LONG)).isEmpty(), "partitions 3..9 are outside the range");
        assertTrue(store.release(lease(claims.get(1), grants.get(1)), claims.get(1).token()));
        long released = TestRedis.serverMillis();
        TestRedis.await("the server's clock to tick", 1_000, () -> TestRedis.serverMillis() > released);
        assertTrue(store.release(lease(claims.get(0), grants.get(0)), claims.get(0).token()));
        assertEquals(1, store.acquire(claim(ns, 0, 2, LONG)).orElseThrow().partition(), "released first, used longest ago");
        assertEquals(0, store.acquire(claim(ns, 0, 2, LONG)).orElseThrow().partition());
        assertEquals(3, store.acquire(claim(ns, 3, 9, LONG)).orElseThrow().partition());
    }

    @Test
    void allKeysOfANamespaceShareOneClusterSlot() throws Exception {
        String ns = TestRedis.namespace("slot");
        store.prepare(ns, 0, 99);
        Claim c = claim(ns, 0, 99, LONG);
        store.acquire(c).orElseThrow();
        List<String> keys = TestRedis.redis().keys("{sno:" + ns + "}*");
        assertEquals(102, keys.size(), "100 records, the free and the held set: " + keys.size());
        Set<Integer> slots = new HashSet<>();
        keys.forEach(k -> slots.add(SlotHash.getSlot(k)));
        assertEquals(1, slots.size(), "slots " + slots);
        assertEquals(SlotHash.getSlot("sno:" + ns), slots.iterator().next());
        assertEquals(-1L, TestRedis.redis().pttl(Scripts.record(ns, 0)), "records never expire");
    }

    @Test
    void aScriptFlushedFromTheServerIsLoadedAgain() throws Exception {
        String ns = TestRedis.namespace("flush");
        store.prepare(ns, 0, 1);
        TestRedis.redis().scriptFlush();
        assertTrue(store.acquire(claim(ns, 0, 1, LONG)).isPresent());
    }
}
