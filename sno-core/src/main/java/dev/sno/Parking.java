package dev.sno;

import java.time.Duration;
import java.util.concurrent.CancellationException;

/** How generator callers park: slices, interrupts, bounds. */
final class Parking {

    private Parking() {
    }

    /**
     * How long a stalled caller parks when the clock reads {@code remaining} whole milliseconds
     * before the next unit. A millisecond clock reading can be up to 1 ms old, so parking the
     * full remainder would wake up to 1 ms late: park to just past the millisecond before the
     * boundary instead, and in the last millisecond in slices of a quarter.
     */
    static long stallNanos(long remainingMillis) {
        return remainingMillis >= 2 ? (remainingMillis - 1) * 1_000_000L + 50_000L : 250_000L;
    }

    static void checkInterrupt(String where) {
        if (Thread.currentThread().isInterrupted()) {
            CancellationException e = new CancellationException("Interrupted while " + where
                    + "; no ID was made (the thread's interrupt status is kept)");
            e.initCause(new InterruptedException());
            throw e;
        }
    }

    static long saturatedNanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }
}
