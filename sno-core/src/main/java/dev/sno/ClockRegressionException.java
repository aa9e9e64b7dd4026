package dev.sno;

import java.time.Instant;

/**
 * Thrown by {@link SnoGenerator#next} when the clock has gone back into the "unsafe past" (a
 * second regression to or before the generator's safe mark) and waiting for it to pass the
 * safe mark would take longer than the generator's configured
 * {@linkplain SnoGenerator.Builder#maxRegressionWait maximum regression wait}. No ID was made.
 *
 * <p>Without a configured maximum, generators wait instead, as the reference does.
 */
public final class ClockRegressionException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** The clock's reading. */
    private final Instant clockTime;

    /** The time the clock must pass before IDs can be made again. */
    private final Instant safeTime;

    ClockRegressionException(Instant clockTime, Instant safeTime, java.time.Duration maxWait) {
        super("Clock regressed to " + clockTime + " after an earlier regression; IDs cannot be made"
                + " without risking repeats until " + safeTime + ", which is more than the maximum"
                + " regression wait " + maxWait + " away");
        this.clockTime = clockTime;
        this.safeTime = safeTime;
    }

    /**
     * The clock's reading when the generator gave up.
     *
     * @return the time the clock reported
     */
    public Instant clockTime() {
        return clockTime;
    }

    /**
     * The time the clock had to pass: the start of the time unit after the safe mark.
     *
     * @return the earliest time at which the generator would make IDs again
     */
    public Instant safeTime() {
        return safeTime;
    }
}
