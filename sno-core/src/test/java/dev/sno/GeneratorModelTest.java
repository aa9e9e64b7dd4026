package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Randomized clock scripts (forward, back, a one-second leap back, a one-hour leap back,
 * repeated regressions) run against a plain model of the reference's rules.
 */
class GeneratorModelTest {

    /** The reference's rules, single-threaded and obviously correct. */
    static final class Model {
        final int partition;
        final int min;
        final int max;
        long wallHi;
        long wallSafe;
        long drifts;
        long seq;

        Model(int partition, int min, int max, long wallHi, long wallSafe, long drifts, long seq) {
            this.partition = partition;
            this.min = min;
            this.max = max;
            this.wallHi = wallHi;
            this.wallSafe = wallSafe;
            this.drifts = drifts;
            this.seq = seq;
        }

        /** Whether next() at now would stall on an exhausted pool. */
        boolean exhausted(long now) {
            return now == wallHi && seq >= max;
        }

        /** Whether next() at now is in the unsafe past. */
        boolean unsafe(long now) {
            return now < wallHi && now <= wallSafe;
        }

        /**
         * Where a caller in the unsafe past may go on: the clock back at wallHi (the current
         * timeline continues) or past wallSafe (a regression it may take), whichever is first.
         */
        long release() {
            return Math.min(wallHi, wallSafe + 1);
        }

        SnoId next(long now, int meta) {
            if (now == wallHi) {
                seq++;
            } else if (now > wallHi) {
                wallHi = now;
                seq = min;
            } else {
                wallSafe = wallHi;
                wallHi = now;
                drifts++;
                seq = min;
            }
            return SnoId.of(Instant.ofEpochMilli(ScriptedClock.millisOfUnit(now)), (drifts & 1) == 1, meta,
                    partition, (int) seq);
        }
    }

    private static final long START = 4_000_000_000L;

    @Test
    void randomClockScriptsMatchTheModelAndNeverRepeat() {
        long[] seen = new long[4];
        Property.forAll("clock script", 300, r -> runScript(r, 400, seen));
        // The scripts must actually exercise every branch.
        assertTrue(seen[0] > 300, "drifts: " + seen[0]);
        assertTrue(seen[1] > 100, "unsafe-past refusals: " + seen[1]);
        assertTrue(seen[2] > 1000, "same-unit calls: " + seen[2]);
        assertTrue(seen[3] > 1000, "batches: " + seen[3]);
    }

    /** counts: [0] drifts, [1] unsafe-past refusals, [2] same-unit calls, [3] batches. */
    private static void runScript(SplittableRandom r, int steps, long[] counts) {
        int partition = r.nextInt(65536);
        int min = r.nextBoolean() ? 0 : r.nextInt(60000);
        int max = min + 3 + r.nextInt(65536 - min - 3);
        ScriptedClock clock = ScriptedClock.atUnit(START);
        SnoGenerator g = SnoGenerator.builder().partition(partition).sequenceRange(min, max)
                .clock(clock).maxRegressionWait(Duration.ZERO).build();
        Model model = new Model(partition, min, max, 0, 0, 0, min);
        Set<SnoId> seen = new HashSet<>();
        for (int step = 0; step < steps; step++) {
            long unit = clock.unit();
            switch (r.nextInt(10)) {
                case 0: case 1: case 2: unit += 1 + r.nextInt(3); break;
                case 3: unit += 1 + r.nextInt(2000); break;
                case 4: case 5: unit -= 1 + r.nextInt(10); break;
                case 6: unit -= 250; break;                       // one second back
                case 7: if (r.nextInt(10) == 0) { unit -= 900_000; } break; // one hour back
                default: break;                                   // same unit
            }
            clock.setUnit(unit);
            final long at = unit;
            int calls = 1 + r.nextInt(4);
            for (int c = 0; c < calls; c++) {
                int meta = r.nextInt(4) == 0 ? r.nextInt(256) : 7;
                if (model.exhausted(at)) {
                    break; // would stall: covered by the overflow tests
                }
                if (model.unsafe(at)) {
                    counts[1]++;
                    ClockRegressionException e = assertThrows(ClockRegressionException.class, () -> g.next(meta));
                    assertEquals(Instant.ofEpochMilli(ScriptedClock.millisOfUnit(at)), e.clockTime());
                    assertEquals(Instant.ofEpochMilli(ScriptedClock.millisOfUnit(model.release())), e.safeTime());
                    break;
                }
                if (at < model.wallHi) {
                    counts[0]++;
                } else if (at == model.wallHi) {
                    counts[2]++;
                }
                if (r.nextInt(4) == 0) {
                    // A batch is the same IDs as that many calls of next, as long as none stalls.
                    long room = at == model.wallHi ? max - model.seq : max - min + 1;
                    int count = (int) Math.min(room, 1 + r.nextInt(300));
                    SnoId[] batch = g.nextBatch(meta, count);
                    assertEquals(count, batch.length);
                    for (int i = 0; i < count; i++) {
                        SnoId expected = model.next(at, meta);
                        int index = i;
                        assertEquals(expected, batch[i], () -> "batch element " + index + " at unit " + at);
                        assertTrue(seen.add(batch[i]), () -> "repeated " + batch[index]);
                    }
                    counts[3]++;
                    continue;
                }
                SnoId expected = model.next(at, meta);
                SnoId got = g.next(meta);
                assertEquals(expected, got, () -> "step at unit " + at);
                assertTrue(seen.add(got), () -> "repeated " + got);
            }
            GeneratorSnapshot s = g.snapshot();
            assertEquals(model.wallHi, s.wallHi());
            assertEquals(model.wallSafe, s.wallSafe());
            assertEquals(model.drifts, s.drifts());
            assertEquals(at == model.wallHi ? model.seq : min, s.sequence());
        }
    }

    @Test
    void aSecondRegressionIntoTheUnsafePastWaitsForTheClock() throws Exception {
        ScriptedClock clock = ScriptedClock.atUnit(START + 100);
        SnoGenerator g = SnoGenerator.builder().partition(1).clock(clock).build();
        g.next(0);                               // wallHi = START + 100
        clock.setUnit(START + 50);
        SnoId first = g.next(0);                 // first regression: tick-tock, safe mark START + 100
        assertTrue(first.tickTock());
        clock.setUnit(START + 120);
        g.next(0);                               // forward again on the new timeline
        clock.setUnit(START + 90);               // second regression, to before the safe mark

        CompletableFuture<SnoId> waiting = CompletableFuture.supplyAsync(() -> g.next(0));
        awaitParked(waiting);
        assertTrue(!waiting.isDone(), "must not make an ID in the unsafe past");

        clock.setUnit(START + 101);              // past the safe mark: a regression it may take
        SnoId id = waiting.get(10, TimeUnit.SECONDS);
        assertEquals(START + 101, id.timeUnits());
        assertTrue(!id.tickTock(), "toggled back");
        assertEquals(2, g.snapshot().drifts());
        assertEquals(START + 120, g.snapshot().wallSafe());
    }

    @Test
    void maxRegressionWaitThrowsNamingBothTimesAndMakesNoId() {
        ScriptedClock clock = ScriptedClock.atUnit(START + 100);
        SnoGenerator g = SnoGenerator.builder().partition(1).clock(clock)
                .maxRegressionWait(Duration.ofSeconds(1)).build();
        g.next(0);
        clock.setUnit(START + 50);
        g.next(0);
        clock.setUnit(START + 100 - 900_000);    // an hour before the timeline's high mark: beyond the wait
        ClockRegressionException e = assertThrows(ClockRegressionException.class, () -> g.next(0));
        Instant clockTime = Instant.ofEpochMilli(ScriptedClock.millisOfUnit(START + 100 - 900_000));
        Instant safeTime = Instant.ofEpochMilli(ScriptedClock.millisOfUnit(START + 50));
        assertEquals(clockTime, e.clockTime());
        assertEquals(safeTime, e.safeTime());
        assertEquals("Clock regressed to " + clockTime + " after an earlier regression; IDs cannot be made"
                + " without risking repeats until " + safeTime + ", which is more than the maximum"
                + " regression wait PT1S away", e.getMessage());
        GeneratorSnapshot s = g.snapshot();
        assertEquals(START + 50, s.wallHi());
        assertEquals(1, s.drifts());
    }

    @Test
    void aHugeMaxRegressionWaitStillWaitsInsteadOfOverflowing() throws Exception {
        ScriptedClock clock = ScriptedClock.atUnit(START + 100);
        SnoGenerator g = SnoGenerator.builder().partition(1).clock(clock)
                .maxRegressionWait(Duration.ofSeconds(Long.MAX_VALUE)).build();
        g.next(0);
        clock.setUnit(START + 50);
        g.next(0);
        clock.setUnit(START + 60);
        g.next(0);
        clock.setUnit(START + 40);
        CompletableFuture<SnoId> waiting = CompletableFuture.supplyAsync(() -> g.next(0));
        awaitParked(waiting);
        clock.setUnit(START + 101);
        assertEquals(START + 101, waiting.get(10, TimeUnit.SECONDS).timeUnits());
    }

    /** Waits until the future's worker is parked inside the generator (not sleeping here). */
    static void awaitParked(CompletableFuture<?> f) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                for (StackTraceElement e : t.getStackTrace()) {
                    if (e.getClassName().equals(SnoGenerator.class.getName())
                            && (e.getMethodName().equals("awaitUnsafePast") || e.getMethodName().equals("stall"))
                            && (t.getState() == Thread.State.TIMED_WAITING || t.getState() == Thread.State.WAITING)) {
                        return;
                    }
                }
            }
            if (f.isDone()) {
                fail("finished instead of waiting: " + f.join());
            }
            Thread.onSpinWait();
        }
        fail("no thread parked in the generator");
    }
}
