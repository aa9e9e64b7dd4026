package dev.sno.spring.boot;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.config.PartitionDecision;
import org.springframework.context.SmartLifecycle;

/**
 * Closes the generator bean, when its partition is leased, as the first thing the context does
 * when it stops: before lifecycle beans such as Spring Data Redis's connection factory stop
 * their clients, so that the final state reaches the store and the lease is freed at once
 * rather than expiring.
 */
final class SnoLeaseCloser implements SmartLifecycle {

    private final SnoGenerator generator;
    private final PartitionDecision decision;
    private volatile boolean running;

    SnoLeaseCloser(SnoGenerator generator, PartitionDecision decision) {
        this.generator = generator;
        this.decision = decision;
    }

    @Override
    public void start() {
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        if (decision != null && decision.lease() != null) {
            decision.close(); // the generator, then the client its store opened
        } else if (generator.partitionSource() == PartitionSource.LEASED) {
            generator.close();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** The last phase to start is the first to stop. */
    @Override
    public int getPhase() {
        return Integer.MAX_VALUE;
    }
}
