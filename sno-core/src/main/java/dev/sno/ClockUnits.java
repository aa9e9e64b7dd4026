package dev.sno;

import java.time.Instant;

/** A generator's 4 ms time units: from clock readings, and back to their first millisecond. */
final class ClockUnits {

    /** Largest clock offset from the sno epoch, in ms: the end of the last unit a clock may read. */
    static final long MAX_CLOCK_OFFSET = (StateWord.LAST_CLOCK_UNIT + 1) * SnoId.UNIT_MILLIS - 1;

    private ClockUnits() {
    }

    /** The time unit of a clock reading, checking the range a generator can use. */
    static long unitOf(long millis) {
        long offset = millis - SnoId.EPOCH_MILLIS;
        if (Long.compareUnsigned(offset, MAX_CLOCK_OFFSET) > 0) {
            throw new IllegalStateException("The clock reads " + Instant.ofEpochMilli(millis) + " (" + millis
                    + " ms), outside the time range a generator can use [" + SnoId.EPOCH + ", "
                    + Instant.ofEpochMilli(SnoId.EPOCH_MILLIS + MAX_CLOCK_OFFSET) + "]");
        }
        return offset >>> 2;
    }

    /** The first millisecond of a unit. */
    static long startMillis(long unit) {
        return SnoId.EPOCH_MILLIS + unit * SnoId.UNIT_MILLIS;
    }
}
