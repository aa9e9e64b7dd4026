package dev.sno;

import java.time.Instant;
import java.util.Objects;

/**
 * Sent to a generator's overflow listener while callers are stalled because the sequence pool of
 * the current time unit is exhausted; about once per time unit for as long as that lasts.
 *
 * @param now    the start of the time unit in which callers stalled, not null
 * @param count  the number of callers stalled at that moment, at least 1
 * @param ticks  for how many consecutive time units the current overflow has lasted, at least 1;
 *               a growing value means sustained demand above the generator's capacity
 */
public record SequenceOverflowNotification(Instant now, int count, int ticks) {

    /**
     * Checks the components.
     *
     * @param now    the start of the time unit, not null
     * @param count  stalled callers, at least 1
     * @param ticks  consecutive overflowing units, at least 1
     * @throws IllegalArgumentException if count or ticks is below 1
     * @throws NullPointerException if now is null
     */
    public SequenceOverflowNotification {
        Objects.requireNonNull(now, "now");
        if (count < 1 || ticks < 1) {
            throw new IllegalArgumentException("count and ticks must be >= 1: count=" + count + ", ticks=" + ticks);
        }
    }
}
