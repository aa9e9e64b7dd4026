package dev.sno.quarkus;

import dev.sno.SnoGenerator;
import dev.sno.config.LeaseState;
import dev.sno.config.PartitionDecision;
import java.util.Map;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * The readiness check {@code sno}: UP while the generator is open and its partition lease, if
 * any, is not lost; DOWN otherwise. Its data: partition, source (configured, leased, random,
 * restored), sequence range, regressions, and with a lease its namespace and state. A bean when
 * the application has quarkus-smallrye-health.
 */
@Readiness
@Singleton
final class SnoReadinessCheck implements HealthCheck {

    private final SnoGenerator generator;
    private final SnoDecisions decisions;

    SnoReadinessCheck(SnoGenerator generator, SnoDecisions decisions) {
        this.generator = generator;
        this.decisions = decisions;
    }

    /** sno-core's health and details, the same as the Spring starter's. */
    @Override
    public HealthCheckResponse call() {
        LeaseState lease = decisions.lease();
        HealthCheckResponseBuilder b = HealthCheckResponse.named("sno")
                .status(PartitionDecision.healthy(generator, lease));
        for (Map.Entry<String, Object> e : PartitionDecision.details(generator, lease).entrySet()) {
            Object v = e.getValue();
            if (v instanceof Boolean flag) {
                b.withData(e.getKey(), flag);
            } else if (v instanceof Number n) {
                b.withData(e.getKey(), n.longValue());
            } else {
                b.withData(e.getKey(), String.valueOf(v));
            }
        }
        return b.build();
    }
}
