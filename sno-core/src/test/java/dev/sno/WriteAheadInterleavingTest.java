package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.testsupport.LogCapture;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A clock reading taken before a regression, saved after the regression's record: forced, not
 * waited for. A hooked clock holds one thread inside its clock reading (with the value already
 * read) until another thread's regression has been saved, or is queued behind the lock the held
 * thread is in. The durable record must then be the regression's own, whose horizon is counted
 * from the new timeline's clock; a record counted from the stale reading is safe to restore but
 * holds a restart back by the depth of the regression (see WriteAhead's design notes).
 */
class WriteAheadInterleavingTest {

    /** The restart's wait is logged; claimed here. */
    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    private static final long T = 4_000_000_000L;

    /** 2 s of write-ahead, in 4 ms units. */
    private static final long AHEAD = 500;

    /** Two hours of 4 ms units: how far the clock goes back. */
    private static final long DEPTH = 1_800_000;

    private static final long BOUND_NANOS = TimeUnit.SECONDS.toNanos(20);

    /**
     * A scripted clock that holds the first reading of a chosen thread until told to go on, and
     * tells when that thread reads it again (when it is done with the held reading).
     */
    private static final class HookedClock implements SnoClock {
        final ScriptedClock clock;
        final CountDownLatch read = new CountDownLatch(1);
        final CountDownLatch readAgain = new CountDownLatch(1);
        volatile Thread held;
        final AtomicReference<Predicate<Thread>> armed = new AtomicReference<>();
        volatile BooleanSupplier goOn = () -> true;
        volatile String failure;

        HookedClock(ScriptedClock clock) {
            this.clock = clock;
        }

        @Override
        public long millis() {
            long millis = clock.millis();
            if (Thread.currentThread() == held) {
                readAgain.countDown();
            }
            Predicate<Thread> who = armed.get();
            if (who != null && who.test(Thread.currentThread()) && armed.compareAndSet(who, null)) {
                read.countDown();
                long deadline = System.nanoTime() + BOUND_NANOS;
                while (!goOn.getAsBoolean()) {
                    if (System.nanoTime() - deadline > 0) {
                        failure = "the held reading was never let go";
                        break;
                    }
                    LockSupport.parkNanos(100_000L);
                }
                held = Thread.currentThread();
            }
            return millis; // the value read before the hold: stale by now
        }

        void awaitRead() throws InterruptedException {
            assertTrue(read.await(BOUND_NANOS, TimeUnit.NANOSECONDS), "the hooked thread never read the clock");
        }

        /** Until the held thread reads the clock again: it has saved (or not) with the held reading. */
        void awaitReadAgain() throws InterruptedException {
            assertTrue(readAgain.await(BOUND_NANOS, TimeUnit.NANOSECONDS), "the hooked thread never read the clock again");
        }
    }

    private static boolean isWriter(Thread t) {
        return t.getName().startsWith("sno-state-writer");
    }

    /** Done, or parked on a lock (the generator's, held by the hooked thread). */
    private static boolean doneOrQueuedOnALock(Thread t) {
        Thread.State state = t.getState();
        return state == Thread.State.TERMINATED
                || state == Thread.State.WAITING && LockSupport.getBlocker(t) instanceof AbstractQueuedSynchronizer;
    }

    /** The record a regression from unit high to unit at saves, on a fresh generator (drifts 1). */
    private static GeneratorSnapshot regressionRecord(long at, long high) {
        return new GeneratorSnapshot(1, 0, 65535, 65535, at, at + AHEAD, high, 1);
    }

    /**
     * A restart right after a crash, with the clock 10 units into the new timeline: it may not
     * continue that bit below the record's horizon, nor the other bit below the old high mark.
     * How long it waits is what the record's horizon decides.
     */
    private static ClockRegressionException restartRefusal(GeneratorSnapshot record, ScriptedClock clock, long at) {
        clock.setUnit(at + 10);
        SnoGenerator restarted = SnoGenerator.builder().stateStore(new TestStores.Memory(record)).clock(clock)
                .maxRegressionWait(Duration.ZERO).build();
        try {
            return assertThrows(ClockRegressionException.class, () -> restarted.next(0));
        } finally {
            restarted.close();
        }
    }

    @Test
    void theBackgroundWritersReadingBeforeARegressionIsNotSavedAfterIt() throws Exception {
        TestStores.Memory store = new TestStores.Memory();
        ScriptedClock scripted = ScriptedClock.atUnit(T);
        HookedClock clock = new HookedClock(scripted);
        long renewal = T + AHEAD * 3 / 5;                      // the writer renews from here
        long back = renewal - DEPTH;
        GeneratorSnapshot crashed;
        try (SnoGenerator g = SnoGenerator.builder().partition(1).stateStore(store).clock(clock).build()) {
            g.next(0);                                         // the first record, horizon T + 500
            CompletableFuture<SnoId> regressed = new CompletableFuture<>();
            Thread regression = new Thread(() -> {
                try {
                    regressed.complete(g.next(0));
                } catch (RuntimeException e) {
                    regressed.completeExceptionally(e);
                }
            }, "regression");
            clock.goOn = () -> doneOrQueuedOnALock(regression);
            clock.armed.set(WriteAheadInterleavingTest::isWriter);
            scripted.setUnit(renewal);
            g.next(0);                                         // reaches the renewal point: wakes the writer
            clock.awaitRead();                                 // the writer holds its reading of `renewal`
            scripted.setUnit(back);                            // two hours back
            regression.start();                                // saves the new timeline, or queues behind the writer
            SnoId first = regressed.get(20, TimeUnit.SECONDS);
            clock.awaitReadAgain();                            // the writer's next round: done with its reading
            assertTrue(first.tickTock());
            assertEquals(back, first.timeUnits());
            assertNull(clock.failure);
            GeneratorSnapshot last = store.load().orElseThrow();
            assertEquals(regressionRecord(back, renewal), last,
                    "the record of the new timeline, its horizon counted from the new timeline's clock");
            assertFalse(store.saved().stream().anyMatch(r -> r.drifts() == 1 && r.now() != back),
                    () -> "a record of the new timeline with a reading of the old one: " + store.saved());
            crashed = last;                                    // a crash here leaves this record
        }
        ClockRegressionException e = restartRefusal(crashed, scripted, back);
        assertEquals(Instant.ofEpochMilli(ScriptedClock.millisOfUnit(back + AHEAD)), e.safeTime(),
                "a restart waits for the new timeline's horizon (2 s), not for the old high mark (two hours)");
        logs.expect(Level.WARNING, "The state in the memory store holds the first ID back until");
    }

    @Test
    void aCallersReadingBeforeARegressionIsNotSavedAfterIt() throws Exception {
        TestStores.Memory store = new TestStores.Memory();
        ScriptedClock scripted = ScriptedClock.atUnit(T);
        HookedClock clock = new HookedClock(scripted);
        long beyond = T + AHEAD + 100;                         // past the horizon: the caller must save
        long back = T - DEPTH;
        GeneratorSnapshot crashed;
        try (SnoGenerator g = SnoGenerator.builder().partition(1).stateStore(store).clock(clock).build()) {
            g.next(0);                                         // the first record, horizon T + 500
            CompletableFuture<SnoId> regressed = new CompletableFuture<>();
            clock.goOn = regressed::isDone;
            clock.armed.set(t -> t.getName().equals("late caller"));
            CompletableFuture<SnoId> late = new CompletableFuture<>();
            Thread caller = new Thread(() -> {
                try {
                    late.complete(g.next(0));                  // reads the state (unit T), then the clock
                } catch (RuntimeException ex) {
                    late.completeExceptionally(ex);
                }
            }, "late caller");
            scripted.setUnit(beyond);
            caller.start();
            clock.awaitRead();                                 // it holds its reading of `beyond`
            scripted.setUnit(back);
            regressed.complete(g.next(0));                     // the regression saves the new timeline
            SnoId id = late.get(20, TimeUnit.SECONDS);         // then the late caller goes on
            assertTrue(id.tickTock(), "the late caller starts over on the new timeline: " + id);
            assertEquals(back, id.timeUnits());
            assertNull(clock.failure);
            crashed = store.load().orElseThrow();              // a crash here leaves this record
            assertEquals(regressionRecord(back, T), crashed,
                    "no save of the late caller's stale reading over the new timeline's record");
        }
        ClockRegressionException e = restartRefusal(crashed, scripted, back);
        assertEquals(Instant.ofEpochMilli(ScriptedClock.millisOfUnit(back + AHEAD)), e.safeTime(),
                "a restart waits for the new timeline's horizon (2 s), not for the old high mark (two hours)");
        logs.expect(Level.WARNING, "The state in the memory store holds the first ID back until");
    }
}
