package dev.sno.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import dev.sno.lease.tck.LeaseStoreContract;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.LeaseOption;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rules every {@link LeaseStore} keeps ({@link LeaseStoreContract}) on a real etcd 3.4, and
 * the etcd specifics: the holder key is attached to an etcd lease whose TTL is the lease duration
 * rounded up to seconds, and which the server expires; records are never attached to a lease;
 * unused longest first, within the range; a changed lease duration moves the holder to a new etcd
 * lease; a write that reaches etcd after a newer renewal cannot overwrite it; namespaces with
 * {@code /} in them stay apart. {@link HostileKeyspaceTest} has what other programs leave in the
 * store's keys.
 *
 * <p>An expired etcd lease is gone with its holder key: a holder whose lease expired cannot renew
 * it even when nobody took the partition ({@link #expiredLeasesHeal()} is false).
 */
class EtcdLeaseStoreContractTest extends LeaseStoreContract {

    private static EtcdLeaseStore store;

    /** Each test that needs etcd is skipped by itself where there is none (TestEtcd). */
    @BeforeEach
    void setUp() {
        synchronized (EtcdLeaseStoreContractTest.class) {
            if (store == null) {
                store = EtcdPartitionLeases.store(TestEtcd.client()).build();
            }
        }
    }

    @Override
    protected LeaseStore store() {
        return store;
    }

    @Override
    protected String namespace(String what) {
        return TestEtcd.namespace(what);
    }

    @Override
    protected boolean expiredLeasesHeal() {
        return false;
    }

    /**
     * The store's keys written with the test's own client: the record and holder keys' parents
     * are the lists, a stray is a key there with a value that looks like sno's, a spoilt record is
     * a record key with another tool's text. etcd keeps one kind of value only.
     */
    @Override
    protected Keyspace keyspace() {
        return new Keyspace() {
            @Override
            public List<String> lists() {
                return List.of("record", "holder");
            }

            @Override
            public String name(String list, int partition) {
                return String.format("%05d", partition);
            }

            @Override
            public boolean addStray(String namespace, String list, String name) throws Exception {
                String value = list.equals("record") ? "epoch=1 pid=1 token=- state=- host=stray" : "epoch=1 token=stray";
                put(Keys.prefix(namespace) + list + "/" + name, value);
                return true;
            }

            @Override
            public void spoilRecord(String namespace, int partition, String text) throws Exception {
                put(Keys.prefix(namespace) + "record/" + name("record", partition), text);
            }

            @Override
            public boolean wrongKindRecord(String namespace, int partition) {
                return false;
            }
        };
    }

    private static void put(String key, String value) throws Exception {
        TestEtcd.client().getKVClient().put(ByteSequence.from(key, StandardCharsets.UTF_8),
                ByteSequence.from(value, StandardCharsets.UTF_8)).get(10, TimeUnit.SECONDS);
    }

    private static KeyValue get(ByteSequence key) throws Exception {
        List<KeyValue> kvs = TestEtcd.client().getKVClient().get(key).get(10, TimeUnit.SECONDS).getKvs();
        return kvs.isEmpty() ? null : kvs.get(0);
    }

    private static long ttl(long leaseId) throws Exception {
        return TestEtcd.client().getLeaseClient().timeToLive(leaseId, LeaseOption.DEFAULT).get(10, TimeUnit.SECONDS)
                .getGrantedTTL();
    }

    @Test
    void theHolderKeyLivesOnAnEtcdLeaseOfTheDurationRoundedUpAndTheRecordOnNone() throws Exception {
        String ns = TestEtcd.namespace("ttl");
        store.prepare(ns, 0, 0);
        Claim c = claim(ns, 0, 0, Duration.ofMillis(2_300));
        Grant g = store.acquire(c).orElseThrow();
        KeyValue holder = get(Keys.holder(ns, 0));
        assertEquals("epoch=1 token=" + c.token(), TestEtcd.text(holder.getValue()));
        assertNotEquals(0, holder.getLease());
        assertEquals(3, ttl(holder.getLease()), "2.3 s rounded up");
        assertEquals(0, get(Keys.record(ns, 0)).getLease(), "the record outlives every lease");
        assertTrue(store.renew(lease(c, g), c.token(), Duration.ofMillis(2_300), snapshot(0)));
        assertEquals(holder.getLease(), get(Keys.holder(ns, 0)).getLease(), "kept alive, not replaced");

        // Another duration: the holder key moves to a new etcd lease of that TTL, the old one is revoked.
        assertTrue(store.renew(lease(c, g), c.token(), Duration.ofSeconds(7), snapshot(0)));
        KeyValue moved = get(Keys.holder(ns, 0));
        assertNotEquals(holder.getLease(), moved.getLease());
        assertEquals(7, ttl(moved.getLease()));
        assertEquals(-1, TestEtcd.client().getLeaseClient().timeToLive(holder.getLease(), LeaseOption.DEFAULT)
                .get(10, TimeUnit.SECONDS).getTTL(), "the old etcd lease is revoked");
        assertEquals(holder.getValue(), moved.getValue());
    }

    @Test
    void aRenewalThatReachesEtcdAfterANewerOneCannotOverwriteIt() throws Exception {
        String ns = TestEtcd.namespace("late");
        store.prepare(ns, 4, 4);
        Claim c = claim(ns, 4, 4, LONG);
        Grant g = store.acquire(c).orElseThrow();
        // A second store knows nothing of the first's renewals: its first write compares the record
        // revision it last saw (none), fails, and writes on top of the current one; every write after
        // one of the other store must do the same, never overwrite blindly.
        EtcdLeaseStore other = EtcdPartitionLeases.store(TestEtcd.client()).build();
        assertTrue(store.renew(lease(c, g), c.token(), LONG, snapshot(10)));
        assertTrue(other.renew(lease(c, g), c.token(), LONG, snapshot(20)));
        long rev = get(Keys.record(ns, 4)).getModRevision();
        assertTrue(store.renew(lease(c, g), c.token(), LONG, snapshot(30)));
        assertTrue(get(Keys.record(ns, 4)).getModRevision() > rev);
        assertTrue(TestEtcd.text(get(Keys.record(ns, 4)).getValue()).contains(",30,30,30,0 "),
                TestEtcd.text(get(Keys.record(ns, 4)).getValue()));
    }

    @Test
    void theFreePartitionUnusedLongestComesFirstWithinTheRange() throws Exception {
        String ns = TestEtcd.namespace("order");
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
        assertTrue(store.renew(lease(claims.get(1), grants.get(1)), claims.get(1).token(), LONG, snapshot(1)));
        assertTrue(store.renew(lease(claims.get(0), grants.get(0)), claims.get(0).token(), LONG, snapshot(0)));
        assertTrue(store.release(lease(claims.get(0), grants.get(0)), claims.get(0).token()));
        assertTrue(store.release(lease(claims.get(1), grants.get(1)), claims.get(1).token()));
        assertEquals(1, store.acquire(claim(ns, 0, 2, LONG)).orElseThrow().partition(), "written first, unused longest");
        assertEquals(0, store.acquire(claim(ns, 0, 2, LONG)).orElseThrow().partition());
        assertEquals(3, store.acquire(claim(ns, 3, 9, LONG)).orElseThrow().partition());
    }

    @Test
    void aFullRangeIsFoundHeldAndItsOneFreePartitionFoundBehindManyHeldOnes() throws Exception {
        String ns = TestEtcd.namespace("pages");
        store.prepare(ns, 0, 499);
        List<Claim> claims = new ArrayList<>();
        List<Grant> grants = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            Claim c = claim(ns, 0, 499, LONG);
            grants.add(store.acquire(c).orElseThrow());
            claims.add(c);
        }
        assertTrue(store.acquire(claim(ns, 0, 499, LONG)).isEmpty());
        // The most recently written record is the only free one: behind 499 older, held ones.
        assertTrue(store.renew(lease(claims.get(0), grants.get(0)), claims.get(0).token(), LONG, snapshot(0)));
        assertTrue(store.release(lease(claims.get(0), grants.get(0)), claims.get(0).token()));
        assertFalse(store.renew(lease(claims.get(0), grants.get(0)), claims.get(0).token(), LONG, snapshot(0)));
        Grant last = store.acquire(claim(ns, 0, 499, LONG)).orElseThrow();
        assertEquals(grants.get(0).partition(), last.partition());
        assertEquals(2, last.epoch());
    }

    @Test
    void namespacesWithSlashesStayApart() throws Exception {
        String ns = TestEtcd.namespace("a");
        store.prepare(ns, 0, 0);
        store.prepare(ns + "/record", 0, 0);
        assertEquals(1, store.acquire(claim(ns + "/record", 0, 0, LONG)).orElseThrow().epoch());
        assertEquals(1, store.acquire(claim(ns, 0, 0, LONG)).orElseThrow().epoch());
        long keys = TestEtcd.client().getKVClient().get(ByteSequence.from("sno/" + ns, StandardCharsets.UTF_8),
                GetOption.builder().isPrefix(true).withCountOnly(true).build()).get(10, TimeUnit.SECONDS).getCount();
        assertEquals(4, keys, "two records and two holder keys");
    }

    @Test
    void theEtcdLeaseTtlIsTheDurationRoundedUpToSeconds() {
        assertEquals(1, EtcdLeaseStore.ttlSeconds(Duration.ofMillis(1)));
        assertEquals(1, EtcdLeaseStore.ttlSeconds(Duration.ofSeconds(1)));
        assertEquals(2, EtcdLeaseStore.ttlSeconds(Duration.ofMillis(1_001)));
        assertEquals(30, EtcdLeaseStore.ttlSeconds(Duration.ofSeconds(30)));
        assertEquals(3_600, EtcdLeaseStore.ttlSeconds(Duration.ofHours(1)));
    }

    private static GeneratorSnapshot snapshot(long wallHi) {
        return new GeneratorSnapshot(0, 0, 65535, 1, wallHi, wallHi, wallHi, 0);
    }
}
