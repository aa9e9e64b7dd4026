package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class SnoGeneratorTest {

    private static final long T = 4_000_000_000L;

    @Test
    void builderRejectsOutOfRangeSettingsNamingTheValues() {
        assertEquals("partition must be in [0, 65535]: partition=65536",
                assertThrows(IllegalArgumentException.class, () -> SnoGenerator.builder().partition(65536)).getMessage());
        assertEquals("partition must be in [0, 65535]: partition=-1",
                assertThrows(IllegalArgumentException.class, () -> SnoGenerator.builder().partition(-1)).getMessage());
        assertEquals("sequence bounds must be in [0, 65535]: sequenceMin=-1, sequenceMax=10",
                assertThrows(IllegalArgumentException.class,
                        () -> SnoGenerator.builder().sequenceRange(-1, 10)).getMessage());
        assertEquals("sequence bounds must be in [0, 65535]: sequenceMin=0, sequenceMax=65536",
                assertThrows(IllegalArgumentException.class,
                        () -> SnoGenerator.builder().sequenceRange(0, 65536)).getMessage());
        assertEquals("sequence pool must hold at least 4 values (sequenceMax >= sequenceMin + 3):"
                        + " sequenceMin=10, sequenceMax=12",
                assertThrows(IllegalArgumentException.class,
                        () -> SnoGenerator.builder().sequenceRange(10, 12)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> SnoGenerator.builder().sequenceRange(7, 7));
        assertEquals("maxRegressionWait must not be negative: maxRegressionWait=PT-0.001S",
                assertThrows(IllegalArgumentException.class,
                        () -> SnoGenerator.builder().maxRegressionWait(Duration.ofMillis(-1))).getMessage());
        assertEquals("clock", assertThrows(NullPointerException.class,
                () -> SnoGenerator.builder().clock(null)).getMessage());
    }

    @Test
    void sequenceRangeRequiresOrderedBoundsAndAcceptsTheSmallestPool() {
        assertEquals("sequenceMin must be <= sequenceMax: sequenceMin=13, sequenceMax=10",
                assertThrows(IllegalArgumentException.class,
                        () -> SnoGenerator.builder().sequenceRange(13, 10)).getMessage());
        SnoGenerator g = SnoGenerator.builder().partition(1).sequenceRange(10, 13).build();
        assertEquals(10, g.sequenceMin());
        assertEquals(13, g.sequenceMax());
        assertEquals(4, g.capacityPerUnit());
        SnoGenerator full = SnoGenerator.builder().partition(1).build();
        assertEquals(0, full.sequenceMin());
        assertEquals(65535, full.sequenceMax());
        assertEquals(65536, full.capacityPerUnit());
    }

    @Test
    void restoreAcceptsEveryRangeTheReferenceAccepts() {
        // The reference requires sequenceMax - sequenceMin >= 5; every such range must restore.
        for (int[] r : new int[][] {{0, 5}, {65530, 65535}, {5, 0}, {100, 0}, {65535, 0}, {0, 0}}) {
            SnoGenerator g = SnoGenerator.builder()
                    .restore(new GeneratorSnapshot(1, r[0], r[1], 0, 0, 0, 0, 0)).build();
            int min = Math.min(r[0], r[1] == 0 && r[0] != 65535 ? 65535 : r[1]);
            assertEquals(min, g.sequenceMin(), () -> r[0] + ".." + r[1]);
        }
        // The reference's zero rules: max 0 means 65535 unless min is 65535.
        SnoGenerator g = SnoGenerator.builder().restore(new GeneratorSnapshot(1, 100, 0, 0, 0, 0, 0, 0)).build();
        assertEquals(100, g.sequenceMin());
        assertEquals(65535, g.sequenceMax());
        SnoGenerator h = SnoGenerator.builder().restore(new GeneratorSnapshot(1, 65535, 0, 0, 0, 0, 0, 0)).build();
        assertEquals(0, h.sequenceMin());
        assertEquals(65535, h.sequenceMax());
    }

    @Test
    void restoreRejectsSnapshotsThatBreakTheRules() {
        assertEquals("Invalid generator snapshot: sequence bounds are identical, leaving no pool:"
                        + " sequenceMin=7, sequenceMax=7",
                assertThrows(IllegalArgumentException.class, () -> SnoGenerator.builder()
                        .restore(new GeneratorSnapshot(1, 7, 7, 0, 0, 0, 0, 0)).build()).getMessage());
        assertEquals("Invalid generator snapshot: sequence must be >= sequenceMin: sequence=5, sequenceMin=10",
                assertThrows(IllegalArgumentException.class, () -> SnoGenerator.builder()
                        .restore(new GeneratorSnapshot(1, 10, 100, 5, 0, 0, 0, 0)).build()).getMessage());
        assertThrows(IllegalArgumentException.class, () -> SnoGenerator.builder()
                .restore(new GeneratorSnapshot(1, 10, 11, 0, 0, 0, 0, 0)).build());
        assertThrows(IllegalArgumentException.class, () -> SnoGenerator.builder().partition(2)
                .restore(new GeneratorSnapshot(1, 0, 0, 0, 0, 0, 0, 0)).build());
    }

    @Test
    void snapshotRecordChecksEveryFieldRange() {
        assertEquals("Invalid generator snapshot: partition must be in [0, 65535]: partition=70000",
                assertThrows(IllegalArgumentException.class,
                        () -> new GeneratorSnapshot(70000, 0, 0, 0, 0, 0, 0, 0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new GeneratorSnapshot(0, -1, 0, 0, 0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new GeneratorSnapshot(0, 0, 65536, 0, 0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new GeneratorSnapshot(0, 0, 0, 1L << 32, 0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new GeneratorSnapshot(0, 0, 0, 0, -1, 0, 0, 0));
        assertEquals("Invalid generator snapshot: wallHi must be in [0, 549755813887]: wallHi=549755813888",
                assertThrows(IllegalArgumentException.class,
                        () -> new GeneratorSnapshot(0, 0, 0, 0, 0, 1L << 39, 0, 0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new GeneratorSnapshot(0, 0, 0, 0, 0, 0, -5, 0));
        assertThrows(IllegalArgumentException.class, () -> new GeneratorSnapshot(0, 0, 0, 0, 0, 0, 0, 1L << 32));
    }

    @Test
    void snapshotJsonIsTheReferenceForm() {
        GeneratorSnapshot s = new GeneratorSnapshot(0x410A, 0, 65535, 3, T + 5, T + 5, T, 1);
        assertEquals("{\"partition\":[65,10],\"sequenceMin\":0,\"sequenceMax\":65535,\"sequence\":3,"
                + "\"now\":4000000005,\"wallHi\":4000000005,\"wallSafe\":4000000000,\"drifts\":1}", s.toJson());
        assertEquals(s, GeneratorConformance.snapshot(Json.parse(s.toJson())));
    }

    @Test
    void metaOutOfRangeIsRejectedWithoutConsumingASequence() {
        ScriptedClock clock = ScriptedClock.atUnit(T);
        SnoGenerator g = SnoGenerator.builder().partition(3).clock(clock).build();
        assertEquals(0, g.next(0).sequence());
        assertEquals("Invalid sno ID meta: 256 (must be in [0, 255])",
                assertThrows(InvalidSnoIdException.class, () -> g.next(256)).getMessage());
        assertThrows(InvalidSnoIdException.class, () -> g.next(-1));
        assertEquals(1, g.next(0).sequence());
    }

    @Test
    void createHandsOutDistinctPartitions() {
        Set<Integer> partitions = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            assertTrue(partitions.add(SnoGenerator.create().partition()));
        }
        assertTrue(partitions.add(SnoGenerator.builder().build().partition()), "builder default too");
    }

    @Test
    void partitionPoolFailsAfterAllPartitionsInsteadOfRepeating() {
        PartitionPool pool = new PartitionPool(65530);
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 65536; i++) {
            assertTrue(seen.add(pool.next()));
        }
        assertEquals(65536, seen.size());
        IllegalStateException e = assertThrows(IllegalStateException.class, pool::next);
        assertTrue(e.getMessage().startsWith("All 65536 process-unique partitions have been handed out"),
                e.getMessage());
        assertThrows(IllegalStateException.class, pool::next);
        assertEquals(65530, new PartitionPool(65530).next(), "the first partition is the seed");
    }

    @Test
    void clockOutsideTheSnoRangeIsAnIllegalState() {
        SnoGenerator g = SnoGenerator.builder().partition(1).clock(() -> 0L).build();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> g.next(0));
        assertEquals("The clock reads 1970-01-01T00:00:00Z (0 ms), outside the time range a generator can use"
                + " [2010-01-01T00:00:00Z, 2079-09-07T15:47:35.547Z]", e.getMessage());
        // The last unit (MAX_TIME) is reserved: no clock reading may match the parked state word.
        SnoGenerator late = SnoGenerator.builder().partition(1).clock(() -> SnoId.MAX_TIME.toEpochMilli()).build();
        assertThrows(IllegalStateException.class, () -> late.next(0));
        SnoGenerator last = SnoGenerator.builder().partition(1)
                .clock(() -> SnoId.MAX_TIME.toEpochMilli() - 1).build();
        assertEquals(SnoId.MAX_TIME.minus(SnoId.TIME_UNIT), last.next(0).time());
    }

    @Test
    void nextWithTimeUsesItsOwnWrappingSequenceAndNoTickTock() {
        ScriptedClock clock = ScriptedClock.atUnit(T);
        SnoGenerator g = SnoGenerator.builder().partition(9).sequenceRange(20, 23).clock(clock).build();
        g.next(0);
        clock.setUnit(T - 10);
        assertTrue(g.next(0).tickTock(), "the live timeline tick-tocked");
        Instant t = Instant.parse("2015-06-01T10:00:00.0071Z");
        int[] expected = {20, 21, 22, 23, 20, 21};
        for (int seq : expected) {
            SnoId id = g.nextWithTime(5, t);
            assertEquals(seq, id.sequence());
            assertFalse(id.tickTock());
            assertEquals(Instant.parse("2015-06-01T10:00:00.004Z"), id.time());
            assertEquals(5, id.meta());
            assertEquals(9, id.partition());
        }
        assertEquals(21, g.next(0).sequence(), "the live sequence is untouched");
        assertThrows(InvalidSnoIdException.class, () -> g.nextWithTime(0, SnoId.EPOCH.minusMillis(1)));
        assertThrows(InvalidSnoIdException.class, () -> g.nextWithTime(0, SnoId.MAX_TIME.plusMillis(1)));
        assertThrows(InvalidSnoIdException.class, () -> g.nextWithTime(256, t));
        assertThrows(NullPointerException.class, () -> g.nextWithTime(0, null));
    }

    @Test
    void stalledCallersParkToJustPastTheLastMillisecondThenInQuarterSlices() {
        assertEquals(3_050_000L, Parking.stallNanos(4));
        assertEquals(1_050_000L, Parking.stallNanos(2));
        assertEquals(250_000L, Parking.stallNanos(1));
    }

    @Test
    void idsInCurrentUnitCountsUpToTheCapacity() {
        ScriptedClock clock = ScriptedClock.atUnit(T);
        SnoGenerator g = SnoGenerator.builder().partition(1).sequenceRange(0, 3).clock(clock).build();
        assertEquals(0, g.idsInCurrentUnit());
        g.next(0);
        assertEquals(1, g.idsInCurrentUnit());
        g.next(0);
        g.next(0);
        g.next(0);
        assertEquals(4, g.idsInCurrentUnit());
        clock.setUnit(T + 1);
        assertEquals(0, g.idsInCurrentUnit());
    }

    @Test
    void aRestoredGeneratorContinuesAfterTheSnapshotsSequence() {
        ScriptedClock clock = ScriptedClock.atUnit(T);
        SnoGenerator g = SnoGenerator.builder().partition(4).clock(clock).build();
        for (int i = 0; i < 10; i++) {
            g.next(0);
        }
        GeneratorSnapshot s = g.snapshot();
        assertEquals(9, s.sequence());
        SnoGenerator restored = SnoGenerator.builder().restore(s).clock(clock).build();
        assertEquals(10, restored.next(0).sequence());
    }

    @Test
    void aSnapshotTakenAfterTheClockLeftItsUnitRestoresThatUnitAsUsedUp() throws Exception {
        // The reference reports sequenceMin once the clock has left wallHi; restoring that and
        // finding the clock back at wallHi must not hand out the unit's sequences again.
        ScriptedClock clock = ScriptedClock.atUnit(T);
        SnoGenerator g = SnoGenerator.builder().partition(4).sequenceRange(0, 7).clock(clock).build();
        Set<SnoId> before = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            before.add(g.next(0));
        }
        clock.setUnit(T + 1);
        GeneratorSnapshot s = g.snapshot();
        assertEquals(0, s.sequence());
        assertEquals(T, s.wallHi());
        clock.setUnit(T);
        SnoGenerator restored = SnoGenerator.builder().restore(s).clock(clock).build();
        var pending = java.util.concurrent.CompletableFuture.supplyAsync(() -> restored.next(0));
        GeneratorModelTest.awaitParked(pending);
        clock.setUnit(T + 1);
        SnoId id = pending.get(10, TimeUnit.SECONDS);
        assertFalse(before.contains(id));
        assertEquals(T + 1, id.timeUnits());
    }

    @Test
    void anInterruptedStalledCallerGetsCancellationAndKeepsItsInterruptStatus() throws Exception {
        ScriptedClock clock = ScriptedClock.atUnit(T);
        SnoGenerator g = SnoGenerator.builder().partition(1).sequenceRange(0, 3).clock(clock).build();
        for (int i = 0; i < 4; i++) {
            g.next(0);
        }
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicReference<Boolean> interrupted = new AtomicReference<>();
        AtomicReference<SnoId> got = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                got.set(g.next(0));
            } catch (Throwable e) {
                thrown.set(e);
                interrupted.set(Thread.currentThread().isInterrupted());
            }
        });
        t.start();
        awaitState(t);
        t.interrupt();
        t.join(10_000);
        assertFalse(t.isAlive());
        assertInstanceOf(CancellationException.class, thrown.get());
        assertInstanceOf(InterruptedException.class, thrown.get().getCause());
        assertEquals("Interrupted while stalled on an exhausted sequence pool; no ID was made"
                + " (the thread's interrupt status is kept)", thrown.get().getMessage());
        assertTrue(interrupted.get());
        assertEquals(null, got.get());
        clock.setUnit(T + 1);
        assertEquals(0, g.next(0).sequence(), "the generator carries on");
    }

    @Test
    void anInterruptedCallerWaitingForTheSafeMarkGetsCancellation() throws Exception {
        ScriptedClock clock = ScriptedClock.atUnit(T + 10);
        SnoGenerator g = SnoGenerator.builder().partition(1).clock(clock).build();
        g.next(0);
        clock.setUnit(T + 5);
        g.next(0);
        clock.setUnit(T + 2);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                g.next(0);
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        t.start();
        awaitState(t);
        t.interrupt();
        t.join(10_000);
        assertInstanceOf(CancellationException.class, thrown.get());
    }

    /** Waits until t is parked (it never returns on its own while the scripted clock stands still). */
    private static void awaitState(Thread t) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (t.getState() != Thread.State.TIMED_WAITING) {
            assertTrue(System.nanoTime() < deadline, "thread never parked: " + t.getState());
            Thread.onSpinWait();
        }
    }

    @Test
    void aThrowingOverflowListenerCostsNoCallerItsId() throws Exception {
        java.util.concurrent.atomic.AtomicLong reads = new java.util.concurrent.atomic.AtomicLong();
        long base = ScriptedClock.millisOfUnit(T);
        List<Throwable> reported = new CopyOnWriteArrayList<>();
        SnoGenerator g = SnoGenerator.builder().partition(1).sequenceRange(0, 3)
                .clock(() -> base + reads.getAndIncrement() / 8)
                .overflowListener(n -> {
                    throw new IllegalStateException("listener failed");
                }).build();
        Thread t = new Thread(() -> {
            for (int i = 0; i < 50; i++) {
                g.next(0);
            }
        });
        t.setUncaughtExceptionHandler((th, e) -> reported.add(e));
        t.start();
        t.join(30_000);
        assertFalse(t.isAlive());
        assertFalse(reported.isEmpty());
        for (Throwable e : reported) {
            assertEquals("listener failed", e.getMessage());
        }
    }

    @Test
    void aClosedGeneratorRefusesToMakeIdsAndKeepsItsFinalSnapshot() {
        ScriptedClock clock = ScriptedClock.atUnit(T);
        SnoGenerator g = SnoGenerator.builder().partition(1).clock(clock).build();
        g.next(0);
        g.next(0);
        assertFalse(g.isClosed());
        g.close();
        assertTrue(g.isClosed());
        GeneratorSnapshot last = g.snapshot();
        assertEquals(1, last.sequence());
        assertEquals(T, last.wallHi());
        assertEquals("This SnoGenerator is closed", assertThrows(IllegalStateException.class, () -> g.next(0)).getMessage());
        clock.setUnit(T + 1);
        assertThrows(IllegalStateException.class, () -> g.next(0));
        clock.setUnit(T - 1);
        assertThrows(IllegalStateException.class, () -> g.next(0));
        clock.set(SnoId.MAX_TIME.toEpochMilli());
        assertThrows(IllegalStateException.class, () -> g.next(0));
        assertThrows(IllegalStateException.class, () -> g.nextWithTime(0, SnoId.EPOCH));
        assertSame(last, g.snapshot());
        g.close(); // idempotent
        assertNotEquals(null, g.snapshot());
    }
}
