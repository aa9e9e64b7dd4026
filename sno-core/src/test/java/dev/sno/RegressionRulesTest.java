package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The regression rules of issue 9, each on a scripted clock: a stale reading never acts on a
 * regression another caller handled; the unsafe past ends as soon as it is safe; a far-future
 * reading costs at most one tick-tock; interrupted and closed callers leave the state word alone.
 */
class RegressionRulesTest {

    private static final long T = 4_000_000_000L;

    /** The generator's state word, read the way the generator itself reads it. */
    static long stateWord(SnoGenerator g) {
        try {
            VarHandle h = MethodHandles.privateLookupIn(SnoGenerator.class, MethodHandles.lookup())
                    .findVarHandle(SnoGenerator.class, "state", long.class);
            return (long) h.getVolatile(g);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aCallerWhoseReadingWentStaleNeverWaitsForOrThrowsOnARegressionAlreadyHandled() throws Exception {
        ScriptedClock shared = ScriptedClock.atUnit(T + 100);
        CountDownLatch readStale = new CountDownLatch(1);
        CountDownLatch handled = new CountDownLatch(1);
        Thread[] slow = new Thread[1];
        boolean[] first = {true};
        SnoClock clock = () -> {
            if (Thread.currentThread() == slow[0] && first[0]) {
                first[0] = false;
                readStale.countDown();
                try {
                    handled.await(); // the reading is taken now, and used after B's regression
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                return ScriptedClock.millisOfUnit(T + 50);
            }
            return shared.millis();
        };
        // Waiting is not allowed at all: the old rule would throw here.
        SnoGenerator g = SnoGenerator.builder().partition(1).clock(clock).maxRegressionWait(Duration.ZERO).build();
        g.next(0);                                         // wallHi = T + 100
        shared.setUnit(T + 50);
        CompletableFuture<SnoId> a = new CompletableFuture<>();
        slow[0] = new Thread(() -> {
            try {
                a.complete(g.next(0));
            } catch (RuntimeException e) {
                a.completeExceptionally(e);
            }
        });
        slow[0].start();
        readStale.await();                                 // A has read the state (T + 100), not yet the clock
        shared.setUnit(T + 60);
        SnoId b = g.next(0);                               // B: the regression, tick-tock at T + 60
        assertTrue(b.tickTock());
        assertEquals(T + 60, b.timeUnits());
        handled.countDown();                               // A now sees T + 50 <= wallSafe: stale
        SnoId fromA = a.get(10, TimeUnit.SECONDS);
        assertEquals(T + 60, fromA.timeUnits(), "A started over with a fresh reading");
        assertTrue(fromA.tickTock());
        assertEquals(b.sequence() + 1, fromA.sequence());
        assertEquals(1, g.snapshot().drifts(), "one regression, handled once");
    }

    @Test
    void theUnsafePastEndsWhenTheClockIsBackAtTheCurrentTimelinesHighMark() throws Exception {
        ScriptedClock clock = ScriptedClock.atUnit(T + 250);
        // A 500 ms bound: ample for a 4 ms step back, too little for the 1 s regression before it.
        SnoGenerator g = SnoGenerator.builder().partition(1).clock(clock)
                .maxRegressionWait(Duration.ofMillis(500)).build();
        g.next(0);
        clock.setUnit(T);                                  // 1 s back: tick-tock, wallSafe = T + 250
        g.next(0);
        clock.setUnit(T + 10);
        SnoId last = g.next(0);                            // the new timeline's high mark: T + 10
        clock.setUnit(T + 9);                              // 4 ms back: the unsafe past
        CompletableFuture<SnoId> waiting = CompletableFuture.supplyAsync(() -> g.next(0));
        GeneratorModelTest.awaitParked(waiting);
        clock.setUnit(T + 10);                             // back at the high mark: go on
        SnoId id = waiting.get(10, TimeUnit.SECONDS);
        assertEquals(T + 10, id.timeUnits());
        assertEquals(last.tickTock(), id.tickTock(), "the current timeline simply continues");
        assertEquals(last.sequence() + 1, id.sequence());
        assertEquals(1, g.snapshot().drifts());

        clock.setUnit(T + 9);
        SnoGenerator strict = SnoGenerator.builder().restore(g.snapshot()).clock(clock)
                .maxRegressionWait(Duration.ZERO).build();
        ClockRegressionException e = assertThrows(ClockRegressionException.class, () -> strict.next(0));
        assertEquals(Instant.ofEpochMilli(ScriptedClock.millisOfUnit(T + 10)), e.safeTime(),
                "the release point is the high mark, not the safe mark 1 s later");
    }

    @Test
    void theUnsafePastEndsWhenTheClockPassesTheSafeMarkIfThatComesFirst() throws Exception {
        ScriptedClock clock = ScriptedClock.atUnit(T + 100);
        SnoGenerator g = SnoGenerator.builder().partition(1).clock(clock).build();
        g.next(0);
        clock.setUnit(T + 50);
        g.next(0);                                         // tick 1, wallSafe T + 100
        clock.setUnit(T + 120);
        g.next(0);                                         // high mark T + 120
        clock.setUnit(T + 90);
        CompletableFuture<SnoId> waiting = CompletableFuture.supplyAsync(() -> g.next(0));
        GeneratorModelTest.awaitParked(waiting);
        clock.setUnit(T + 101);                            // past the safe mark (long before T + 120): tick-tock
        SnoId id = waiting.get(10, TimeUnit.SECONDS);
        assertTrue(id.timeUnits() == T + 101 && !id.tickTock(), id.toString());
    }

    @Test
    void aFarFutureReadingCostsOneTickTockNotALaterWait() {
        ScriptedClock clock = ScriptedClock.atUnit(T);
        SnoGenerator g = SnoGenerator.builder().partition(1).clock(clock)
                .maxRegressionWait(Duration.ofMillis(500)).build();
        g.next(0);
        clock.setUnit(T + 7_884_000_000L / 4);             // one reading a quarter of a year ahead
        g.next(0);
        clock.setUnit(T + 1);                              // back to the real time: one tick-tock
        assertTrue(g.next(0).tickTock());
        clock.setUnit(T + 2);
        g.next(0);
        clock.setUnit(T + 1);                              // a small step back, later: only 4 ms
        CompletableFuture<SnoId> waiting = CompletableFuture.supplyAsync(() -> g.next(0));
        clock.setUnit(T + 2);
        SnoId id = waiting.join();
        assertEquals(T + 2, id.timeUnits(), "waited for the current timeline, not for the far future");
        assertEquals(1, g.snapshot().drifts());
    }

    @Test
    void aFarFutureSafeMarkInASnapshotCostsNoLongWaitEither() {
        long far = T + 7_884_000_000L / 4;
        ScriptedClock clock = ScriptedClock.atUnit(T + 99);
        SnoGenerator g = SnoGenerator.builder().restore(new GeneratorSnapshot(3, 0, 65535, 5, T + 100, T + 100,
                far, 1)).clock(clock).maxRegressionWait(Duration.ZERO).build();
        ClockRegressionException e = assertThrows(ClockRegressionException.class, () -> g.next(0));
        assertEquals(Instant.ofEpochMilli(ScriptedClock.millisOfUnit(T + 100)), e.safeTime());
        clock.setUnit(T + 100);
        SnoId id = g.next(0);
        assertEquals(T + 100, id.timeUnits());
        assertEquals(6, id.sequence(), "continues the snapshot's timeline");
    }

    @Test
    void interruptedCallersOnAnExhaustedPoolLeaveTheStateWordAlone() {
        ScriptedClock clock = ScriptedClock.atUnit(T);
        SnoGenerator g = SnoGenerator.builder().partition(1).sequenceRange(0, 3).clock(clock).build();
        for (int i = 0; i < 4; i++) {
            g.next(0);
        }
        long before = stateWord(g);
        Thread.currentThread().interrupt();
        try {
            for (int i = 0; i < 10_000; i++) {
                assertThrows(CancellationException.class, () -> g.next(0));
            }
        } finally {
            assertTrue(Thread.interrupted(), "the interrupt status is kept");
        }
        assertEquals(before, stateWord(g), "no call added to the sequence field");
        clock.setUnit(T + 1);
        assertEquals(0, g.next(0).sequence());
    }

    @Test
    void aClosedGeneratorNeverChangesItsStateWordNorReturnsAnId() {
        ScriptedClock clock = ScriptedClock.atUnit(StateWord.LAST_CLOCK_UNIT);
        SnoGenerator g = SnoGenerator.builder().partition(1).clock(clock).build();
        g.next(0);
        g.close();
        long closed = stateWord(g);
        assertEquals(StateWord.PARKED, closed);
        for (int i = 0; i < 10_000; i++) {
            assertEquals("This SnoGenerator is closed",
                    assertThrows(IllegalStateException.class, () -> g.next(0)).getMessage());
        }
        assertEquals(closed, stateWord(g));
    }
}
