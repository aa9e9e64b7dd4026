package dev.sno.spring.boot;

import dev.sno.SnoGenerator;
import dev.sno.config.LeaseState;
import dev.sno.config.PartitionDecision;
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

    /** Whether the generator can make IDs (sno-core's rule). */
    static boolean up(SnoGenerator generator, LeaseState lease) {
        return PartitionDecision.healthy(generator, lease);
    }

    /** The details of a generator (sno-core's, the same in Quarkus). */
    static Map<String, Object> details(SnoGenerator generator, LeaseState lease) {
        return PartitionDecision.details(generator, lease);
    }

    /** Spring Boot 3 ({@code org.springframework.boot.actuate.health}). */
    public static final class Boot3 implements org.springframework.boot.actuate.health.HealthIndicator {

        private final SnoGenerator generator;
        private final LeaseState lease;

        Boot3(SnoGenerator generator, LeaseState lease) {
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
        private final LeaseState lease;

        Boot4(SnoGenerator generator, LeaseState lease) {
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
