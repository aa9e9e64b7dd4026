package dev.sno.spring.boot;

import dev.sno.Sno;
import dev.sno.SnoGenerator;
import dev.sno.config.OverflowCounter;
import dev.sno.config.PartitionDecision;
import java.util.List;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Configuration;
import java.util.stream.Collectors;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * The application's {@link SnoGenerator} bean, made from the {@code sno.*} settings
 * ({@link SnoProperties} describes them) by sno-core's {@link PartitionDecision}, closed when the context closes (which writes the snapshot file or
 * frees the lease) and installed behind {@link Sno#next}, {@code @SnoGeneratedId} and the other
 * integrations with {@link Sno#install}. An application's own {@code SnoGenerator} bean replaces
 * the one made here and is installed the same way.
 *
 * <p>Where the partition comes from is decided when the bean is made, not by conditions, so an
 * application processed by Spring AOT decides as one that is not: {@code sno.partition}; else a
 * lease from a store (the application's database, Redis, any {@code LeaseStoreProvider}) when
 * {@code sno.lease.enabled} is true, or unset and the store is ready; else random, with a WARNING
 * that says how to do better. The bean depends on database initialization (Flyway, Liquibase,
 * Spring's script initializer). Startup logs one line naming the partition and its source.
 */
@AutoConfiguration(afterName = {"org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
        "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
        "org.springframework.boot.autoconfigure.flyway.FlywayAutoConfiguration",
        "org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration",
        "org.springframework.boot.autoconfigure.liquibase.LiquibaseAutoConfiguration",
        "org.springframework.boot.liquibase.autoconfigure.LiquibaseAutoConfiguration"})
public final class SnoAutoConfiguration {

    /** The name of the decision bean. */
    static final String DECISION = "snoPartitionDecision";

    /** Created by Spring. */
    public SnoAutoConfiguration() {
    }

    /**
     * Counts the callers that stalled on an exhausted sequence pool (for metrics).
     *
     * @return a new counter
     */
    @Bean
    @ConditionalOnMissingBean
    OverflowCounter snoOverflowCounter() {
        return new OverflowCounter();
    }

    /**
     * The decision: the generator, where its partition comes from, and its lease's state (for
     * health and metrics). sno-core's {@link PartitionDecision} decides; this bean offers it the
     * application's DataSources and Redis client, the overflow counter and the customizers, and
     * closes the generator (and what its store opened) when the context closes.
     *
     * @param environment  the environment, read through Spring's binder
     * @param beans        the bean factory, for DataSources and a Redis connection factory
     * @param redis        the Redis client finder, when Spring Data Redis and sno-redis are there
     * @param overflows    counts overflow stalls
     * @param customizers  customizers of the builder, leased or not
     * @return the decision
     * @throws dev.sno.config.SettingsException if the settings are invalid or exclude each other;
     *     {@link SnoFailureAnalyzer} reports it
     */
    @Bean(DECISION)
    @ConditionalOnMissingBean(SnoGenerator.class)
    @DependsOnDatabaseInitialization
    PartitionDecision snoPartitionDecision(Environment environment, ConfigurableListableBeanFactory beans,
            ObjectProvider<SnoRedisLeases> redis, OverflowCounter overflows,
            ObjectProvider<SnoGeneratorBuilderCustomizer> customizers) {
        List<SnoGeneratorBuilderCustomizer> list = customizers.orderedStream().collect(Collectors.toList());
        return SnoGeneratorFactory.decide(environment, new SnoLeaseResources(beans, redis), b -> {
            b.overflowListener(overflows).announcePartition(false);
            list.forEach(c -> c.customize(b));
        });
    }

    /**
     * The generator of the decision; closed with it.
     *
     * @param decision  the decision
     * @return the generator
     */
    @Bean(destroyMethod = "")
    @ConditionalOnMissingBean
    SnoGenerator snoGenerator(PartitionDecision decision) {
        return decision.generator();
    }

    /** Finds the Lettuce client of Spring Data Redis, for the redis lease store. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory",
            "dev.sno.redis.RedisLeaseStoreProvider"})
    static final class RedisClients {

        @Bean
        SnoRedisLeases snoRedisLeases(ConfigurableListableBeanFactory beans) {
            return new SnoRedisLeases(beans);
        }
    }

    /**
     * Installs the generator bean behind {@link Sno#next} unless {@code sno.install=false},
     * read when the bean initializes (not a condition, which Spring AOT would freeze at build
     * time).
     *
     * @param generator    the generator bean
     * @param environment  the environment, for {@code sno.install}
     * @return the bean that installs it when initialized
     */
    @Bean
    SnoInstaller snoInstaller(SnoGenerator generator, Environment environment) {
        return new SnoInstaller(generator, SnoGeneratorFactory.settings(environment).flag("sno.install").orElse(true));
    }

    /**
     * Closes a leased generator when the context stops, in the first lifecycle phase, before
     * the connection factories it leases through (Spring Data Redis's Lettuce factory is a
     * lifecycle bean that stops its client before any bean is destroyed): the final state is
     * saved and the lease freed while the store is still reachable. Closing again at
     * destruction does nothing.
     *
     * @param generator  the generator bean
     * @param decision   the decision that made it, unless the application made its own
     * @return the lifecycle bean
     */
    @Bean
    SnoLeaseCloser snoLeaseCloser(SnoGenerator generator, ObjectProvider<PartitionDecision> decision) {
        return new SnoLeaseCloser(generator, decision.getIfAvailable());
    }

    /** Calls {@link Sno#install} when the context initializes it. */
    static final class SnoInstaller implements InitializingBean {

        private final SnoGenerator generator;
        private final boolean install;

        SnoInstaller(SnoGenerator generator, boolean install) {
            this.generator = generator;
            this.install = install;
        }

        @Override
        public void afterPropertiesSet() {
            if (install) {
                Sno.install(generator);
            }
        }
    }
}
