package dev.sno;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * A generator's callers stalled on an exhausted sequence pool: they park until the time unit
 * changes, re-reading the clock each time they wake (so no other caller needs to wake them), and
 * the overflow listener, if any, hears of it once per unit.
 */
final class Stalls {

    /** Callers currently stalled. */
    private final AtomicInteger stalled = new AtomicInteger();

    /** Null without a listener. */
    private final OverflowNotifier overflow;

    Stalls(Consumer<SequenceOverflowNotification> listener) {
        this.overflow = listener == null ? null : new OverflowNotifier(listener);
    }

    /** The pool of unit is exhausted: parks until the unit changes (the generator's clock or state). */
    void await(SnoGenerator g, long unit) {
        int count = stalled.incrementAndGet();
        try {
            if (overflow != null) {
                overflow.stalled(unit, count);
            }
            for (;;) {
                g.checkOpen();
                Parking.checkInterrupt("stalled on an exhausted sequence pool");
                // Parks in at most a few slices per unit (see stallNanos): no busy spinning.
                long millis = g.clockMillis();
                if (ClockUnits.unitOf(millis) != unit || StateWord.unit(g.stateWord()) != unit) {
                    return;
                }
                LockSupport.parkNanos(g, Parking.stallNanos(ClockUnits.startMillis(unit + 1) - millis));
            }
        } finally {
            stalled.decrementAndGet();
        }
    }
}
