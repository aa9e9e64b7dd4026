package dev.sno;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** nextBatch beyond what the model test covers: stalls across units, regressions, durability, bad counts. */
class BatchTest {

    private static final long T = 4_000_000_000L;

    @Test
    void aBatchLargerThanThePoolGoesOnInTheNextUnitsInAscendingOrder() {
        AtomicLong reads = new AtomicLong();
        long base = ScriptedClock.millisOfUnit(T);
        SnoClock clock = () -> base + reads.getAndIncrement() / 8; // the clock moves while the batch waits
        SnoGenerator g = SnoGenerator.builder().partition(3).sequenceRange(10, 19).clock(clock).build();
        SnoId[] ids = g.nextBatch(5, 95);
        assertEquals(95, ids.length);
        SnoId[] sorted = ids.clone();
        Arrays.sort(sorted);
        assertArrayEquals(sorted, ids, "ascending");
        Set<SnoId> distinct = new HashSet<>(Arrays.asList(ids));
        assertEquals(95, distinct.size());
        for (SnoId id : ids) {
            assertTrue(id.sequence() >= 10 && id.sequence() <= 19 && id.meta() == 5 && id.partition() == 3,
                    id.toString());
        }
        assertTrue(ids[94].timeUnits() - ids[0].timeUnits() >= 9, "ten units for 95 IDs of a pool of 10");
    }

    @Test
    void aRegressionWithinABatchStillGivesAnAscendingArray() {
        AtomicLong reads = new AtomicLong();
        long base = ScriptedClock.millisOfUnit(T + 100);
        // The clock moves on by a millisecond every 8 reads, and steps back 160 ms at read 20.
        SnoClock regressing = () -> {
            long n = reads.incrementAndGet();
            return base + n / 8 - (n >= 20 ? 160 : 0);
        };
        SnoGenerator g = SnoGenerator.builder().partition(3).sequenceRange(0, 3).clock(regressing).build();
        SnoId[] ids = g.nextBatch(0, 12);
        assertEquals(1, g.snapshot().drifts(), "the batch met the regression");
        SnoId[] sorted = ids.clone();
        Arrays.sort(sorted);
        assertArrayEquals(sorted, ids);
        assertEquals(12, new HashSet<>(Arrays.asList(ids)).size());
    }

    @Test
    void batchesAreCoveredByTheDurableRecord() {
        TestStores.Memory store = new TestStores.Memory();
        ScriptedClock clock = ScriptedClock.atUnit(T);
        try (SnoGenerator g = SnoGenerator.builder().partition(1).stateStore(store).clock(clock).build()) {
            for (int unit = 0; unit < 1500; unit += 7) {
                clock.setUnit(T + unit);
                for (SnoId id : g.nextBatch(0, 1000)) {
                    assertTrue(id.timeUnits() <= store.durableHigh(), id::toString);
                }
            }
        }
    }

    @Test
    void countsAreChecked() {
        SnoGenerator g = SnoGenerator.builder().partition(1).clock(ScriptedClock.atUnit(T)).build();
        assertEquals("count must be >= 0: count=-1",
                assertThrows(IllegalArgumentException.class, () -> g.nextBatch(0, -1)).getMessage());
        assertThrows(InvalidSnoIdException.class, () -> g.nextBatch(256, 1));
        assertEquals(0, g.nextBatch(0, 0).length);
        assertEquals(0, g.next(0).sequence(), "an empty batch reserves nothing");
    }
}
