package dev.sno.jdbc.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.StateStoreException;
import dev.sno.lease.LeaseListener;
import dev.sno.lease.PartitionLease;
import dev.sno.lease.PartitionLeases;
import dev.sno.testsupport.LogCapture;
import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A database outage: a private PostgreSQL server (test-support's TestServers.own, on a free port) is
 * stopped while two holders make IDs, and started again. Each holder stops making IDs by its
 * fence deadline (5/6 of the lease after its last successful renewal), hears about the failed
 * renewal, and recovers by itself when the server is back, with the same lease; no ID repeats.
 */
class OutageTest {

    /** The outage's failed renewals are logged: asserted, not printed. */
    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    @Test
    void holdersStopAtTheirFenceDeadlineDuringAnOutageAndRecoverByThemselves() throws Exception {
        TestServers.Own server = TestServers.own(Server.POSTGRES);
        String url = server.url();
        LeaseDb db = LeaseDb.forUrl(url, 4);
        List<Holder> holders = new ArrayList<>();
        try {
            PartitionLeases leases = JdbcPartitionLeases.builder(db).namespace("outage").partitions(0, 15)
                    .leaseDuration(Duration.ofSeconds(2)).listener(new LeaseListener() {
                        @Override
                        public void renewalFailed(PartitionLease lease, Exception cause) {
                            events.add("failed " + lease.partition());
                        }

                        @Override
                        public void leaseRecovered(PartitionLease lease) {
                            events.add("recovered " + lease.partition());
                        }
                    }).build();
            for (int i = 0; i < 2; i++) {
                holders.add(new Holder(leases.acquire()));
            }
            holders.forEach(Holder::start);
            LeaseDb.await("IDs from both holders", 20_000, () -> holders.stream().allMatch(h -> h.ids.size() > 100));

            server.script("halt");
            long haltedAt = System.nanoTime(); // the last renewal that succeeded started before this
            LeaseDb.await("both holders fenced", 20_000, () -> holders.stream().allMatch(h -> h.refusedSince.get() != 0));
            long fencedBy = holders.stream().mapToLong(h -> h.refusedSince.get()).max().orElseThrow();
            long fence = leases.fenceAfter().toNanos();
            for (Holder h : holders) {
                long lastBeforeFence = h.lastIdAt(haltedAt);
                // The deadline counts from the start of the last successful renewal, before the halt.
                assertTrue(lastBeforeFence - haltedAt < fence + 50_000_000L,
                        "an ID " + (lastBeforeFence - haltedAt) / 1_000_000 + " ms after the halt, fence "
                                + fence / 1_000_000 + " ms");
            }
            assertTrue(events.contains("failed " + holders.get(0).g.partition()), events.toString());

            server.script("resume");
            long resumedAt = System.nanoTime();
            LeaseDb.await("both holders making IDs again", 30_000,
                    () -> holders.stream().allMatch(h -> h.lastIdAt(0) > resumedAt));
            for (Holder h : holders) {
                assertTrue(events.contains("recovered " + h.g.partition()), events.toString());
                assertEquals(1L, LeaseRows.epoch(db, "outage", h.g.partition()), "the same lease, renewed");
            }
            holders.forEach(Holder::stop);
            Set<SnoId> all = new HashSet<>();
            int total = 0;
            for (Holder h : holders) {
                for (long[] e : h.ids) {
                    total++;
                    all.add(SnoId.fromBytes(toBytes(e)));
                }
                h.g.close();
            }
            assertEquals(total, all.size(), "repeats");
            System.out.printf("[outage] 2 holders, %d IDs, 0 repeats; fenced within %d ms of the halt, recovered within %d ms of the restart%n",
                    total, (fencedBy - haltedAt) / 1_000_000,
                    (holders.stream().mapToLong(h -> h.firstIdAfter(resumedAt)).max().orElse(0) - resumedAt) / 1_000_000);
            logs.expect(Level.WARNING, "Could not save to the sno partition lease outage/");
            logs.allow(Level.INFO, "works again");
        } finally {
            holders.forEach(Holder::stop);
            db.close();
            server.close();
        }
    }

    private final List<String> events = new CopyOnWriteArrayList<>();

    private static byte[] toBytes(long[] e) {
        byte[] b = new byte[10];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (e[0] >>> (56 - 8 * i));
        }
        b[8] = (byte) (e[1] >>> 8);
        b[9] = (byte) e[1];
        return b;
    }

    /** A thread making IDs as fast as the generator lets it, recording each with its time. */
    private static final class Holder {
        final SnoGenerator g;
        final ConcurrentLinkedQueue<long[]> ids = new ConcurrentLinkedQueue<>();
        final AtomicLong refusedSince = new AtomicLong();
        final AtomicBoolean running = new AtomicBoolean(true);
        final Thread thread;

        Holder(SnoGenerator g) {
            this.g = g;
            this.thread = new Thread(this::run, "outage-holder-" + g.partition());
        }

        void start() {
            thread.start();
        }

        void stop() {
            running.set(false);
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void run() {
            while (running.get()) {
                try {
                    SnoId id = g.next(0);
                    byte[] b = id.toBytes();
                    long hi = 0;
                    for (int i = 0; i < 8; i++) {
                        hi = hi << 8 | (b[i] & 0xFF);
                    }
                    ids.add(new long[] {hi, (b[8] & 0xFF) << 8 | (b[9] & 0xFF), System.nanoTime()});
                    refusedSince.set(0);
                } catch (StateStoreException e) {
                    refusedSince.compareAndSet(0, System.nanoTime());
                }
                java.util.concurrent.locks.LockSupport.parkNanos(100_000);
            }
        }

        long lastIdAt(long after) {
            long last = 0;
            for (long[] e : ids) {
                last = Math.max(last, e[2]);
            }
            return last;
        }

        long firstIdAfter(long t) {
            long first = Long.MAX_VALUE;
            for (long[] e : ids) {
                if (e[2] > t) {
                    first = Math.min(first, e[2]);
                }
            }
            return first == Long.MAX_VALUE ? t : first;
        }
    }
}
