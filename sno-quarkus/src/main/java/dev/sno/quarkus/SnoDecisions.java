package dev.sno.quarkus;

import dev.sno.config.LeaseState;
import dev.sno.config.PartitionDecision;
import jakarta.inject.Singleton;

/**
 * The decision behind the extension's generator bean, once made, for the readiness check and the
 * meters; none when the application has its own {@code SnoGenerator} bean.
 */
@Singleton
final class SnoDecisions {

    private volatile PartitionDecision decision;

    void made(PartitionDecision d) {
        this.decision = d;
    }

    /** The decision, or null. */
    PartitionDecision decision() {
        return decision;
    }

    /** The lease state of the extension's generator, or null. */
    LeaseState lease() {
        PartitionDecision d = decision;
        return d == null ? null : d.lease();
    }
}
