package dev.sno.micronaut;

import dev.sno.SequenceOverflowNotification;
import jakarta.inject.Singleton;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/** Counts the callers that stalled on an exhausted sequence pool, for the meters. */
@Singleton
final class SnoOverflows implements Consumer<SequenceOverflowNotification> {

    private final LongAdder stalledCallers = new LongAdder();

    @Override
    public void accept(SequenceOverflowNotification notification) {
        stalledCallers.add(notification.stalledCallers());
    }

    /** The callers stalled so far. */
    long stalledCallers() {
        return stalledCallers.sum();
    }
}
