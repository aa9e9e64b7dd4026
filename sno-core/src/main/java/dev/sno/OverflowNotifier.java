package dev.sno;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Tells a generator's overflow listener about exhausted pools, at most once per time unit: the
 * first caller to stall in a unit does it.
 */
final class OverflowNotifier {

    private final Consumer<SequenceOverflowNotification> listener;

    /** The last unit the listener heard of (high bits) and its consecutive-unit count (low 20 bits). */
    private final AtomicLong mark = new AtomicLong(-1L << 20);

    OverflowNotifier(Consumer<SequenceOverflowNotification> listener) {
        this.listener = listener;
    }

    void stalled(long unit, int stalledCallers) {
        long m = mark.get();
        long markUnit = m >> 20;
        if (markUnit == unit) {
            return;
        }
        long consecutive = markUnit == unit - 1 ? Math.min((m & 0xFFFFF) + 1, 0xFFFFF) : 1;
        if (!mark.compareAndSet(m, unit << 20 | consecutive)) {
            return;
        }
        try {
            listener.accept(new SequenceOverflowNotification(
                    Instant.ofEpochMilli(ClockUnits.startMillis(unit)), stalledCallers, (int) consecutive));
        } catch (RuntimeException e) {
            // The listener's failure must not cost the caller its ID: report it as uncaught.
            Thread t = Thread.currentThread();
            t.getUncaughtExceptionHandler().uncaughtException(t, e);
        }
    }
}
