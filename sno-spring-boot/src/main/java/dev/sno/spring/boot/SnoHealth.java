package dev.sno.spring.boot;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The state the {@code sno} health indicator reports: UP while the generator is open, DOWN once
 * it is closed or its partition lease is lost, with its partition, the partition's source
 * (configured, leased, random, restored), sequence range, regression count and lease state as
 * details. One
 * implementation per Spring Boot health API; the auto-configuration picks the one on the class
 * path.
 */
public final class SnoHealth {

    private SnoHealth() {
    }

    /** Whether the generator can make IDs. */
    static boolean up(SnoGenerator generator, SnoLeaseState lease) {
        return !generator.isClosed() && (leaseOf(generator, lease) == null || lease.state() != SnoLeaseState.LOST);
    }

    /** The lease state if the generator's partition is leased, else null. */
    static SnoLeaseState leaseOf(SnoGenerator generator, SnoLeaseState lease) {
        return generator.partitionSource() == PartitionSource.LEASED ? lease : null;
    }

    /** The details of a generator. */
    static Map<String, Object> details(SnoGenerator generator, SnoLeaseState lease) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("partition", generator.partition());
        details.put("source", generator.partitionSource().toString());
        details.put("sequenceRange", generator.sequenceMin() + "-" + generator.sequenceMax());
        if (generator.isClosed()) {
            details.put("closed", true);
        } else {
            details.put("regressions", generator.snapshot().drifts());
        }
        if (leaseOf(generator, lease) != null) {
            details.put("leaseNamespace", lease.namespace());
            details.put("lease", lease.name());
        }
        return details;
    }

    /** Spring Boot 3 ({@code org.springframework.boot.actuate.health}). */
    public static final class Boot3 implements org.springframework.boot.actuate.health.HealthIndicator {

        private final SnoGenerator generator;
        private final SnoLeaseState lease;

        Boot3(SnoGenerator generator, SnoLeaseState lease) {
            this.generator = generator;
            this.lease = lease;
        }

        /**
         * UP while the generator is open and its lease, if any, not lost.
         *
         * @return the health
         */
        @Override
        public org.springframework.boot.actuate.health.Health health() {
            org.springframework.boot.actuate.health.Health.Builder b = up(generator, lease)
                    ? org.springframework.boot.actuate.health.Health.up()
                    : org.springframework.boot.actuate.health.Health.down();
            return b.withDetails(details(generator, lease)).build();
        }
    }

    /** Spring Boot 4 ({@code org.springframework.boot.health.contributor}). */
    public static final class Boot4 implements org.springframework.boot.health.contributor.HealthIndicator {

        private final SnoGenerator generator;
        private final SnoLeaseState lease;

        Boot4(SnoGenerator generator, SnoLeaseState lease) {
            this.generator = generator;
            this.lease = lease;
        }

        /**
         * UP while the generator is open and its lease, if any, not lost.
         *
         * @return the health
         */
        @Override
        public org.springframework.boot.health.contributor.Health health() {
            org.springframework.boot.health.contributor.Health.Builder b = up(generator, lease)
                    ? org.springframework.boot.health.contributor.Health.up()
                    : org.springframework.boot.health.contributor.Health.down();
            return b.withDetails(details(generator, lease)).build();
        }
    }
}
