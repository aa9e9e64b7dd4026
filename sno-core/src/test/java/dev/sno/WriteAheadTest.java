package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.testsupport.LogCapture;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The write-ahead rules on a scripted clock and an in-memory store: what is durable when, who
 * waits for a save, what a failing store does, and how a restored generator behaves.
 */
class WriteAheadTest {

    /** The failing stores' warnings are asserted, not printed. */
    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    private static final long T = 4_000_000_000L;

    /** 2 s of write-ahead, in 4 ms units. */
    private static final long AHEAD = 500;

    @Test
    void everyIdReturnedIsCoveredByTheDurableRecordAndRenewalsAreAboutOnePerSecond() {
        TestStores.Memory store = new TestStores.Memory();
        ScriptedClock clock = ScriptedClock.atUnit(T);
        try (SnoGenerator g = SnoGenerator.builder().partition(1).stateStore(store).clock(clock).build()) {
            Set<SnoId> ids = new HashSet<>();
            for (int unit = 0; unit < 2500; unit++) {          // 10 s of clock time
                clock.setUnit(T + unit);
                for (int i = 0; i < 3; i++) {
                    SnoId id = g.next(0);
                    assertTrue(id.timeUnits() <= store.durableHigh(),
                            () -> id + " is beyond the durable horizon " + store.durableHigh());
                    assertTrue(ids.add(id));
                }
            }
            // At most one save per half horizon (1 s) of clock time, plus the first; at least one
            // per horizon (2 s), however late the background writer runs on a loaded machine.
            int saves = store.saved().size();
            assertTrue(saves >= 5 && saves <= 11, "saves in 10 s of clock time: " + saves);
        }
        GeneratorSnapshot last = store.load().orElseThrow();
        assertEquals(T + 2499, last.wallHi(), "close saves the exact final state");
        assertTrue(store.closed);
    }

    @Test
    void aCallerWhoseClockReachesTheHorizonWaitsForTheSave() throws Exception {
        TestStores.Memory store = new TestStores.Memory();
        ScriptedClock clock = ScriptedClock.atUnit(T);
        try (SnoGenerator g = SnoGenerator.builder().partition(1).stateStore(store).clock(clock).build()) {
            g.next(0);
            store.gate = new CountDownLatch(1);
            clock.setUnit(T + AHEAD + 1);                      // past the horizon in one jump
            CompletableFuture<SnoId> waiting = CompletableFuture.supplyAsync(() -> g.next(0));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (store.attempts.get() < 2 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertFalse(waiting.isDone(), "no ID before its unit is durable");
            store.gate.countDown();
            store.gate = null;
            assertEquals(T + AHEAD + 1, waiting.get(10, TimeUnit.SECONDS).timeUnits());
            assertTrue(store.durableHigh() >= T + AHEAD + 1);
        }
    }

    @Test
    void aRegressionIsSavedBeforeItsFirstId() {
        TestStores.Memory store = new TestStores.Memory();
        ScriptedClock clock = ScriptedClock.atUnit(T + 100);
        try (SnoGenerator g = SnoGenerator.builder().partition(1).stateStore(store).clock(clock).build()) {
            g.next(0);
            clock.setUnit(T + 40);
            SnoId first = g.next(0);
            assertTrue(first.tickTock());
            GeneratorSnapshot r = store.load().orElseThrow();
            assertEquals(1, r.drifts());
            assertEquals(T + 100, r.wallSafe());
            assertEquals(T + 40 + AHEAD, r.wallHi());
        }
    }

    /**
     * A regression's save that the store applied but whose answer was lost (a timeout after the
     * commit) fails the call and leaves the generator on its old timeline, while the durable record
     * names the new one, with the old high mark as its safe mark. Were the old timeline to go on
     * into new units up to its old horizon, a later holder restoring that record could tick-tock
     * back onto the same bit and make those units again (found by the lease model, LeaseModelTest,
     * with etcd's two-step renewal). So no new unit is entered until a save on the generator's own
     * timeline succeeds: every ID is covered by a durable record of its timeline.
     */
    @Test
    void aRegressionSaveAppliedButUnansweredStopsNewUnitsUntilASaveOnTheTimelineSucceeds() {
        TestStores.Memory store = new TestStores.Memory();
        ScriptedClock clock = ScriptedClock.atUnit(T + 100);
        try (SnoGenerator g = SnoGenerator.builder().partition(1).stateStore(store).clock(clock).build()) {
            SnoId before = g.next(0);
            store.appliedThenFailing = true;
            clock.setUnit(T + 40);
            assertThrows(StateStoreException.class, () -> g.next(0), "the regression's save failed");
            assertEquals(1, store.load().orElseThrow().drifts(), "the store applied the tick-tock record");
            store.appliedThenFailing = false;
            clock.setUnit(T + 101);                            // past the old high mark, within its old horizon
            Set<SnoId> ids = new HashSet<>(Set.of(before));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            int made = 0;
            while (made < 20) {
                assertTrue(System.nanoTime() < deadline, "no ID within 10 s of the store's recovery");
                SnoId id;
                try {
                    id = g.next(0);
                } catch (StateStoreException e) {
                    java.util.concurrent.locks.LockSupport.parkNanos(5_000_000L); // the writer's retry
                    continue;
                }
                GeneratorSnapshot durable = store.load().orElseThrow();
                assertFalse(id.tickTock(), "the old timeline goes on: " + id);
                assertEquals(0, durable.drifts(), () -> id + " (unit " + id.timeUnits() + ") was made while the"
                        + " durable record names the tick-tock timeline: " + durable);
                assertTrue(id.timeUnits() <= durable.wallHi(), () -> id + " is beyond the durable horizon " + durable);
                assertTrue(ids.add(id));
                made++;
            }
        }
    }

    @Test
    void aFailingStoreStopsIdsBeyondTheHorizonWithAClearErrorAndTheGeneratorRecoversByItself() throws Exception {
        TestStores.Memory store = new TestStores.Memory();
        ScriptedClock clock = ScriptedClock.atUnit(T);
        Set<SnoId> ids = new HashSet<>();
        try (SnoGenerator g = SnoGenerator.builder().partition(1).stateStore(store).clock(clock).build()) {
            ids.add(g.next(0));
            long horizon = store.durableHigh();
            store.failing = true;
            clock.setUnit(horizon);                            // still covered: no save needed
            assertTrue(ids.add(g.next(0)));
            clock.setUnit(horizon + 1);
            StateStoreException e = assertThrows(StateStoreException.class, () -> g.next(0));
            assertInstanceOf(IOException.class, e.getCause());
            assertTrue(e.getMessage().startsWith("Could not save the state of the sno generator to the memory store")
                    || e.getMessage().startsWith("The last save to the memory store failed"), e.getMessage());
            assertTrue(e.getMessage().contains("No space left on device (test)"), e.getMessage());
            int attempts = store.callerAttempts.get();
            StateStoreException again = assertThrows(StateStoreException.class, () -> g.next(0));
            assertTrue(again.getMessage().startsWith("The last save to the memory store failed"), again.getMessage());
            assertEquals(attempts, store.callerAttempts.get(),
                    "callers fail fast while the store fails; only the background writer retries");
            clock.setUnit(T + 10);                             // a regression needs a save too
            assertThrows(StateStoreException.class, () -> g.next(0));
            assertEquals(0, g.snapshot().drifts(), "no new timeline without its save");
            clock.setUnit(horizon + 1);
            store.failing = false;                             // the disk has room again
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            SnoId id = null;
            while (id == null && System.nanoTime() < deadline) {
                try {
                    id = g.next(0);
                } catch (StateStoreException stillFailing) {
                    Thread.onSpinWait();
                }
            }
            assertTrue(id != null, "the generator never recovered");
            assertTrue(ids.add(id));
            assertTrue(id.timeUnits() <= store.durableHigh());
        }
        logs.expect(Level.WARNING, "Could not save to the memory store (java.io.IOException: No space left on device (test))");
        logs.expect(Level.INFO, "Saving to the memory store works again");
    }

    @Test
    void aRestoreInTheUnitOfACleanCloseMakesNoIdThereWithoutASave() throws Exception {
        TestStores.Memory store = new TestStores.Memory();
        ScriptedClock clock = ScriptedClock.atUnit(T);
        Set<SnoId> ids = new HashSet<>();
        try (SnoGenerator g = SnoGenerator.builder().partition(1).stateStore(store).clock(clock).build()) {
            for (int i = 0; i < 3; i++) {
                ids.add(g.next(0));
            }
        }
        GeneratorSnapshot closed = store.load().orElseThrow();
        assertEquals(new GeneratorSnapshot(1, 0, 65535, 2, T, T, 0, 0), closed, "the exact final state");
        TestStores.Memory restored = new TestStores.Memory(closed);
        SnoGenerator g = SnoGenerator.builder().stateStore(restored).clock(clock).build();
        CompletableFuture<SnoId> waiting = CompletableFuture.supplyAsync(() -> g.next(0));
        GeneratorModelTest.awaitParked(waiting);                // unit T is not continued unsaved
        assertEquals(1, restored.saved().size(), "nothing saved, nothing made");
        clock.setUnit(T + 1);
        SnoId id = waiting.get(10, TimeUnit.SECONDS);
        assertEquals(T + 1, id.timeUnits());
        assertTrue(restored.durableHigh() >= T + 1, "made after its save");
        assertTrue(ids.add(id));
        g.close();
    }

    @Test
    void aRestartWithinTheHorizonTickTocksAndASecondOneWaitsForTheFirstsTimeline() {
        TestStores.Memory store = new TestStores.Memory();
        ScriptedClock clock = ScriptedClock.atUnit(T);
        Set<SnoId> ids = new HashSet<>();
        SnoGenerator first = SnoGenerator.builder().partition(1).stateStore(store).clock(clock).build();
        for (int i = 0; i < 100; i++) {
            clock.setUnit(T + i);
            ids.add(first.next(0));
        }
        store.failing = true;                                  // "crash": nothing more reaches the store
        GeneratorSnapshot crashed = store.load().orElseThrow();
        TestStores.Memory restarted = new TestStores.Memory(crashed);
        clock.setUnit(T - 10);                                 // the clock was set back meanwhile
        SnoGenerator second = SnoGenerator.builder().stateStore(restarted).clock(clock)
                .maxRegressionWait(Duration.ZERO).build();
        for (int i = 0; i < 200; i++) {
            clock.setUnit(T - 10 + i);
            SnoId id = second.next(0);
            assertTrue(id.tickTock(), "the other timeline");
            assertTrue(ids.add(id), () -> "repeated " + id);
        }
        restarted.failing = true;                              // a second crash
        TestStores.Memory again = new TestStores.Memory(restarted.load().orElseThrow());
        clock.setUnit(T - 20);
        SnoGenerator third = SnoGenerator.builder().stateStore(again).clock(clock)
                .maxRegressionWait(Duration.ZERO).build();
        ClockRegressionException e = assertThrows(ClockRegressionException.class, () -> third.next(0));
        long secondHorizon = T - 10 + AHEAD;                   // its timeline started at T - 10
        assertEquals(new GeneratorSnapshot(1, 0, 65535, 65535, T - 10, secondHorizon, crashed.wallHi(), 1),
                again.load().orElseThrow());
        assertEquals(Instant.ofEpochMilli(ScriptedClock.millisOfUnit(secondHorizon)), e.safeTime(),
                "neither timeline is free before the second run's horizon");
        clock.setUnit(secondHorizon + 1);                      // the horizon's own unit is taken as used up
        for (int i = 0; i < 100; i++) {
            SnoId id = third.next(0);
            assertTrue(ids.add(id), () -> "repeated " + id);
            clock.advance(4);
        }
        logs.expect(Level.WARNING, "The state in the memory store holds the first ID back until");
    }

    @Test
    void aStoreWithAValidityNeedsASuccessfulSaveForEveryUnitEnteredAfterIt() {
        // A validity of 1 ns has always run out by the next call: every new unit needs a save.
        TestStores.Memory fenced = new TestStores.Memory(Duration.ofNanos(1));
        TestStores.Memory plain = new TestStores.Memory();
        ScriptedClock clock = ScriptedClock.atUnit(T);
        try (SnoGenerator f = SnoGenerator.builder().partition(1).stateStore(fenced).clock(clock).build();
                SnoGenerator p = SnoGenerator.builder().partition(2).stateStore(plain).clock(clock).build()) {
            f.next(0);
            p.next(0);
            int saves = fenced.saved().size();
            clock.setUnit(T + 1);
            assertEquals(T + 1, f.next(0).timeUnits(), "a successful save lets the caller in");
            assertTrue(fenced.saved().size() > saves, "the new unit was entered after a save");
            fenced.failing = true;
            plain.failing = true;
            assertEquals(1, f.next(0).sequence(), "the same unit needs no save");
            clock.setUnit(T + 2);                              // well inside both horizons
            assertEquals(T + 2, p.next(0).timeUnits(), "a plain store's record stays valid");
            assertThrows(StateStoreException.class, () -> f.next(0), "a fenced store's record does not");
            fenced.failing = false;
            plain.failing = false;
        }
        logs.expect(Level.WARNING, "Could not save to the memory store (java.io.IOException: No space left on device (test))");
        logs.allow(Level.INFO, "Saving to the memory store works again"); // if the retry came before the close
    }

    @Test
    void aStoreWithALongValidityMakesIdsWithinTheHorizonWhileItFails() {
        TestStores.Memory fenced = new TestStores.Memory(Duration.ofHours(1));
        ScriptedClock clock = ScriptedClock.atUnit(T);
        try (SnoGenerator f = SnoGenerator.builder().partition(1).stateStore(fenced).clock(clock).build()) {
            f.next(0);
            fenced.failing = true;
            clock.setUnit(T + 2);
            assertEquals(T + 2, f.next(0).timeUnits());
            fenced.failing = false;
        }
    }
}
