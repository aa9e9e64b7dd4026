package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/** Many threads, one or several generators: never a duplicate. */
class GeneratorConcurrencyTest {

    /** Runs body(i) on n threads released together; rethrows the first failure. */
    static void runThreads(int n, IntFunction<Runnable> body) throws Exception {
        CyclicBarrier barrier = new CyclicBarrier(n);
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Runnable r = body.apply(i);
            Thread t = new Thread(() -> {
                try {
                    barrier.await();
                    r.run();
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, "gen-" + i);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        if (!failures.isEmpty()) {
            AssertionError e = new AssertionError(failures.size() + " thread(s) failed", failures.get(0));
            throw e;
        }
    }

    /** ID bytes 0..4 and 8..9 as one long: unique per ID when meta and partition are fixed. */
    private static long key(SnoId id) {
        return id.timeUnits() << 17 | (id.tickTock() ? 1L << 16 : 0) | id.sequence();
    }

    @Test
    void sixteenThreadsOfAMillionIdsEachOnOneGenerator() throws Exception {
        int threads = 16;
        int perThread = 1_000_000;
        SnoGenerator g = SnoGenerator.builder().partition(0x1234).build();
        long[][] keys = new long[threads][perThread];
        long start = SnoId.firstAt(Instant.now()).timeUnits();
        runThreads(threads, t -> () -> {
            long[] mine = keys[t];
            SnoId previous = null;
            for (int i = 0; i < perThread; i++) {
                SnoId id = g.next(42);
                if (previous != null && previous.compareTo(id) >= 0) {
                    throw new AssertionError("thread " + t + ": " + id + " after " + previous);
                }
                previous = id;
                mine[i] = key(id);
            }
        });
        long end = SnoId.firstAt(Instant.now()).timeUnits();
        long[] all = new long[threads * perThread];
        for (int t = 0; t < threads; t++) {
            System.arraycopy(keys[t], 0, all, t * perThread, perThread);
        }
        Arrays.parallelSort(all);
        for (int i = 1; i < all.length; i++) {
            if (all[i] == all[i - 1]) {
                throw new AssertionError("duplicate ID key " + Long.toHexString(all[i]));
            }
        }
        long firstUnit = all[0] >>> 17;
        long lastUnit = all[all.length - 1] >>> 17;
        assertTrue(firstUnit >= start && lastUnit <= end,
                "timestamps " + firstUnit + ".." + lastUnit + " outside " + start + ".." + end);
    }

    @Test
    void fourGeneratorsSharingAPartitionWithDisjointRangesNeverCollide() throws Exception {
        // A shared scripted clock that advances one millisecond every 50 reads. Halfway, once
        // every thread has made half its IDs, it jumps back to one second before its start:
        // every generator sees progressions, same-unit calls and one regression.
        AtomicLong reads = new AtomicLong();
        AtomicLong back = new AtomicLong();
        long base = ScriptedClock.millisOfUnit(4_000_000_000L);
        SnoClock clock = () -> base + reads.getAndIncrement() / 50 - back.get();
        int[][] ranges = {{0, 16383}, {16384, 32767}, {32768, 49151}, {49152, 65535}};
        SnoGenerator[] generators = new SnoGenerator[4];
        for (int i = 0; i < 4; i++) {
            generators[i] = SnoGenerator.builder().partition(0x5000).sequenceRange(ranges[i][0], ranges[i][1])
                    .clock(clock).build();
        }
        int perThread = 50_000;
        SnoId[][] ids = new SnoId[16][perThread];
        CyclicBarrier halfway = new CyclicBarrier(16, () -> back.set(reads.get() / 50 + 1000));
        runThreads(16, t -> () -> {
            SnoGenerator g = generators[t / 4];
            for (int i = 0; i < perThread; i++) {
                if (i == perThread / 2) {
                    await(halfway);
                }
                ids[t][i] = g.next(9);
            }
        });
        List<Set<SnoId>> sets = new ArrayList<>();
        for (int gi = 0; gi < 4; gi++) {
            Set<SnoId> set = new HashSet<>();
            for (int t = gi * 4; t < gi * 4 + 4; t++) {
                for (SnoId id : ids[t]) {
                    assertTrue(set.add(id), "duplicate within generator " + gi + ": " + id);
                    assertTrue(id.sequence() >= ranges[gi][0] && id.sequence() <= ranges[gi][1]);
                }
            }
            sets.add(set);
        }
        for (int a = 0; a < 4; a++) {
            for (int b = a + 1; b < 4; b++) {
                Set<SnoId> common = new HashSet<>(sets.get(a));
                common.retainAll(sets.get(b));
                assertTrue(common.isEmpty(), "generators " + a + " and " + b + " share " + common.size() + " IDs");
            }
        }
        for (SnoGenerator g : generators) {
            assertEquals(1, g.snapshot().drifts(), "each generator tick-tocked at the one regression");
        }
    }

    static void await(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void overflowOnTheSmallestPoolStallsCallersAndNotifiesTheListener() throws Exception {
        // The clock moves one millisecond every 16 reads: a unit lasts 64 reads, far more calls
        // than the pool of 4 can serve, so callers stall and wake at unit boundaries.
        AtomicLong reads = new AtomicLong();
        long base = ScriptedClock.millisOfUnit(4_000_000_000L);
        SnoClock clock = () -> base + reads.getAndIncrement() / 16;
        List<SequenceOverflowNotification> notes = new CopyOnWriteArrayList<>();
        SnoGenerator g = SnoGenerator.builder().partition(7).sequenceRange(100, 103).clock(clock)
                .overflowListener(notes::add).build();
        assertEquals(4, g.capacityPerUnit());
        int perThread = 300;
        SnoId[][] ids = new SnoId[8][perThread];
        runThreads(8, t -> () -> {
            for (int i = 0; i < perThread; i++) {
                ids[t][i] = g.next(1);
            }
        });
        Map<Long, Integer> perUnit = new HashMap<>();
        Set<SnoId> all = new HashSet<>();
        for (SnoId[] row : ids) {
            for (SnoId id : row) {
                assertTrue(all.add(id), "duplicate " + id);
                assertTrue(id.sequence() >= 100 && id.sequence() <= 103, "sequence " + id.sequence());
                perUnit.merge(id.timeUnits() << 1 | (id.tickTock() ? 1 : 0), 1, Integer::sum);
            }
        }
        assertEquals(8 * perThread, all.size());
        for (Map.Entry<Long, Integer> e : perUnit.entrySet()) {
            assertTrue(e.getValue() <= 4, "unit " + (e.getKey() >> 1) + " got " + e.getValue() + " IDs");
        }
        assertFalse(notes.isEmpty(), "the listener was never notified");
        long previous = Long.MIN_VALUE;
        for (SequenceOverflowNotification n : notes) {
            assertTrue(n.stalledCallers() >= 1 && n.consecutiveUnits() >= 1, n.toString());
            long unit = (n.unitStart().toEpochMilli() - SnoId.EPOCH_MILLIS) / 4;
            assertTrue(unit != previous, "two notifications for one unit: " + n);
            previous = unit;
        }
    }
}
