package dev.sno;

import java.time.Instant;
import java.util.Objects;

/**
 * Sent to a generator's overflow listener while callers are stalled because the sequence pool of
 * the current time unit is exhausted; about once per time unit for as long as that lasts.
 *
 * @param unitStart         the start of the time unit in which callers stalled, not null
 * @param stalledCallers    the number of callers stalled at that moment, at least 1
 * @param consecutiveUnits  for how many consecutive 4 ms time units the current overflow has
 *                          lasted, at least 1; a growing value means sustained demand above the
 *                          generator's capacity (the reference counts 1 ms ticks instead)
 */
public record SequenceOverflowNotification(Instant unitStart, int stalledCallers, int consecutiveUnits) {

    /**
     * Checks the components.
     *
     * @param unitStart         the start of the time unit, not null
     * @param stalledCallers    stalled callers, at least 1
     * @param consecutiveUnits  consecutive overflowing units, at least 1
     * @throws IllegalArgumentException if stalledCallers or consecutiveUnits is below 1
     * @throws NullPointerException if unitStart is null
     */
    public SequenceOverflowNotification {
        Objects.requireNonNull(unitStart, "unitStart");
        if (stalledCallers < 1 || consecutiveUnits < 1) {
            throw new IllegalArgumentException("stalledCallers and consecutiveUnits must be >= 1: stalledCallers="
                    + stalledCallers + ", consecutiveUnits=" + consecutiveUnits);
        }
    }
}
