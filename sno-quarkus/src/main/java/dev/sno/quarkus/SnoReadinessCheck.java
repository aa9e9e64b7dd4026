package dev.sno.quarkus;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
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
    private final SnoLeaseState lease;

    SnoReadinessCheck(SnoGenerator generator, SnoLeaseState lease) {
        this.generator = generator;
        this.lease = lease;
    }

    @Override
    public HealthCheckResponse call() {
        boolean leased = generator.partitionSource() == PartitionSource.LEASED && lease.namespace() != null;
        boolean closed = generator.isClosed();
        HealthCheckResponseBuilder b = HealthCheckResponse.named("sno")
                .status(!closed && !(leased && lease.state() == SnoLeaseState.LOST))
                .withData("partition", generator.partition())
                .withData("source", generator.partitionSource().toString())
                .withData("sequenceRange", generator.sequenceMin() + "-" + generator.sequenceMax());
        if (closed) {
            b.withData("closed", true);
        } else {
            b.withData("regressions", generator.snapshot().drifts());
        }
        if (leased) {
            b.withData("leaseNamespace", lease.namespace()).withData("lease", lease.name());
        }
        return b.build();
    }
}
