package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/**
 * {@link SnoIdRange}: time windows as key ranges, exact to the 4 ms unit, checked against the
 * definition on random IDs; the bounds' checks; {@code last()} borrowing across bytes. The
 * database side (the same ranges as {@code WHERE id >= ? AND id < ?} and {@code BETWEEN}) is in
 * sno-jdbc's SnoJdbcTest.
 */
class SnoIdRangeTest {

    private static final Instant BASE = Instant.parse("2026-03-01T12:00:00Z");

    @Test
    void aTimeWindowHoldsExactlyTheIdsWhoseTimeLiesInIt() {
        Property.forAll("timeWindow contains exactly [from, to)", 2_000, random -> {
            Instant from = BASE.plusMillis(random.nextInt(0, 400));
            Instant to = from.plusMillis(random.nextInt(0, 60)).plusNanos(random.nextInt(0, 2) * random.nextInt(1, 1_000_000));
            SnoIdRange range = SnoIdRange.timeWindow(from, to);
            for (int i = 0; i < 50; i++) {
                Instant t = BASE.plusMillis(random.nextInt(-8, 480));
                SnoId id = SnoId.of(t, random.nextBoolean(), random.nextInt(256), random.nextInt(65_536),
                        random.nextInt(65_536));
                boolean inWindow = !id.time().isBefore(from) && id.time().isBefore(to);
                assertEquals(inWindow, range.contains(id), () -> id + " at " + id.time() + " in " + from + " .. " + to);
            }
            if (range.isEmpty()) {
                assertThrows(NoSuchElementException.class, range::last);
            } else {
                SnoId last = range.last();
                assertTrue(range.contains(last) && !range.contains(range.to()));
                assertTrue(range.contains(range.from()));
                assertFalse(last.time().isBefore(from), () -> "last " + last + " before " + from);
                assertTrue(last.time().isBefore(to), () -> "last " + last + " not before " + to);
            }
        });
    }

    @Test
    void timeWindowRejectsReversedAndOutOfRangeTimes() {
        Instant t = BASE;
        assertEquals("time window ends before it starts: from=2026-03-01T12:00:00Z, to=2026-03-01T11:59:59Z",
                assertThrows(IllegalArgumentException.class, () -> SnoIdRange.timeWindow(t, t.minusSeconds(1))).getMessage());
        assertThrows(InvalidSnoIdException.class, () -> SnoIdRange.timeWindow(Instant.EPOCH, t));
        assertThrows(InvalidSnoIdException.class, () -> SnoIdRange.timeWindow(t, SnoId.MAX_TIME.plusMillis(4)));
        SnoIdRange empty = SnoIdRange.timeWindow(t, t);
        assertEquals(empty.from(), empty.to());
        assertTrue(empty.isEmpty());
        assertTrue(SnoIdRange.timeWindow(t.plusMillis(1), t.plusMillis(3)).isEmpty(), "no unit starts in (t, t + 3 ms)");
        assertEquals(SnoIdRange.timeWindow(t.plusMillis(4), t.plusMillis(8)), SnoIdRange.timeWindow(t.plusMillis(1), t.plusMillis(5)),
                "both bounds round up to a unit start");
    }

    @Test
    void theBoundsMustBeOrderedAndPresent() {
        SnoId low = SnoId.firstAt(BASE);
        SnoId high = SnoId.lastAt(BASE);
        assertEquals("range ends before it starts: from=" + high + ", to=" + low,
                assertThrows(IllegalArgumentException.class, () -> new SnoIdRange(high, low)).getMessage());
        assertEquals("from", assertThrows(NullPointerException.class, () -> new SnoIdRange(null, low)).getMessage());
        assertEquals("to", assertThrows(NullPointerException.class, () -> new SnoIdRange(low, null)).getMessage());
    }

    @Test
    void lastIsTheIdJustBelowToBorrowingAcrossBytes() {
        SnoId to = SnoId.fromBytes(new byte[] {0, 0, 0, 0, 0, 0, 0, 1, 0, 0});
        assertEquals(SnoId.fromBytes(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xFF, (byte) 0xFF}),
                new SnoIdRange(SnoId.ZERO, to).last());
        assertEquals(SnoId.fromBytes(new byte[] {9, 8, 7, 6, 5, 4, 3, 2, 1, 0}),
                new SnoIdRange(SnoId.ZERO, SnoId.fromBytes(new byte[] {9, 8, 7, 6, 5, 4, 3, 2, 1, 1})).last());
        assertEquals(SnoId.ZERO, new SnoIdRange(SnoId.ZERO, SnoId.fromBytes(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 1})).last());
        assertEquals(SnoId.lastAt(BASE), SnoIdRange.timeWindow(BASE, BASE.plusMillis(4)).last(),
                "a window's last ID is its last unit's last");
        assertEquals("The range is empty: from=" + SnoId.MAX + ", to=" + SnoId.MAX,
                assertThrows(NoSuchElementException.class, () -> new SnoIdRange(SnoId.MAX, SnoId.MAX).last()).getMessage());
    }
}
