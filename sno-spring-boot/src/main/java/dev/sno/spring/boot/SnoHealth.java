package dev.sno.spring.boot;

import dev.sno.SnoGenerator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The state the {@code sno} health indicator reports: UP while the generator is open, DOWN once
 * it is closed, with its partition, sequence range and regression count as details. One
 * implementation per Spring Boot health API; the auto-configuration picks the one on the class
 * path.
 */
public final class SnoHealth {

    private SnoHealth() {
    }

    /** The details of a generator. */
    static Map<String, Object> details(SnoGenerator generator) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("partition", generator.partition());
        details.put("sequenceRange", generator.sequenceMin() + "-" + generator.sequenceMax());
        if (generator.isClosed()) {
            details.put("closed", true);
        } else {
            details.put("regressions", generator.snapshot().drifts());
        }
        return details;
    }

    /** Spring Boot 3 ({@code org.springframework.boot.actuate.health}). */
    public static final class Boot3 implements org.springframework.boot.actuate.health.HealthIndicator {

        private final SnoGenerator generator;

        Boot3(SnoGenerator generator) {
            this.generator = generator;
        }

        /**
         * UP while the generator is open.
         *
         * @return the health
         */
        @Override
        public org.springframework.boot.actuate.health.Health health() {
            org.springframework.boot.actuate.health.Health.Builder b = generator.isClosed()
                    ? org.springframework.boot.actuate.health.Health.down()
                    : org.springframework.boot.actuate.health.Health.up();
            return b.withDetails(details(generator)).build();
        }
    }

    /** Spring Boot 4 ({@code org.springframework.boot.health.contributor}). */
    public static final class Boot4 implements org.springframework.boot.health.contributor.HealthIndicator {

        private final SnoGenerator generator;

        Boot4(SnoGenerator generator) {
            this.generator = generator;
        }

        /**
         * UP while the generator is open.
         *
         * @return the health
         */
        @Override
        public org.springframework.boot.health.contributor.Health health() {
            org.springframework.boot.health.contributor.Health.Builder b = generator.isClosed()
                    ? org.springframework.boot.health.contributor.Health.down()
                    : org.springframework.boot.health.contributor.Health.up();
            return b.withDetails(details(generator)).build();
        }
    }
}
