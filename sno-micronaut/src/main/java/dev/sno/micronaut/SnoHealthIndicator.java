package dev.sno.micronaut;

import dev.sno.SnoGenerator;
import dev.sno.config.PartitionDecision;
import io.micronaut.context.annotation.Requires;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.AbstractHealthIndicator;
import io.micronaut.management.health.indicator.HealthIndicator;
import jakarta.inject.Singleton;
import java.util.Map;

/**
 * The {@code sno} health indicator of Micronaut's {@code /health} endpoint (micronaut-management):
 * UP while the generator is open and its lease, if any, not lost; DOWN otherwise. Its details are
 * sno-core's, the same as the Spring Boot starter's and the Quarkus extension's: partition, source
 * (configured, leased, random, restored), sequence range, regressions (or closed), and for a leased
 * partition its namespace and the lease's state (held, renewal-failing, lost).
 */
@Singleton
@Requires(classes = HealthIndicator.class)
final class SnoHealthIndicator extends AbstractHealthIndicator<Map<String, Object>> {

    private final SnoGenerator generator;
    private final SnoDecisions decisions;

    SnoHealthIndicator(SnoGenerator generator, SnoDecisions decisions) {
        this.generator = generator;
        this.decisions = decisions;
    }

    @Override
    protected Map<String, Object> getHealthInformation() {
        healthStatus = PartitionDecision.healthy(generator, decisions.lease()) ? HealthStatus.UP : HealthStatus.DOWN;
        return PartitionDecision.details(generator, decisions.lease());
    }

    @Override
    protected String getName() {
        return "sno";
    }
}
