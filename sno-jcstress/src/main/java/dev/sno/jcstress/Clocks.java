package dev.sno.jcstress;

import dev.sno.SnoClock;
import dev.sno.SnoGenerator;

/**
 * A clock per thread: each jcstress actor sets the time its own calls see, so one actor can be
 * in a later unit (or an earlier one) than another at the same moment.
 */
final class Clocks {

    /** A time unit well inside the sno range. */
    static final long U = 4_000_000_000L;

    private static final ThreadLocal<long[]> NOW = ThreadLocal.withInitial(() -> new long[1]);

    static final SnoClock PER_THREAD = () -> NOW.get()[0];

    private Clocks() {
    }

    /** Sets this thread's clock to the start of a time unit. */
    static void setUnit(long unit) {
        NOW.get()[0] = 1_262_304_000_000L + unit * 4;
    }

    /** A generator on the per-thread clock, with one ID already made at unit. */
    static SnoGenerator warmedUpAt(long unit) {
        SnoGenerator g = SnoGenerator.builder().partition(1).clock(PER_THREAD).build();
        setUnit(unit);
        g.next(0);
        return g;
    }
}
