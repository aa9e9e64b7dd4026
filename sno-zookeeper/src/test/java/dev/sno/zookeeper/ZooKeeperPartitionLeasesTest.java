package dev.sno.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoClock;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.lease.LeaseListener;
import dev.sno.lease.LeaseLostException;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.PartitionLease;
import dev.sno.lease.PartitionLeases;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.server.ZooKeeperServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ZooKeeperPartitionLeases} through its public builder, on a real ZooKeeper server
 * (curator-test, in this JVM): the session timeout checked against the lease duration, Curator's
 * connection states told to the listener, and a takeover by a holder whose clock is behind, with
 * no ID made twice.
 */
class ZooKeeperPartitionLeasesTest {

    private TestingServer server;
    private final List<CuratorFramework> clients = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = TestZooKeeper.server();
    }

    @AfterEach
    void stop() throws Exception {
        clients.forEach(CuratorFramework::close);
        server.close();
    }

    private CuratorFramework client(Duration session) throws InterruptedException {
        CuratorFramework c = TestZooKeeper.client(server.getConnectString(), session);
        clients.add(c);
        return c;
    }

    @Test
    void aSessionTimeoutLongerThanTheLeaseIsRefusedNamingBoth() throws Exception {
        CuratorFramework c = client(Duration.ofSeconds(3));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ZooKeeperPartitionLeases.builder(c).leaseDuration(Duration.ofSeconds(2)).build());
        assertEquals("leaseDuration PT2S is shorter than the ZooKeeper session timeout of this Curator client,"
                + " 3000 ms as negotiated with the server: ZooKeeper frees a silent holder's partition only when its"
                + " session expires, so a lease could not end after PT2S. Set leaseDuration to at least PT3S, or"
                + " build the CuratorFramework with sessionTimeoutMs(2000) or less", e.getMessage());
    }

    /**
     * The builder's default lease, 60 s, is the session Curator asks for by default; the lease is
     * what the server grants, at most 20 ticks: 60 s at ZooKeeper 3.9's default tickTime of
     * 3000 ms, 40 s at the tickTime=2000 of zoo_sample.cfg (docs/zookeeper-leases.md).
     */
    @Test
    void theDefaultLeaseIsCuratorsDefaultSessionAsTheServerGrantsIt() throws Exception {
        assertEquals(3000, ZooKeeperServer.DEFAULT_TICK_TIME, "ZooKeeper's default tickTime");
        for (int tick : new int[] {ZooKeeperServer.DEFAULT_TICK_TIME, 2000}) {
            try (TestingServer stock = new TestingServer(new InstanceSpec(null, -1, -1, -1, true, -1, tick, 0), true);
                    CuratorFramework c = CuratorFrameworkFactory.newClient(stock.getConnectString(),
                            new RetryOneTime(100))) {
                c.start();
                PartitionLeases leases = ZooKeeperPartitionLeases.builder(c).namespace("stock").build();
                assertEquals(Duration.ofMillis(20L * tick), leases.leaseDuration(), "tickTime " + tick);
            }
        }
    }

    /**
     * A direct user of the SPI need not watch its leases: the store forgets each acquisition's
     * session when the lease is released or abandoned, so nothing accumulates.
     */
    @Test
    void acquisitionsNobodyWatchesAreForgottenAtReleaseAndAbandon() throws Exception {
        ZooKeeperLeaseStore store = ZooKeeperLeaseStore.of(client(Duration.ofSeconds(2)));
        store.prepare("unwatched", 0, 9);
        Duration lease = Duration.ofSeconds(2);
        LeaseStore.Claim first = new LeaseStore.Claim("unwatched", 0, 9, lease, "token-1", "host", 1);
        LeaseStore.Grant a = store.acquire(first).orElseThrow();
        LeaseStore.Grant b = store.acquire(first).orElseThrow();
        LeaseStore.Claim second = new LeaseStore.Claim("unwatched", 0, 9, lease, "token-2", "host", 1);
        LeaseStore.Grant c = store.acquire(second).orElseThrow();
        assertEquals(3, store.unwatchedGrants(), "three acquisitions, none watched");
        assertTrue(store.release(new PartitionLease("unwatched", a.partition(), a.epoch(), "host", 1), "token-1"));
        assertTrue(store.release(new PartitionLease("unwatched", b.partition(), b.epoch(), "host", 1), "token-1"));
        assertEquals(1, store.unwatchedGrants(), "after two releases");
        assertTrue(store.abandon(second));
        assertEquals(0, store.unwatchedGrants(), "after the abandon of partition " + c.partition());
    }

    @Test
    void aSessionTimeoutOfHalfTheLeaseIsTheLeaseTheHolderFencesBy() throws Exception {
        CuratorFramework c = client(Duration.ofSeconds(2));
        PartitionLeases leases = ZooKeeperPartitionLeases.builder(c).namespace("half").leaseDuration(Duration.ofSeconds(4))
                .build();
        assertEquals(Duration.ofSeconds(2), leases.leaseDuration(), "the session timeout is the lease");
        assertEquals(Duration.ofSeconds(2).minus(Duration.ofSeconds(2).dividedBy(6)), leases.fenceAfter(), "5/6 of it");
        Set<SnoId> ids = new HashSet<>();
        try (SnoGenerator g = leases.acquire()) {
            assertEquals(0, g.partition(), "the lowest never-used partition");
            // Several renewals (every 5/18 of 2 s): IDs keep coming, none twice.
            long end = System.nanoTime() + 3_000_000_000L;
            while (System.nanoTime() < end) {
                assertTrue(ids.add(g.next(1)));
                LockSupport.parkNanos(1_000_000L);
            }
        }
        try (SnoGenerator again = leases.acquire()) {
            assertEquals(1, again.partition(), "partition 0 was released; 1 was never used, so it comes first");
        }
    }

    @Test
    void curatorsConnectionStatesReachTheListener() throws Exception {
        CuratorFramework c = client(Duration.ofSeconds(4));
        Events events = new Events();
        PartitionLeases leases = ZooKeeperPartitionLeases.builder(c).namespace("states").leaseDuration(Duration.ofSeconds(4))
                .listener(events).build();
        SnoGenerator g = leases.acquire();
        g.next(0);
        int port = server.getPort();
        server.stop(); // SUSPENDED: renewalFailed
        await(() -> events.seen.contains("renewalFailed"), "renewalFailed after the server stopped");
        server.restart(); // same port, same data: the session is still alive, RECONNECTED
        assertEquals(port, server.getPort());
        await(() -> events.seen.contains("leaseRecovered"), "leaseRecovered after the server came back");
        g.next(0);
        TestZooKeeper.fallSilent(c); // the session ends: LOST
        await(() -> events.seen.contains("leaseLost"), "leaseLost after the session ended");
        assertEquals(List.of("renewalFailed", "leaseRecovered", "leaseLost"), events.seen);
        g.close(); // a lost lease: nothing to release, nothing thrown
    }

    @Test
    void aTakerWhoseClockIsBehindNeverRepeatsAnId() throws Exception {
        AtomicLong aheadMillis = new AtomicLong(System.currentTimeMillis() + 60_000);
        SnoClock ahead = aheadMillis::get;
        SnoClock behind = () -> System.currentTimeMillis() - 60_000;
        CuratorFramework a = client(Duration.ofMillis(1200));
        CuratorFramework b = client(Duration.ofMillis(1200));
        Events eventsA = new Events();
        PartitionLeases leasesA = ZooKeeperPartitionLeases.builder(a).namespace("skew").partitions(5, 5)
                .leaseDuration(Duration.ofMillis(1200)).clock(ahead).listener(eventsA).build();
        PartitionLeases leasesB = ZooKeeperPartitionLeases.builder(b).namespace("skew").partitions(5, 5)
                .leaseDuration(Duration.ofMillis(1200)).clock(behind).build();
        Set<SnoId> ids = new HashSet<>();
        SnoGenerator ga = leasesA.acquire();
        for (int i = 0; i < 20_000; i++) {
            assertTrue(ids.add(ga.next(3)));
            if (i % 1000 == 0) {
                aheadMillis.addAndGet(4);
            }
        }
        TestZooKeeper.fallSilent(a); // a's session ends on the server after 1.2 s; b takes partition 5
        SnoGenerator gb = null;
        long end = System.nanoTime() + 20_000_000_000L;
        while (gb == null) {
            try {
                gb = leasesB.acquire();
            } catch (IllegalStateException held) {
                assertTrue(System.nanoTime() < end, "partition 5 never became free");
                LockSupport.parkNanos(50_000_000L);
            }
        }
        assertEquals(5, gb.partition());
        for (int i = 0; i < 20_000; i++) {
            assertTrue(ids.add(gb.next(3)), "an ID a made, made again by b");
        }
        await(() -> eventsA.seen.contains("leaseLost"), "a hears that its lease is lost");
        gb.close();
        ga.close();
    }

    private static void await(BooleanSupplier condition, String what) {
        long end = System.nanoTime() + 20_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting for " + what);
            }
            LockSupport.parkNanos(10_000_000L);
        }
    }

    private static final class Events implements LeaseListener {
        final List<String> seen = new CopyOnWriteArrayList<>();

        @Override
        public void renewalFailed(PartitionLease lease, Exception cause) {
            seen.add("renewalFailed");
        }

        @Override
        public void leaseLost(PartitionLease lease, LeaseLostException cause) {
            seen.add("leaseLost");
        }

        @Override
        public void leaseRecovered(PartitionLease lease) {
            seen.add("leaseRecovered");
        }
    }
}
