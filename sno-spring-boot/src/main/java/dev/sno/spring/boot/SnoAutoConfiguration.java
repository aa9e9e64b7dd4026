package dev.sno.spring.boot;

import dev.sno.SequenceOverflowNotification;
import dev.sno.Sno;
import dev.sno.SnoGenerator;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * The application's {@link SnoGenerator} bean, made from the {@code sno.*} properties
 * ({@link SnoProperties}), closed when the context closes (which writes the snapshot file or
 * frees the lease) and installed behind {@link Sno#next}, {@code @SnoGeneratedId} and the other
 * integrations with {@link Sno#install}. An application's own {@code SnoGenerator} bean replaces
 * the one made here and is installed the same way.
 *
 * <p>Where the partition comes from is decided when the bean is made, not by conditions, so an
 * application processed by Spring AOT decides as one that is not: {@code sno.partition}; else a
 * lease from the application's database when {@code sno.lease.enabled} is true, or unset and the
 * lease table exists there; else random, with a WARNING that says how to do better. The bean
 * depends on database initialization (Flyway, Liquibase, Spring's script initializer) and on the
 * lease table's own {@link SnoLeaseSchemaInitializer}. Startup logs one line naming the partition
 * and its source.
 */
@AutoConfiguration(afterName = {"org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
        "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
        "org.springframework.boot.autoconfigure.flyway.FlywayAutoConfiguration",
        "org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration",
        "org.springframework.boot.autoconfigure.liquibase.LiquibaseAutoConfiguration",
        "org.springframework.boot.liquibase.autoconfigure.LiquibaseAutoConfiguration"})
@EnableConfigurationProperties(SnoProperties.class)
public final class SnoAutoConfiguration {

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
    SnoOverflowCounter snoOverflowCounter() {
        return new SnoOverflowCounter();
    }

    /**
     * The state of the partition lease, if the generator leases one (for health and metrics).
     *
     * @param properties  the {@code sno.*} properties
     * @return the state, held until a lease says otherwise
     */
    @Bean
    @ConditionalOnMissingBean
    SnoLeaseState snoLeaseState(SnoProperties properties) {
        return new SnoLeaseState(properties.lease().namespace());
    }

    /**
     * Creates the lease table when {@code sno.lease.initialize-schema=always}.
     *
     * @param properties   the {@code sno.*} properties
     * @param environment  the environment, for properties set to an empty value
     * @param dataSource   the application's DataSource, if it has one
     * @return the initializer
     */
    @Bean
    @ConditionalOnMissingBean(SnoGenerator.class)
    @DependsOnDatabaseInitialization
    SnoLeaseSchemaInitializer snoLeaseSchemaInitializer(SnoProperties properties, Environment environment,
            ObjectProvider<DataSource> dataSource) {
        DataSource db = dataSource.getIfUnique();
        return new SnoLeaseSchemaInitializer(new SnoGeneratorFactory(properties, environment, db),
                properties.lease().initializeSchema(), db);
    }

    /**
     * The generator.
     *
     * @param properties    the {@code sno.*} properties
     * @param environment   the environment, for properties set to an empty value
     * @param dataSource    the application's DataSource, if it has one
     * @param schema        the lease table's initializer, which runs first
     * @param lease         the lease's state, for health and metrics
     * @param overflows     counts overflow stalls
     * @param customizers   customizers of the builder
     * @param beans         the bean factory, to find a Redis connection factory
     * @return a new generator
     * @throws IllegalArgumentException if the properties are invalid or exclude each other; the
     *     message names them and what to change
     */
    @Bean
    @ConditionalOnMissingBean
    @DependsOnDatabaseInitialization
    SnoGenerator snoGenerator(SnoProperties properties, Environment environment, ObjectProvider<DataSource> dataSource,
            SnoLeaseSchemaInitializer schema, SnoLeaseState lease, SnoOverflowCounter overflows,
            ObjectProvider<SnoGeneratorBuilderCustomizer> customizers,
            org.springframework.beans.factory.config.ConfigurableListableBeanFactory beans) {
        return new SnoGeneratorFactory(properties, environment, dataSource.getIfUnique(), beans)
                .create(lease, overflows, customizers.orderedStream().collect(Collectors.toList()));
    }

    /**
     * Installs the generator bean behind {@link Sno#next} unless {@code sno.install=false},
     * read when the bean initializes (not a condition, which Spring AOT would freeze at build
     * time).
     *
     * @param generator   the generator bean
     * @param properties  the {@code sno.*} properties
     * @return the bean that installs it when initialized
     */
    @Bean
    SnoInstaller snoInstaller(SnoGenerator generator, SnoProperties properties) {
        return new SnoInstaller(generator, properties.install());
    }

    /**
     * Closes a leased generator when the context stops, in the first lifecycle phase, before
     * the connection factories it leases through (Spring Data Redis's Lettuce factory is a
     * lifecycle bean that stops its client before any bean is destroyed): the final state is
     * saved and the lease freed while the store is still reachable. Closing again at
     * destruction does nothing.
     *
     * @param generator  the generator bean
     * @return the lifecycle bean
     */
    @Bean
    SnoLeaseCloser snoLeaseCloser(SnoGenerator generator) {
        return new SnoLeaseCloser(generator);
    }

    /** Parses {@code min-max}. */
    static int[] parseRange(String text, String property) {
        int dash = text.indexOf('-');
        try {
            if (dash > 0) {
                return new int[] {Integer.parseInt(text.substring(0, dash).trim()),
                        Integer.parseInt(text.substring(dash + 1).trim())};
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException(property + " must be min-max, for example 0-32767: \"" + text + "\"");
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

    /** Counts the callers that stalled on an exhausted sequence pool. */
    static final class SnoOverflowCounter implements Consumer<SequenceOverflowNotification> {

        final LongAdder stalledCallers = new LongAdder();

        @Override
        public void accept(SequenceOverflowNotification notification) {
            stalledCallers.add(notification.stalledCallers());
        }
    }
}
