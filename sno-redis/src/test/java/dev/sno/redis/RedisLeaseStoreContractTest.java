package dev.sno.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.lease.LeaseStore;
import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import dev.sno.lease.tck.LeaseStoreContract;
import io.lettuce.core.cluster.SlotHash;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rules every {@link LeaseStore} keeps ({@link LeaseStoreContract}) on a real Redis, and the
 * Redis specifics: expiry is the server's {@code TIME} plus the lease, in the record and the held
 * set; prepare fills the free set and leaves the held one; unused longest first, within the
 * range; one hash tag per namespace; a flushed script cache is refilled.
 */
class RedisLeaseStoreContractTest extends LeaseStoreContract {

    private static RedisLeaseStore store;

    @BeforeAll
    static void setUp() {
        store = RedisPartitionLeases.store(TestRedis.client()).build();
    }

    @Override
    protected LeaseStore store() {
        return store;
    }

    /**
     * The namespace's sets and record keys, written with the tests' own connection: a stray
     * member is added with score 0 (first in the free set; in the held set, a lease that expired
     * long ago), a stray record key as a hash that looks like a record; another tool's text goes
     * into the record's epoch, and a string replaces the hash.
     */
    @Override
    protected Keyspace keyspace() {
        return new Keyspace() {
            @Override
            public List<String> lists() {
                return List.of("free", "held", "records");
            }

            @Override
            public String name(String list, int partition) {
                return list.equals("records") ? Integer.toString(partition) : Scripts.member(partition);
            }

            @Override
            public boolean addStray(String namespace, String list, String name) {
                switch (list) {
                    case "free" -> TestRedis.redis().zadd(Scripts.free(namespace), 0, name);
                    case "held" -> TestRedis.redis().zadd(Scripts.held(namespace), 0, name);
                    default -> TestRedis.redis().hset(Scripts.recordPrefix(namespace) + name,
                            Map.of("epoch", "0", "updated", "0"));
                }
                return true;
            }

            @Override
            public void spoilRecord(String namespace, int partition, String text) {
                TestRedis.redis().hset(Scripts.record(namespace, partition), "epoch", text);
            }

            @Override
            public boolean wrongKindRecord(String namespace, int partition) {
                TestRedis.redis().del(Scripts.record(namespace, partition));
                TestRedis.redis().set(Scripts.record(namespace, partition), "written by another tool");
                return true;
            }
        };
    }

    @Override
    protected String namespace(String what) {
        return TestRedis.namespace(what);
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
    void prepareFillsTheFreeSetAndLeavesTheHeldOne() throws Exception {
        String ns = TestRedis.namespace("prepare");
        store.prepare(ns, 0, 9_999);
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
