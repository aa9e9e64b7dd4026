package dev.sno.spring.boot;

import dev.sno.config.LeaseState;
import dev.sno.config.OverflowCounter;
import dev.sno.config.PartitionDecision;
import dev.sno.SnoGenerator;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Micrometer meters ({@link SnoMetrics}, when Micrometer is on the class path) and an Actuator
 * health indicator named {@code sno} (Spring Boot 3's or 4's health API, whichever is there):
 * DOWN once the generator is closed or its partition lease is lost.
 */
@AutoConfiguration(after = SnoAutoConfiguration.class)
@ConditionalOnBean(SnoGenerator.class)
public final class SnoObservabilityAutoConfiguration {

    /** Created by Spring. */
    public SnoObservabilityAutoConfiguration() {
    }

    /** The lease state of the starter's own generator; null for an application's own bean. */
    static LeaseState lease(ObjectProvider<PartitionDecision> decision) {
        PartitionDecision d = decision.getIfAvailable();
        return d == null ? null : d.lease();
    }

    /** Micrometer. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.micrometer.core.instrument.binder.MeterBinder")
    static final class Metrics {

        @Bean
        @ConditionalOnMissingBean
        SnoMetrics snoMetrics(SnoGenerator generator,
                ObjectProvider<OverflowCounter> overflows, ObjectProvider<PartitionDecision> decision) {
            return new SnoMetrics(generator, overflows.getIfAvailable(), lease(decision));
        }
    }

    /** Spring Boot 4's health API. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
    static final class Boot4Health {

        @Bean(name = "snoHealthIndicator")
        @ConditionalOnMissingBean(name = "snoHealthIndicator")
        SnoHealth.Boot4 snoHealthIndicator(SnoGenerator generator, ObjectProvider<PartitionDecision> decision) {
            return new SnoHealth.Boot4(generator, lease(decision));
        }
    }

    /** Spring Boot 3's health API. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.actuate.health.HealthIndicator")
    static final class Boot3Health {

        @Bean(name = "snoHealthIndicator")
        @ConditionalOnMissingBean(name = "snoHealthIndicator")
        SnoHealth.Boot3 snoHealthIndicator(SnoGenerator generator, ObjectProvider<PartitionDecision> decision) {
            return new SnoHealth.Boot3(generator, lease(decision));
        }
    }
}
