package dev.sno.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sno.GeneratorSnapshot;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.StateStoreException;
import dev.sno.lease.LeaseListener;
import dev.sno.lease.LeaseLostException;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.PartitionLease;
import dev.sno.lease.PartitionLeases;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Network partitions between a lease holder and its store, on a real store: holder A reaches the
 * store through a {@link FaultProxy}, holder B directly; both lease the one partition of a
 * namespace of their own, with the same lease duration. A makes IDs in a loop, recording when
 * each call started; the drill cuts, drops or slows A's link and checks what SPEC.md 11.4 and
 * 11.6 promise:
 * <ul>
 * <li>{@link #cutAndTakeover}: A's link blackholed until B has acquired the partition and longer;
 *     A enters no new 4 ms unit in a call that started after B's acquisition returned, hears
 *     {@code leaseLost} once the link heals, and refuses new units for good; no ID of A's is
 *     one of B's.</li>
 * <li>{@link #shortDrop}: A's link dropped, right after a renewal, for less than the fence interval;
 *     nobody else acquires: A hears {@code renewalFailed} then {@code leaseRecovered} (or, where
 *     the client holds a call until its connection is back, the renewal begun during the drop
 *     succeeds and A hears nothing), keeps the partition (B cannot acquire it), and no ID
 *     repeats.</li>
 * <li>{@link #slowLink}: A's link slowed so that a renewal takes about 0.7 of the fence interval,
 *     then by more than a lease each way: the same checks as the cut, against whenever B
 *     acquires.</li>
 * </ul>
 * A's store is wrapped to record each renewal's start, end and outcome (everything else is passed
 * through), so that a cut can start right after a renewal and the summary can say what the
 * renewals did. Each scenario prints one line starting {@code [partition]}.
 */
public final class PartitionDrill {

    private static final long MS = 1_000_000L;

    private final String store;
    private final FaultProxy proxy;
    private final Observed storeA;
    private final PartitionLeases leasesA;
    private final PartitionLeases leasesB;
    private final long leaseNanos;
    private final long fenceNanos;
    private final List<String> events = new CopyOnWriteArrayList<>();
    private final List<long[]> eventTimes = new CopyOnWriteArrayList<>();

    /**
     * A drill on one store.
     *
     * @param store      the store's name, for messages and the summary
     * @param proxy      the proxy that A's store connects through
     * @param a          A's store, connected through the proxy
     * @param b          B's store, connected directly
     * @param lease      the lease duration (for ZooKeeper, the session timeout)
     * @param namespace  a namespace no other test uses; its partition 0 is the one leased
     * @throws IOException if a store cannot prepare the namespace
     */
    public PartitionDrill(String store, FaultProxy proxy, LeaseStore a, LeaseStore b, Duration lease, String namespace)
            throws IOException {
        this.store = store;
        this.proxy = proxy;
        this.storeA = new Observed(a);
        this.leasesA = PartitionLeases.builder(storeA).namespace(namespace).partitions(0, 0).leaseDuration(lease)
                .listener(new Events()).build();
        this.leasesB = PartitionLeases.builder(b).namespace(namespace).partitions(0, 0).leaseDuration(lease).build();
        this.leaseNanos = leasesA.leaseDuration().toNanos();
        this.fenceNanos = leasesA.fenceAfter().toNanos();
    }

    /**
     * Claims what the drills make sno log: the cut holder's failed and refused renewals, its
     * recovery, and its close after the loss. Call after the drill, with the test's capture of
     * {@code dev.sno}.
     *
     * @param logs  the capture
     */
    public static void allowHolderLogs(LogCapture logs) {
        logs.allow(java.util.logging.Level.WARNING, "Could not save to the sno partition lease");
        logs.allow(java.util.logging.Level.INFO, "works again");
        logs.allow(java.util.logging.Level.INFO, "after the lease was lost");
    }

    /**
     * A's link blackholed right after a renewal, until B has held the partition for a third of a
     * lease and the cut has lasted two leases; then healed.
     *
     * @throws Exception if a store call fails where none should
     */
    public void cutAndTakeover() throws Exception {
        Maker a = new Maker("A", leasesA.acquire());
        Taker b = new Taker();
        try {
            long cutAt = cutAfterRenewal(a, proxy::blackhole);
            b.start(cutAt);
            await(b::acquired, cutAt + 4 * leaseNanos + 20_000 * MS, () -> "B to acquire the partition after A's link was cut");
            parkUntil(Math.max(cutAt + 2 * leaseNanos, b.acquiredEnd + leaseNanos / 3));
            proxy.pass();
            long healAt = System.nanoTime();
            checkTakeover("cut (blackhole)", a, b, cutAt, healAt, "cut for " + (healAt - cutAt) / MS + " ms");
        } finally {
            a.stop();
            b.stop();
            proxy.pass();
        }
    }

    /**
     * A's link dropped right after a renewal for window (shorter than the fence interval, long
     * enough to cover the next renewal), then restored; nobody else tries to acquire meanwhile.
     *
     * @param window  how long the link is down
     * @throws Exception if a store call fails where none should
     */
    public void shortDrop(Duration window) throws Exception {
        assertTrue(window.toNanos() < fenceNanos, "the drop must be shorter than the fence interval");
        Maker a = new Maker("A", leasesA.acquire());
        Taker b = new Taker();
        try {
            long cutAt = cutAfterRenewal(a, proxy::drop);
            parkUntil(cutAt + window.toNanos());
            proxy.pass();
            long healAt = System.nanoTime();
            // Either the renewal that fell in the drop failed (renewalFailed) and a later one
            // succeeded (leaseRecovered), or the client held that renewal until its connection was
            // back and it succeeded within its time limit: then A never noticed the drop.
            await(() -> events.contains("leaseRecovered") || events.isEmpty() && storeA.okStartedBetween(cutAt,
                    healAt) != 0, healAt + 2 * leaseNanos + 20_000 * MS, () -> "A to hear leaseRecovered, or a"
                            + " renewal started during the drop to succeed, after the link was restored; events " + events
                            + ", renewals " + storeA + ", " + a.describe() + ", " + proxy + ", connections accepted "
                            + proxy.accepted());
            boolean noticed = !events.isEmpty();
            long recoveredAt = noticed ? eventAt("leaseRecovered") : storeA.okStartedBetween(cutAt, healAt);
            // A goes on with the same lease for a whole lease more: its renewals succeed.
            parkUntil(recoveredAt + leaseNanos);
            int okAfter = storeA.okSince(recoveredAt);
            assertTrue(okAfter >= 2, "A's renewals after the recovery: " + okAfter + " succeeded, renewals " + storeA);
            assertTrue(a.madeSince(recoveredAt + 10 * MS) > 0, "A made no ID after it recovered; " + a.describe());
            IllegalStateException held = assertThrows(IllegalStateException.class, leasesB::acquire,
                    "B acquired the partition A still holds");
            assertTrue(held.getMessage().startsWith("No free partition"), held.getMessage());
            assertEquals(noticed ? List.of("renewalFailed", "leaseRecovered") : List.of(), events,
                    "A's listener, for a drop of " + window.toMillis() + " ms; renewals " + storeA);
            a.stop();
            a.generator.close();
            b.start(System.nanoTime());
            await(b::acquired, System.nanoTime() + 20_000 * MS, () -> "B to acquire the partition A released");
            parkUntil(System.nanoTime() + 50 * MS);
            b.stop();
            int dups = duplicates(a, b);
            assertEquals(0, dups, "IDs made by both A and B");
            assertTrue(b.made() > 0, "B made no ID");
            long refused = a.refusedBetween(cutAt, recoveredAt + leaseNanos);
            String how = noticed ? String.format(Locale.ROOT, "renewalFailed %d ms after the cut, leaseRecovered %d ms"
                    + " after the heal", (eventAt("renewalFailed") - cutAt) / MS, (recoveredAt - healAt) / MS)
                    : String.format(Locale.ROOT, "the renewal begun %d ms into the drop waited for the link and"
                    + " succeeded %d ms after the heal (no event)", (storeA.okStartBetween(cutAt, healAt) - cutAt) / MS,
                    (recoveredAt - healAt) / MS);
            System.out.printf(Locale.ROOT, "[partition] %s drop: cut for %d ms, no takeover; %s; A refused %d calls"
                    + " meanwhile; ids A=%d B=%d, duplicates 0%n", store, (healAt - cutAt) / MS, how, refused, a.made(),
                    b.made());
        } finally {
            a.stop();
            b.stop();
            proxy.pass();
        }
    }

    /**
     * A's link slowed: first so that a renewal takes about 0.7 of the fence interval (measured
     * with a small latency first: a renewal may be several round trips), for two leases, with B
     * trying to acquire all along; then by more than a lease each way, until B has acquired and a
     * third of a lease more; then healed.
     *
     * @throws Exception if a store call fails where none should
     */
    public void slowLink() throws Exception {
        Maker a = new Maker("A", leasesA.acquire());
        Taker b = new Taker();
        try {
            awaitRenewal(System.nanoTime());
            long probe = 20 * MS;
            proxy.latency(Duration.ofNanos(probe));
            long probeAt = System.nanoTime();
            awaitRenewal(awaitRenewal(probeAt)); // two renewals entirely under the probe latency
            long took = storeA.quickestOkSince(probeAt);
            double trips = Math.max(1.0, took / (2.0 * probe));
            long slow = (long) (0.7 * fenceNanos / (2 * trips));
            proxy.latency(Duration.ofNanos(slow));
            long slowAt = System.nanoTime();
            b.start(slowAt);
            parkUntil(slowAt + 2 * leaseNanos);
            long now = System.nanoTime();
            String phase1 = String.format(Locale.ROOT, "latency %d ms each way (a renewal is %.1f round trips: %d ms"
                    + " at %d ms each way) for %d ms: renewals %s; A refused %d calls; %s", slow / MS, trips, took / MS,
                    probe / MS, (now - slowAt) / MS, storeA.summarySince(slowAt), a.refusedBetween(slowAt, now),
                    b.acquired() ? "B acquired " + (b.acquiredEnd - slowAt) / MS + " ms after the slowdown"
                            : "B could not acquire, and A made no ID for the last " + (now - a.lastStart()) / MS + " ms");
            long cutAt = System.nanoTime();
            String phase2 = "B acquired during it";
            if (!b.acquired()) {
                proxy.latency(Duration.ofNanos(leaseNanos + leaseNanos / 2));
                phase2 = "then latency " + (leaseNanos + leaseNanos / 2) / MS + " ms each way";
            }
            await(b::acquired, cutAt + 4 * leaseNanos + 20_000 * MS, () -> "B to acquire the partition; " + phase1);
            parkUntil(b.acquiredEnd + leaseNanos / 3);
            proxy.pass();
            long healAt = System.nanoTime();
            checkTakeover("slow link", a, b, slowAt, healAt, "slow for " + (healAt - slowAt) / MS + " ms: " + phase1
                    + "; " + phase2);
        } finally {
            a.stop();
            b.stop();
            proxy.pass();
        }
    }

    /**
     * After a takeover: A hears leaseLost, refuses new units for good, entered none after B's
     * acquisition, and no ID is both A's and B's. Prints the summary.
     */
    private void checkTakeover(String scenario, Maker a, Taker b, long cutAt, long healAt, String cut) {
        await(() -> events.contains("leaseLost"), healAt + 3 * leaseNanos + 30_000 * MS, () ->
                "A to hear leaseLost after its link healed; events " + events + ", renewals " + storeA);
        long lostAt = eventAt("leaseLost");
        // Two renewal intervals more: A must make no ID, in any unit.
        parkUntil(Math.max(lostAt, healAt) + 2 * fenceNanos / 3);
        a.stop();
        b.stop();
        long after = b.acquiredEnd;
        long lastUnit = a.maxUnitStartedBefore(after);
        List<Made> late = a.ids().stream().filter(m -> m.start - after > 0 && m.id.timeUnits() > lastUnit).toList();
        assertTrue(late.isEmpty(), () -> String.format(Locale.ROOT, "%s %s: A made %d IDs in %d new 4 ms units in calls"
                + " that started after B's acquisition returned (last unit before: %d); the first: %s; %s", store, scenario,
                late.size(), late.stream().mapToLong(m -> m.id.timeUnits()).distinct().count(), lastUnit, late.stream().limit(5).map(m -> "unit " + m.id.timeUnits() + " in a call started "
                        + (m.start - after) / MS + " ms after it").collect(Collectors.joining(", ")), a.describe()));
        int sinceLost = a.madeSince(lostAt);
        assertEquals(0, sinceLost, "IDs A made after it heard leaseLost; " + a.describe());
        assertTrue(a.refusedBetween(Math.max(lostAt, healAt), System.nanoTime()) > 0,
                "A's next() was not even called after leaseLost; " + a.describe());
        a.closeQuietly();
        int dups = duplicates(a, b);
        assertEquals(0, dups, store + " " + scenario + ": IDs made by both A and B");
        assertTrue(b.made() > 0, "B made no ID after acquiring");
        long entered = a.firstStartOfUnit(lastUnit);
        System.out.printf(Locale.ROOT, "[partition] %s %s: %s, takeover after %d ms, A's last new unit %d ms before the"
                + " takeover, ids A=%d B=%d, duplicates 0 (A first refused %d ms after the fault began; leaseLost"
                + " %d ms %s the heal; events %s; renewals %s)%n", store, scenario, cut, (b.acquiredEnd - cutAt) / MS,
                (b.acquiredStart - entered) / MS, a.made(), b.made(), (a.firstRefusalAfter(cutAt) - cutAt) / MS,
                Math.abs(lostAt - healAt) / MS, lostAt - healAt < 0 ? "before" : "after", events,
                storeA.summarySince(cutAt - leaseNanos));
    }

    /** Waits for a renewal of A's that starts after A's first IDs, then applies fault right after the next. */
    private long cutAfterRenewal(Maker a, Runnable fault) {
        await(() -> a.made() > 100, System.nanoTime() + 20_000 * MS, () -> "A's first IDs; " + a.describe());
        awaitRenewal(awaitRenewal(System.nanoTime()));
        fault.run();
        return System.nanoTime();
    }

    /** Waits for a successful renewal of A's that started after since; returns its start. */
    private long awaitRenewal(long since) {
        await(() -> storeA.firstOkStartAfter(since) != 0, since + 2 * leaseNanos + 20_000 * MS, () ->
                "a successful renewal of A's; renewals " + storeA);
        return storeA.firstOkStartAfter(since);
    }

    private long eventAt(String event) {
        int i = events.indexOf(event);
        return i < 0 ? 0 : eventTimes.get(i)[0];
    }

    private static int duplicates(Maker a, Taker b) {
        Set<SnoId> seen = new HashSet<>();
        int dups = 0;
        for (Made m : a.ids()) {
            dups += seen.add(m.id) ? 0 : 1;
        }
        for (Made m : b.maker.ids()) {
            dups += seen.add(m.id) ? 0 : 1;
        }
        return dups;
    }

    /** Parks until the nanoTime deadline (a lease or a cut to run its course). */
    private static void parkUntil(long deadline) {
        for (long left; (left = deadline - System.nanoTime()) > 0;) {
            LockSupport.parkNanos(left);
        }
    }

    private static void await(BooleanSupplier condition, long deadline, Supplier<String> what) {
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                fail("timed out waiting for " + what.get());
            }
            LockSupport.parkNanos(2 * MS);
        }
    }

    /** An ID and when the call that returned it started. */
    private record Made(long start, SnoId id) {
    }

    /** A thread calling next() on a generator about every 200 us, recording what each call did. */
    private static final class Maker {
        final String name;
        final SnoGenerator generator;
        private final List<Made> made = new ArrayList<>();
        private final List<Long> refused = new ArrayList<>();
        private volatile boolean running = true;
        private volatile Throwable unexpected;
        private final Thread thread;

        Maker(String name, SnoGenerator generator) {
            this.name = name;
            this.generator = generator;
            this.thread = new Thread(this::run, "partition-drill-" + name);
            thread.setDaemon(true);
            thread.start();
        }

        private void run() {
            while (running) {
                long start = System.nanoTime();
                try {
                    SnoId id = generator.next(0);
                    synchronized (this) {
                        made.add(new Made(start, id));
                    }
                } catch (StateStoreException e) {
                    synchronized (this) {
                        refused.add(start);
                    }
                } catch (RuntimeException | Error e) {
                    unexpected = e; // neither an ID nor a refusal: the drill's checks fail, naming it
                    throw e;
                }
                LockSupport.parkNanos(200_000L);
            }
        }

        void stop() {
            running = false;
            try {
                thread.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        void closeQuietly() {
            generator.close(); // a lost lease: nothing saved, nothing thrown (SPEC 11.2, Release)
        }

        synchronized List<Made> ids() {
            return List.copyOf(made);
        }

        synchronized int made() {
            return made.size();
        }

        synchronized int madeSince(long t) {
            return (int) made.stream().filter(m -> m.start - t > 0).count();
        }

        synchronized long refusedBetween(long from, long to) {
            return refused.stream().filter(r -> r - from > 0 && to - r > 0).count();
        }

        synchronized long firstRefusalAfter(long t) {
            return refused.stream().filter(r -> r - t > 0).findFirst().orElse(t);
        }

        synchronized long maxUnitStartedBefore(long t) {
            return made.stream().filter(m -> t - m.start >= 0).mapToLong(m -> m.id.timeUnits()).max().orElse(-1);
        }

        synchronized long lastStart() {
            return made.isEmpty() ? 0 : made.get(made.size() - 1).start;
        }

        synchronized long firstStartOfUnit(long unit) {
            return made.stream().filter(m -> m.id.timeUnits() == unit).mapToLong(Made::start).findFirst().orElse(0);
        }

        synchronized String describe() {
            return name + ": " + made.size() + " IDs, " + refused.size() + " refused calls"
                    + (made.isEmpty() ? "" : ", the last ID from a call started " + (System.nanoTime()
                            - made.get(made.size() - 1).start) / MS + " ms ago, in unit " + made.get(made.size() - 1)
                            .id.timeUnits() + " (the wall clock's: " + (System.currentTimeMillis()
                            - SnoId.EPOCH.toEpochMilli()) / SnoId.TIME_UNIT.toMillis() + ", " + made.stream().mapToLong(m -> m.id.timeUnits())
                            .distinct().count() + " units in all)")
                    + (unexpected == null ? "" : ", and then next() threw " + unexpected);
        }
    }

    /** B: polls acquire() from a given moment until it gets the partition, then makes IDs. */
    private final class Taker {
        volatile long acquiredStart;
        volatile long acquiredEnd;
        volatile Maker maker;
        private volatile boolean running = true;
        private volatile Throwable failure;
        private Thread thread;

        void start(long from) {
            thread = new Thread(() -> {
                parkUntil(from);
                while (running) {
                    long start = System.nanoTime();
                    try {
                        SnoGenerator g = leasesB.acquire();
                        acquiredStart = start;
                        acquiredEnd = System.nanoTime();
                        maker = new Maker("B", g);
                        return;
                    } catch (IllegalStateException held) {
                        LockSupport.parkNanos(20 * MS);
                    } catch (IOException | RuntimeException e) {
                        failure = e;
                        return;
                    }
                }
            }, "partition-drill-taker");
            thread.setDaemon(true);
            thread.start();
        }

        boolean acquired() {
            assertNotNull(thread, "B was not started");
            if (failure != null) {
                throw new AssertionError("B's acquire() failed: " + failure, failure);
            }
            return maker != null;
        }

        int made() {
            return maker == null ? 0 : maker.made();
        }

        void stop() {
            running = false;
            if (thread != null) {
                try {
                    thread.join(10_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            Maker m = maker;
            if (m != null && m.running) {
                m.stop();
                m.generator.close();
            }
        }
    }

    /** A's listener: every event with its nanoTime. */
    private final class Events implements LeaseListener {
        private void add(String event) {
            synchronized (events) {
                eventTimes.add(new long[] {System.nanoTime()});
                events.add(event);
            }
        }

        @Override
        public void renewalFailed(PartitionLease lease, Exception cause) {
            add("renewalFailed");
        }

        @Override
        public void leaseLost(PartitionLease lease, LeaseLostException cause) {
            add("leaseLost");
        }

        @Override
        public void leaseRecovered(PartitionLease lease) {
            add("leaseRecovered");
        }
    }

    /** A's store, passed through, with each renewal's start, end and outcome (1 ok, 0 refused, -1 failed). */
    private static final class Observed implements LeaseStore {
        private final LeaseStore store;
        private final List<long[]> renewals = new CopyOnWriteArrayList<>();

        Observed(LeaseStore store) {
            this.store = store;
        }

        @Override
        public void prepare(String namespace, int lo, int hi) throws IOException {
            store.prepare(namespace, lo, hi);
        }

        @Override
        public Optional<Grant> acquire(Claim claim) throws IOException {
            return store.acquire(claim);
        }

        @Override
        public boolean renew(PartitionLease lease, String token, Duration leaseDuration, GeneratorSnapshot state)
                throws IOException {
            long start = System.nanoTime();
            int outcome = -1;
            try {
                boolean ok = store.renew(lease, token, leaseDuration, state);
                outcome = ok ? 1 : 0;
                return ok;
            } finally {
                renewals.add(new long[] {start, System.nanoTime(), outcome});
            }
        }

        @Override
        public boolean release(PartitionLease lease, String token) throws IOException {
            return store.release(lease, token);
        }

        @Override
        public boolean abandon(Claim claim) throws IOException {
            return store.abandon(claim);
        }

        @Override
        public Duration leaseDurationFor(Duration leaseDuration) throws IOException {
            return store.leaseDurationFor(leaseDuration);
        }

        @Override
        public Runnable watch(PartitionLease lease, String token, Watcher watcher) {
            return store.watch(lease, token, watcher);
        }

        long firstOkStartAfter(long t) {
            return renewals.stream().filter(r -> r[2] == 1 && r[0] - t > 0).mapToLong(r -> r[0]).findFirst().orElse(0);
        }

        /** The end of the first successful renewal that started in (from, to), or 0. */
        long okStartedBetween(long from, long to) {
            return renewals.stream().filter(r -> r[2] == 1 && r[0] - from > 0 && to - r[0] > 0).mapToLong(r -> r[1])
                    .findFirst().orElse(0);
        }

        /** The start of the first successful renewal that started in (from, to), or 0. */
        long okStartBetween(long from, long to) {
            return renewals.stream().filter(r -> r[2] == 1 && r[0] - from > 0 && to - r[0] > 0).mapToLong(r -> r[0])
                    .findFirst().orElse(0);
        }

        int okSince(long t) {
            return (int) renewals.stream().filter(r -> r[2] == 1 && r[0] - t > 0).count();
        }

        /** The quickest successful renewal since t: latency only adds, so this one shows it best. */
        long quickestOkSince(long t) {
            return renewals.stream().filter(r -> r[2] == 1 && r[0] - t > 0).mapToLong(r -> r[1] - r[0]).min().orElse(0);
        }

        String summarySince(long t) {
            List<long[]> rs = renewals.stream().filter(r -> r[0] - t > 0).toList();
            return rs.stream().filter(r -> r[2] == 1).count() + " ok, " + rs.stream().filter(r -> r[2] == 0).count()
                    + " refused, " + rs.stream().filter(r -> r[2] == -1).count() + " failed (took "
                    + rs.stream().map(r -> (r[1] - r[0]) / MS + (r[2] == 1 ? "" : r[2] == 0 ? "R" : "F"))
                    .collect(Collectors.joining(" ")) + " ms)";
        }

        @Override
        public String toString() {
            return renewals.isEmpty() ? "none" : summarySince(renewals.get(0)[0] - 1);
        }
    }
}
