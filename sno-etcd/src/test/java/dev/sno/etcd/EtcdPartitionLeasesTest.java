package dev.sno.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoClock;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.StateStoreException;
import dev.sno.lease.LeaseListener;
import dev.sno.lease.LeaseLostException;
import dev.sno.lease.PartitionLease;
import dev.sno.lease.PartitionLeases;
import dev.sno.testsupport.EtcdServer;
import dev.sno.testsupport.LogCapture;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Leased generators through the public entry point, {@link EtcdPartitionLeases#builder(Client)},
 * on a real etcd: renewals keep the lease and close frees it with the final state; a holder whose
 * etcd lease the server ends (revoked by another client, as expiry does) learns it has lost the
 * lease and its successor makes none of its IDs; a taker whose clock is behind the crashed
 * holder's makes none of its IDs; after etcd is killed with SIGKILL and restarted on its data
 * directory, renewals fail, then recover with the same lease.
 */
class EtcdPartitionLeasesTest {

    /** The failed renewals of holders that are cut off are logged: claimed, not printed. */
    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    /** What a listener heard, one line each. */
    private static final class Heard implements LeaseListener {
        final List<String> events = new CopyOnWriteArrayList<>();

        @Override
        public void renewalFailed(PartitionLease lease, Exception cause) {
            events.add("FAILED " + lease.epoch());
        }

        @Override
        public void leaseLost(PartitionLease lease, LeaseLostException cause) {
            events.add("LOST " + lease.epoch());
        }

        @Override
        public void leaseRecovered(PartitionLease lease) {
            events.add("RECOVERED " + lease.epoch());
        }
    }

    private static KeyValue get(io.etcd.jetcd.ByteSequence key) throws Exception {
        List<KeyValue> kvs = TestEtcd.client().getKVClient().get(key).get(10, TimeUnit.SECONDS).getKvs();
        return kvs.isEmpty() ? null : kvs.get(0);
    }

    @Test
    void renewalsKeepTheLeaseAndCloseStoresTheFinalStateAndFreesThePartitionAtOnce() throws Exception {
        String ns = TestEtcd.namespace("keep");
        Heard heard = new Heard();
        PartitionLeases leases = EtcdPartitionLeases.builder(TestEtcd.client()).namespace(ns).partitions(7, 8)
                .leaseDuration(Duration.ofSeconds(3)).listener(heard).build();
        SnoGenerator a = leases.acquire();
        PartitionLease la = PartitionLeases.leaseOf(a).orElseThrow();
        assertEquals(new PartitionLease(ns, 7, 1, la.host(), ProcessHandle.current().pid()), la);
        long etcdLease = get(Keys.holder(ns, 7)).getLease();
        long revision = get(Keys.record(ns, 7)).getModRevision();
        Set<SnoId> ids = new HashSet<>();
        long start = System.nanoTime();
        // 4/3 lease durations (about 4 renewals), and on until a renewal wrote the state (a busy
        // machine may run the background writer late), for at most 30 s.
        while (System.nanoTime() - start < 4_000_000_000L
                || get(Keys.record(ns, 7)).getModRevision() <= revision && System.nanoTime() - start < 30_000_000_000L) {
            ids.add(a.next(0));
        }
        assertEquals(List.of(), heard.events, "no renewal failed");
        assertEquals(etcdLease, get(Keys.holder(ns, 7)).getLease(), "the same etcd lease, kept alive");
        assertTrue(get(Keys.record(ns, 7)).getModRevision() > revision, "renewals wrote the state");
        assertEquals(8, leases.acquire().partition(), "7 is held");
        a.close();
        assertEquals(null, get(Keys.holder(ns, 7)), "released");
        String record = TestEtcd.text(get(Keys.record(ns, 7)).getValue());
        assertTrue(record.startsWith("epoch=1 pid=" + ProcessHandle.current().pid() + " token="), record);
        assertTrue(!record.contains("state=-"), "the final state is stored: " + record);
        SnoGenerator b = leases.acquire();
        assertEquals(new PartitionLease(ns, 7, 2, la.host(), la.pid()), PartitionLeases.leaseOf(b).orElseThrow());
        for (int i = 0; i < 20_000; i++) {
            assertTrue(ids.add(b.next(0)), "repeated");
        }
        b.close();
    }

    @Test
    void aHolderWhoseEtcdLeaseEndsLosesItAndItsSuccessorRepeatsNoId() throws Exception {
        String ns = TestEtcd.namespace("revoked");
        Heard heard = new Heard();
        Client holderClient = TestEtcd.newClient();
        SnoGenerator a;
        Set<SnoId> idsA = new HashSet<>();
        try {
            a = EtcdPartitionLeases.builder(holderClient).namespace(ns).partitions(3, 3)
                    .leaseDuration(Duration.ofSeconds(2)).listener(heard).build().acquire();
            for (int i = 0; i < 50_000; i++) {
                idsA.add(a.next(1));
            }
            // What the server does when a paused holder's TTL runs out: end its etcd lease.
            long etcdLease = get(Keys.holder(ns, 3)).getLease();
            TestEtcd.client().getLeaseClient().revoke(etcdLease).get(10, TimeUnit.SECONDS);
            assertEquals(null, get(Keys.holder(ns, 3)), "the holder key went with the etcd lease");

            SnoGenerator b = EtcdPartitionLeases.builder(TestEtcd.client()).namespace(ns).partitions(3, 3)
                    .leaseDuration(Duration.ofSeconds(2)).build().acquire();
            assertEquals(2, PartitionLeases.leaseOf(b).orElseThrow().epoch());
            Set<SnoId> idsB = new HashSet<>();
            for (int i = 0; i < 50_000; i++) {
                SnoId id = b.next(1);
                assertTrue(!idsA.contains(id) && idsB.add(id), "an ID of the old holder made again");
            }
            // The old holder goes on within what its last renewal stored, then learns at its next
            // renewal that the lease is lost, and makes no ID in a new time unit.
            StateStoreException stopped = null;
            long end = System.nanoTime() + 10_000_000_000L;
            while (stopped == null && System.nanoTime() - end < 0) {
                try {
                    SnoId id = a.next(1);
                    assertTrue(!idsB.contains(id) && idsA.add(id), "an ID of the successor made by the old holder");
                } catch (StateStoreException e) {
                    stopped = e;
                }
            }
            assertTrue(stopped != null && stopped.getCause() instanceof LeaseLostException, String.valueOf(stopped));
            assertEquals(List.of("LOST 1"), heard.events);
            a.close(); // a lost lease: nothing to store or free, no exception
            b.close();
            assertEquals(3, PartitionLeases.leaseOf(b).orElseThrow().partition());
        } finally {
            holderClient.close();
        }
        logs.allow(Level.WARNING, "sno partition lease " + ns + "/3 (epoch 1)");
    }

    @Test
    void aTakerWhoseClockIsBehindTheCrashedHoldersMakesNoneOfItsIds() throws Exception {
        String ns = TestEtcd.namespace("behind");
        Client crashing = TestEtcd.newClient();
        SnoGenerator a = EtcdPartitionLeases.builder(crashing).namespace(ns).partitions(5, 5)
                .leaseDuration(Duration.ofSeconds(1)).build().acquire();
        long startA = System.currentTimeMillis();
        Set<SnoId> idsA = new HashSet<>();
        // 300 ms of IDs, and on until there are more than 1,000 (a busy machine makes fewer in
        // 300 ms; what is checked below needs them, not the speed), for at most 20 s.
        while ((System.currentTimeMillis() - startA < 300 || idsA.size() <= 1000)
                && System.currentTimeMillis() - startA < 20_000) {
            idsA.add(a.next(1));
        }
        crashing.close(); // a crash: no more renewals, nothing released
        PartitionLeases takers = EtcdPartitionLeases.builder(TestEtcd.client()).namespace(ns).partitions(5, 5)
                .leaseDuration(Duration.ofSeconds(1)).clock(replay(startA)).build();
        SnoGenerator[] b = new SnoGenerator[1];
        TestEtcd.await("the crashed holder's etcd lease to expire on the server", 10_000, () -> {
            try {
                b[0] = takers.acquire();
                return true;
            } catch (IllegalStateException held) {
                return false;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertEquals(2, PartitionLeases.leaseOf(b[0]).orElseThrow().epoch());
        int repeats = 0;
        List<SnoId> idsB = new ArrayList<>();
        for (int i = 0; i < idsA.size(); i++) {
            SnoId id = b[0].next(1);
            idsB.add(id);
            if (idsA.contains(id)) {
                repeats++;
            }
        }
        b[0].close();
        assertEquals(0, repeats, "IDs of the old holder made again");
        boolean tickA = idsA.iterator().next().tickTock();
        for (SnoId id : idsB) {
            assertNotEquals(tickA, id.tickTock(), "the new holder, behind the stored high mark, tick-tocks");
        }
        assertTrue(idsA.size() > 1000, "IDs of the old holder: " + idsA.size());
        logs.allow(Level.WARNING, "sno partition lease " + ns + "/5 (epoch 1)");
    }

    @Test
    void renewalsFailWhileEtcdIsKilledAndRecoverTheSameLeaseWhenItIsRestarted() throws Exception {
        String ns = TestEtcd.namespace("restart");
        Heard heard = new Heard();
        try (EtcdServer etcd = TestEtcd.own();
                Client client = Client.builder().endpoints(etcd.url()).build()) {
            PartitionLeases leases = EtcdPartitionLeases.builder(client).namespace(ns).partitions(0, 0)
                    .leaseDuration(Duration.ofSeconds(3)).listener(heard).build();
            SnoGenerator g = leases.acquire();
            Set<SnoId> ids = new HashSet<>();
            int fenced = 0;
            for (int i = 0; i < 20_000; i++) {
                assertTrue(ids.add(g.next(0)));
            }
            etcd.kill9();
            long down = System.nanoTime();
            TestEtcd.await("a renewal to fail", 10_000, () -> heard.events.contains("FAILED 1"));
            long downFor = (System.nanoTime() - down) / 1_000_000;
            etcd.restart();
            TestEtcd.await("a renewal to succeed again", 30_000, () -> heard.events.contains("RECOVERED 1"));
            long start = System.nanoTime();
            while (System.nanoTime() - start < 1_000_000_000L) {
                try {
                    assertTrue(ids.add(g.next(0)), "repeated");
                } catch (StateStoreException e) {
                    fenced++;
                }
            }
            assertEquals(List.of("FAILED 1", "RECOVERED 1"), heard.events, "down for " + downFor + " ms");
            assertEquals(1, PartitionLeases.leaseOf(g).orElseThrow().epoch());
            g.close();
            assertEquals(0, fenced, "recovered: no fencing after the first success");
            SnoGenerator next = leases.acquire();
            assertEquals(2, PartitionLeases.leaseOf(next).orElseThrow().epoch(), "released after the recovery");
            for (int i = 0; i < 20_000; i++) {
                assertTrue(ids.add(next.next(0)), "repeated");
            }
            next.close();
        }
        logs.allow(Level.WARNING, "sno partition lease " + ns + "/0 (epoch 1)");
    }

    @Test
    void badOptionsAreRefusedWithTheValueAndTheConstraint() {
        EtcdLeaseStore.Builder b = EtcdPartitionLeases.store(TestEtcd.client());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> b.commandTimeout(Duration.ofMinutes(2)));
        assertEquals("commandTimeout must be in [PT0.01S, PT1M]: commandTimeout=PT2M", e.getMessage());
        assertThrows(NullPointerException.class, () -> EtcdPartitionLeases.builder(null));
        assertEquals("etcd lease store (command timeout PT0.5S)",
                b.commandTimeout(Duration.ofMillis(500)).build().toString());
    }

    /** A clock that runs again from origin, from its first reading on. */
    private static SnoClock replay(long origin) {
        AtomicLong first = new AtomicLong();
        return () -> {
            long now = System.currentTimeMillis();
            first.compareAndSet(0, now);
            return origin + (now - first.get());
        };
    }
}
