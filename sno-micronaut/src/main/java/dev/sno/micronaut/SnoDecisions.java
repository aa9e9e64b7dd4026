package dev.sno.micronaut;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.config.LeaseState;
import dev.sno.config.PartitionDecision;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;

/**
 * The decision this module made, if it made the generator bean (an application's own
 * {@code SnoGenerator} bean replaces it, and then there is none): its lease's state for health and
 * meters, and what to close when the context stops.
 */
@Singleton
final class SnoDecisions {

    private volatile PartitionDecision decision;

    void made(PartitionDecision d) {
        decision = d;
    }

    /** The decision, or null when the application made its own generator. */
    PartitionDecision decision() {
        return decision;
    }

    /** The lease's state, or null when the module did not make a leased generator. */
    LeaseState lease() {
        PartitionDecision d = decision;
        return d == null ? null : d.lease();
    }

    /**
     * Closes a leased generator (saving its final state in the store and freeing the lease), then
     * the client its store opened; while the application's own clients are still open when it
     * leased through them. Idempotent.
     *
     * @param generator  the generator bean
     */
    void closeLeased(SnoGenerator generator) {
        PartitionDecision d = decision;
        if (d != null && d.generator() == generator) {
            if (d.lease() != null) {
                d.close();
            }
        } else if (generator.partitionSource() == PartitionSource.LEASED) {
            generator.close();
        }
    }

    /** Closes the decision's generator and what its store opened, when the context stops. */
    @PreDestroy
    void close() {
        PartitionDecision d = decision;
        if (d != null) {
            d.close();
        }
    }
}
