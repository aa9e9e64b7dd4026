package dev.sno.config;

import dev.sno.SequenceOverflowNotification;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * A generator's overflow listener that counts the callers that stalled on an exhausted sequence
 * pool, for the {@code sno.generator.overflow.stalls} meter of {@link GeneratorMeter#table}. The
 * framework modules set one on the generator they make, leased or not.
 *
 * @implSpec Thread-safe.
 */
public final class OverflowCounter implements Consumer<SequenceOverflowNotification> {

    private final LongAdder stalledCallers = new LongAdder();

    /** A counter at 0. */
    public OverflowCounter() {
    }

    /**
     * Adds the notification's stalled callers.
     *
     * @param notification  the generator's notification
     */
    @Override
    public void accept(SequenceOverflowNotification notification) {
        stalledCallers.add(notification.stalledCallers());
    }

    /**
     * The callers stalled so far.
     *
     * @return their number
     */
    public long stalledCallers() {
        return stalledCallers.sum();
    }
}
