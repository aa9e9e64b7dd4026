package dev.sno.jdbc.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.ClockRegressionException;
import dev.sno.SnoClock;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.StateStoreException;
import dev.sno.lease.LeaseLostException;
import dev.sno.lease.PartitionLease;
import dev.sno.lease.PartitionLeases;
import dev.sno.testsupport.LogCapture;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Level;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A fleet on one PostgreSQL: {@code sno.fleet.nodes} (default 1,000) simulated nodes in this JVM,
 * each with a generator leased through one shared connection pool, run for
 * {@code sno.fleet.seconds} (default 30) of real time with clocks running {@code sno.fleet.speed}
 * (default 6: 30 s real are 3 minutes of clock time) times as fast, leases of 5 s, skewed by up to a minute either way, stepped back now and then. Nodes
 * crash (cut off from the database without closing), pause (cut off and idle, often past their
 * lease), restart cleanly, and take over each other's partitions, which are only a little more
 * than the nodes. Every ID of every node is recorded: no ID twice; per partition, no call of a
 * holder that started after its successor had acquired the partition returned an ID (never two
 * live holders); the table's epochs count the acquisitions. Seeded ({@code -Dsno.seed}).
 *
 * <p>The events are drawn per round of the drivers, and the clocks run on wall time: a busy
 * machine runs fewer rounds in the same seconds (a round waits for the saves of nodes whose
 * renewals fell behind), and the first acquisitions of a thousand nodes take longer. So the
 * fleet runs for its seconds and then on until the scenario it checks has happened, for at most
 * {@code sno.fleet.max-seconds} (default 180) in all. A takeover is forced then: acquisitions
 * take the free partition unused longest, never-used ones first, so once the replacements of
 * crashed, lost or restarted nodes outnumber the spare partitions ({@code nodes / 50}), the next
 * takes a used one; each driver restarts {@code nodes / 50 / 8 + 1} nodes per round, whose
 * replacements acquire in the same round, until a takeover happened. Ten IDs
 * per node is waited for; a live node makes a burst of 1 to 16 IDs per round, so that a round's
 * saves (one per node when renewals fall behind) do not limit the IDs to one per save. What the
 * test checks does not depend on the machine's speed, only how long it takes.
 *
 * <p>The pool is bounded, as a real one is: at most {@value #CONNECTIONS} connections at once,
 * and a caller waits up to {@value #POOL_WAIT_SECONDS} s for one. (Unbounded, a busy machine made
 * the renewals of hundreds of nodes open connections at once, past the server's
 * {@code max_connections}: {@code FATAL: sorry, too many clients already}.)
 */
class FleetSimulationTest {

    /** The nodes cut off on purpose log their failed renewals: claimed, not printed. */
    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    private static final int NODES = Integer.getInteger("sno.fleet.nodes", 1000);
    private static final int SECONDS = Integer.getInteger("sno.fleet.seconds", 30);
    private static final int SPEED = Integer.getInteger("sno.fleet.speed", 6);
    private static final int MAX_SECONDS = Integer.getInteger("sno.fleet.max-seconds", 180);
    private static final int DRIVERS = 8;
    /** Restarts per driver that, all drivers together, outnumber the spare partitions. */
    private static final int FORCED_RESTARTS = NODES / 50 / DRIVERS + 1;
    private static final int LEASE_SECONDS = 5;
    /** Connections open at once, well below PostgreSQL's default max_connections (100). */
    private static final int CONNECTIONS = 40;
    private static final int POOL_WAIT_SECONDS = 30;

    /** What the simulation records about one acquisition. */
    private static final class Tenure {
        final int partition;
        final long epoch;
        final long acquiredAt;
        volatile long lastId;

        Tenure(int partition, long epoch, long acquiredAt) {
            this.partition = partition;
            this.epoch = epoch;
            this.acquiredAt = acquiredAt;
        }
    }

    /** A node: a process life of the fleet, with its clock and its own cut-off switch. */
    private final class Node {
        final long skewMillis;
        volatile long stepBackMillis;
        volatile boolean cut;
        SnoGenerator g;
        Tenure tenure;
        long pausedUntil;
        final DataSource ds;
        final SnoClock clock;

        Node(SplittableRandom r) {
            this.skewMillis = r.nextLong(-60_000, 60_001);
            this.ds = cuttable(this);
            this.clock = () -> base + (System.nanoTime() - start) / 1_000_000 * SPEED + skewMillis - stepBackMillis;
        }
    }

    private final LeaseDb pool = LeaseDb.open(LeaseDb.POSTGRES, 12);
    private final Semaphore connections = new Semaphore(CONNECTIONS, true);
    private final long base = System.currentTimeMillis();
    private final long start = System.nanoTime();
    private final Map<Long, Tenure> tenures = new ConcurrentHashMap<>();
    private final AtomicInteger nodesStarted = new AtomicInteger();
    private final AtomicInteger crashes = new AtomicInteger();
    private final AtomicInteger pauses = new AtomicInteger();
    private final AtomicInteger restarts = new AtomicInteger();
    private final AtomicInteger stepsBack = new AtomicInteger();
    private final AtomicInteger refusals = new AtomicInteger();
    private final AtomicInteger allHeld = new AtomicInteger();
    private final AtomicInteger losses = new AtomicInteger();
    private final AtomicInteger unsafePast = new AtomicInteger();
    private final AtomicInteger takeovers = new AtomicInteger();
    private final LongAdder idsMade = new LongAdder();
    private final AtomicBoolean overtimeReported = new AtomicBoolean();

    /** What the assertions below count on: at least one takeover, and ten IDs per node. */
    private boolean scenarioHappened() {
        return takeovers.get() > 0 && idsMade.sum() > 10L * NODES;
    }

    @Test
    @Timeout(value = 8, unit = TimeUnit.MINUTES) // up to MAX_SECONDS of running, then closing 1,000 nodes on a busy machine
    void aThousandNodesShareOnePostgresWithoutARepeat() throws Exception {
        long seed = Long.getLong("sno.seed", System.nanoTime());
        System.out.println("[fleet] seed " + seed + " (replay with -Dsno.seed=" + seed + ")");
        String ns = "fleet-" + UUID.randomUUID().toString().substring(0, 8);
        int partitions = NODES + NODES / 50;
        JdbcPartitionLeases.builder(pool).namespace(ns).partitions(0, partitions - 1).build();
        long end = start + SECONDS * 1_000_000_000L;
        long bound = start + Math.max(SECONDS, MAX_SECONDS) * 1_000_000_000L;
        List<Thread> drivers = new ArrayList<>();
        List<long[]> idArrays = new ArrayList<>();
        int[] counts = new int[DRIVERS];
        for (int d = 0; d < DRIVERS; d++) {
            int driver = d;
            long[][] ids = {new long[1 << 16]};
            SplittableRandom random = new SplittableRandom(seed + d);
            Thread t = new Thread(() -> {
                Node[] nodes = new Node[NODES / DRIVERS];
                Map<Node, JdbcPartitionLeases> leases = new HashMap<>();
                int n = 0;
                // The seconds asked for, then on until the scenario happened (bounded).
                while (System.nanoTime() - end < 0 || !scenarioHappened() && System.nanoTime() - bound < 0) {
                    long now = System.nanoTime();
                    // Past the seconds asked for, without a takeover yet: enough restarts (their
                    // replacements acquire in this round) to use up the never-used partitions.
                    if (now - end >= 0 && takeovers.get() == 0) {
                        if (overtimeReported.compareAndSet(false, true)) {
                            System.out.printf("[fleet] after %d s: %,d IDs, %d takeovers; running on until the"
                                    + " scenario happened, with %d restarts per driver and round until a takeover%n",
                                    SECONDS, idsMade.sum(), takeovers.get(), FORCED_RESTARTS);
                        }
                        int left = FORCED_RESTARTS;
                        for (int i = 0; i < nodes.length && left > 0; i++) {
                            Node node = nodes[i];
                            if (node != null && node.g != null && node.pausedUntil == 0) {
                                restarts.incrementAndGet();
                                closeQuietly(node.g);
                                node.g = null;
                                nodes[i] = null;
                                left--;
                            }
                        }
                    }
                    for (int i = 0; i < nodes.length; i++) {
                        Node node = nodes[i];
                        if (node == null || node.g == null && node.pausedUntil == 0) {
                            node = nodes[i] = new Node(random);
                            leases.remove(node);
                            try {
                                PartitionLeases l = PartitionLeases.builder(JdbcPartitionLeases.store(node.ds)
                                                .createTable(false).build()).namespace(ns)
                                        .partitions(0, partitions - 1).leaseDuration(Duration.ofSeconds(LEASE_SECONDS))
                                        .clock(node.clock).build();
                                long before = System.nanoTime();
                                node.g = l.acquire(b -> b.maxRegressionWait(Duration.ZERO));
                                PartitionLease lease = PartitionLeases.leaseOf(node.g).orElseThrow();
                                node.tenure = new Tenure(lease.partition(), lease.epoch(), System.nanoTime());
                                tenures.put((long) lease.partition() << 32 | lease.epoch(), node.tenure);
                                if (lease.epoch() > 1) {
                                    takeovers.incrementAndGet();
                                }
                                nodesStarted.incrementAndGet();
                                assertTrue(before < node.tenure.acquiredAt);
                            } catch (IllegalStateException e) {
                                allHeld.incrementAndGet();
                                nodes[i] = null;
                            } catch (java.io.IOException e) {
                                throw new AssertionError(e);
                            }
                            continue;
                        }
                        if (node.pausedUntil != 0) {
                            if (now - node.pausedUntil < 0) {
                                continue;
                            }
                            node.pausedUntil = 0;
                            node.cut = false;
                        }
                        int event = random.nextInt(4_000);
                        if (event < 6) { // crash: no more writes, nothing released
                            crashes.incrementAndGet();
                            node.cut = true;
                            closeQuietly(node.g);
                            node.g = null;
                            nodes[i] = null;
                            continue;
                        }
                        if (event < 12) { // pause, often past the lease: a zombie when it wakes
                            pauses.incrementAndGet();
                            node.cut = true;
                            node.pausedUntil = now + random.nextLong(500_000_000L, 3_000_000_000L * LEASE_SECONDS);
                            continue;
                        }
                        if (event < 14) { // clean restart
                            restarts.incrementAndGet();
                            closeQuietly(node.g);
                            node.g = null;
                            nodes[i] = null;
                            continue;
                        }
                        if (event < 20) {
                            stepsBack.incrementAndGet();
                            node.stepBackMillis += random.nextLong(1, 10_000);
                        }
                        try {
                            // A call that starts after the successor acquired and returns an ID
                            // is a second live holder; one in flight across the takeover (a pause,
                            // a GC, a descheduled thread) returns IDs the record covers (SPEC 11.4).
                            // A burst of 1 to 16 IDs: its first call may have to save (on a busy
                            // machine the node's renewals fall behind), the others seldom do.
                            int burst = 1 + random.nextInt(16);
                            int meta = random.nextInt(256);
                            for (int c = 0; c < burst; c++) {
                                long callStart = System.nanoTime();
                                SnoId id = node.g.next(meta);
                                node.tenure.lastId = callStart;
                                idsMade.increment();
                                if (n + 2 > ids[0].length) {
                                    ids[0] = Arrays.copyOf(ids[0], ids[0].length * 2);
                                }
                                byte[] b = id.toBytes();
                                long hi = 0;
                                for (int k = 0; k < 8; k++) {
                                    hi = hi << 8 | (b[k] & 0xFF);
                                }
                                ids[0][n++] = hi;
                                ids[0][n++] = (b[8] & 0xFF) << 8 | (b[9] & 0xFF);
                            }
                        } catch (ClockRegressionException e) {
                            unsafePast.incrementAndGet(); // its clock is behind the restored safe mark: later
                        } catch (StateStoreException e) {
                            refusals.incrementAndGet();
                            if (e.getCause() instanceof LeaseLostException) {
                                losses.incrementAndGet();
                                closeQuietly(node.g);
                                node.g = null;
                                nodes[i] = null;
                            }
                        }
                    }
                    LockSupport.parkNanos(10_000_000L);
                }
                for (Node node : nodes) {
                    if (node != null && node.g != null) {
                        node.cut = false;
                        closeQuietly(node.g);
                    }
                }
                synchronized (idArrays) {
                    idArrays.add(Arrays.copyOf(ids[0], n));
                    counts[driver] = n / 2;
                }
            }, "fleet-driver-" + d);
            drivers.add(t);
            t.start();
        }
        for (Thread t : drivers) {
            t.join();
        }
        long ranNanos = System.nanoTime() - start;

        // 1. No ID twice: sort all 80-bit IDs and compare neighbours.
        int total = Arrays.stream(counts).sum();
        long[][] all = new long[total][];
        int k = 0;
        for (long[] a : idArrays) {
            for (int i = 0; i < a.length; i += 2) {
                all[k++] = new long[] {a[i], a[i + 1]};
            }
        }
        Arrays.sort(all, (x, y) -> x[0] != y[0] ? Long.compareUnsigned(x[0], y[0]) : Long.compare(x[1], y[1]));
        int duplicates = 0;
        for (int i = 1; i < all.length; i++) {
            if (all[i][0] == all[i - 1][0] && all[i][1] == all[i - 1][1]) {
                duplicates++;
            }
        }

        // 2. Never two live holders: per partition, every call of a holder that returned an ID
        //    started before its successor's acquisition completed.
        Map<Integer, List<Tenure>> byPartition = new HashMap<>();
        tenures.values().forEach(t -> byPartition.computeIfAbsent(t.partition, p -> new ArrayList<>()).add(t));
        int overlaps = 0;
        for (List<Tenure> list : byPartition.values()) {
            list.sort((a, b) -> Long.compare(a.epoch, b.epoch));
            for (int i = 1; i < list.size(); i++) {
                Tenure prev = list.get(i - 1);
                if (prev.lastId != 0 && prev.lastId >= list.get(i).acquiredAt) {
                    overlaps++;
                }
            }
        }

        // 3. The table's epochs count the acquisitions.
        int epochMismatches = 0;
        try (Connection c = pool.getConnection();
                PreparedStatement q = c.prepareStatement("SELECT partition_no, epoch FROM sno_partition_lease WHERE namespace = ?")) {
            q.setString(1, ns);
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    List<Tenure> list = byPartition.getOrDefault(r.getInt(1), List.of());
                    if (r.getLong(2) != list.size()) {
                        epochMismatches++;
                    }
                }
            }
        }
        pool.close();
        System.out.printf("[fleet] %d nodes at once (%d node lives with a lease), %d partitions, %.1f s real (%d asked for)"
                + " = %.0f s of clock time,"
                + " skews up to 60 s: %,d IDs, %d duplicates; %d acquisitions (%d takeovers of expired leases),"
                + " %d crashes, %d pauses, %d clean restarts, %d clock steps back, %d refusals while fenced,"
                + " %d leases lost, %d calls in the unsafe past, %d acquire attempts with all held; overlapping holders %d%n",
                NODES / DRIVERS * DRIVERS, nodesStarted.get(), partitions, ranNanos / 1e9, SECONDS,
                ranNanos / 1e9 * SPEED, total, duplicates,
                tenures.size(), tenures.values().stream().filter(t -> t.epoch > 1).count(), crashes.get(), pauses.get(),
                restarts.get(), stepsBack.get(), refusals.get(), losses.get(), unsafePast.get(), allHeld.get(), overlaps);
        assertEquals(0, duplicates, "duplicate IDs");
        assertEquals(0, overlaps, "partitions with two live holders");
        assertEquals(0, epochMismatches, "rows whose epoch differs from the acquisitions made");
        // The simulation did what it says: many IDs, and takeovers of expired leases. The fleet
        // ran until both happened; only a machine too busy to get there in MAX_SECONDS fails here.
        String ran = " in " + ranNanos / 1_000_000_000L + " s (bound: sno.fleet.max-seconds=" + MAX_SECONDS + ")";
        assertTrue(total > 10L * NODES, "IDs: " + total + ran);
        assertTrue(tenures.values().stream().anyMatch(t -> t.epoch > 1), "no takeover happened" + ran);
        // Which nodes were cut off, and whether a renewal fell into a cut, depends on the seed.
        logs.allow(Level.WARNING, "node cut off from the database");
        logs.allow(Level.INFO, "after the lease was lost");
        logs.allow(Level.INFO, "works again");
    }

    private static void closeQuietly(SnoGenerator g) {
        try {
            g.close();
        } catch (RuntimeException expected) {
            // a crashed or zombie holder cannot write its final state
        }
    }

    /**
     * The shared pool, seen through one node's switch: a cut node reaches nothing; the others
     * wait for one of the pool's connections.
     */
    private DataSource cuttable(Node node) {
        return (DataSource) Proxy.newProxyInstance(DataSource.class.getClassLoader(), new Class<?>[] {DataSource.class},
                (proxy, method, args) -> {
                    boolean connect = method.getName().equals("getConnection");
                    if (node.cut && connect) {
                        throw new SQLException("node cut off from the database", "08001");
                    }
                    if (connect) {
                        try {
                            if (!connections.tryAcquire(POOL_WAIT_SECONDS, TimeUnit.SECONDS)) {
                                throw new SQLTransientConnectionException("no connection of the pool came free within "
                                        + POOL_WAIT_SECONDS + " s", "08001");
                            }
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new SQLTransientConnectionException("interrupted waiting for a connection", "08001", e);
                        }
                    }
                    try {
                        Object result = method.invoke(pool, args);
                        return connect ? returningItsPermit((Connection) result) : result;
                    } catch (InvocationTargetException e) {
                        if (connect) {
                            connections.release();
                        }
                        throw e.getCause();
                    }
                });
    }

    /** A connection that gives its permit back when it is closed (once). */
    private Connection returningItsPermit(Connection c) {
        AtomicBoolean closed = new AtomicBoolean();
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("close") && closed.compareAndSet(false, true)) {
                        connections.release();
                    }
                    try {
                        return method.invoke(c, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
