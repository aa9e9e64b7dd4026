package dev.sno.spring.boot;

import dev.sno.SequenceOverflowNotification;
import dev.sno.Sno;
import dev.sno.SnoGenerator;
import dev.sno.jdbc.lease.JdbcPartitionLeases;
import java.sql.SQLException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The application's {@link SnoGenerator} bean, made from the {@code sno.*} properties
 * ({@link SnoProperties}), closed when the context closes (which writes the snapshot file) and
 * installed behind {@link Sno#next}, {@code @SnoGeneratedId} and the other integrations with
 * {@link Sno#install}. An application's own {@code SnoGenerator} bean replaces the one made here
 * and is installed the same way.
 */
@AutoConfiguration
@EnableConfigurationProperties(SnoProperties.class)
public final class SnoAutoConfiguration {

    /** The class that leases partitions from a database (sno-jdbc, when it has fleet leases). */
    static final String LEASES_CLASS = "dev.sno.jdbc.lease.JdbcPartitionLeases";

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
     * The generator.
     *
     * @param properties  the {@code sno.*} properties
     * @param overflows   counts overflow stalls
     * @return a new generator
     * @throws IllegalArgumentException if a property is invalid; the message names it and its value
     * @throws IllegalStateException if {@code sno.lease.enabled} is set but leases are not available
     */
    @Bean
    @ConditionalOnMissingBean
    SnoGenerator snoGenerator(SnoProperties properties, SnoOverflowCounter overflows) {
        if (properties.lease().enabled()) {
            throw new IllegalStateException("sno.lease.enabled=true needs " + LEASES_CLASS
                    + " (sno-jdbc with partition leases) and a DataSource bean");
        }
        SnoGenerator.Builder builder = SnoGenerator.builder().overflowListener(overflows);
        try {
            if (properties.partition() != null) {
                builder.partition(properties.partition());
            }
            if (properties.sequenceRange() != null) {
                int[] range = parseRange(properties.sequenceRange(), "sno.sequence-range");
                builder.sequenceRange(range[0], range[1]);
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid sno.* properties: " + e.getMessage(), e);
        }
        if (properties.snapshotFile() != null) {
            builder.snapshotFile(properties.snapshotFile());
        }
        if (properties.maxRegressionWait() != null) {
            builder.maxRegressionWait(properties.maxRegressionWait());
        }
        return builder.build();
    }

    /**
     * The generator on a partition leased from the application's DataSource
     * ({@code sno.lease.enabled=true}), with the lease's state for health and metrics.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = LEASES_CLASS)
    @ConditionalOnProperty(name = "sno.lease.enabled", havingValue = "true")
    static final class Leased {

        @Bean
        @ConditionalOnMissingBean
        SnoLeaseState snoLeaseState(SnoProperties properties) {
            return new SnoLeaseState(properties.lease().namespace());
        }

        @Bean
        @ConditionalOnMissingBean
        SnoGenerator snoGenerator(SnoProperties properties, SnoLeaseState state, ObjectProvider<DataSource> dataSource)
                throws SQLException {
            if (properties.partition() != null || properties.sequenceRange() != null) {
                throw new IllegalArgumentException("Invalid sno.* properties: sno.lease.enabled=true leases the"
                        + " partition; unset sno.partition (" + properties.partition() + ") and sno.sequence-range ("
                        + properties.sequenceRange() + ")");
            }
            DataSource db = dataSource.getIfAvailable();
            if (db == null) {
                throw new IllegalStateException("sno.lease.enabled=true needs a DataSource bean");
            }
            SnoProperties.Lease lease = properties.lease();
            JdbcPartitionLeases.Builder builder = JdbcPartitionLeases.builder(db).listener(state)
                    .createTable(lease.createTable());
            try {
                int[] range = parseRange(lease.partitions(), "sno.lease.partitions");
                builder.namespace(lease.namespace()).leaseDuration(lease.duration()).partitions(range[0], range[1]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Invalid sno.lease.* properties: " + e.getMessage(), e);
            }
            return builder.build().acquire();
        }
    }

    /**
     * Installs the generator bean behind {@link Sno#next} unless {@code sno.install=false}.
     *
     * @param generator  the generator bean
     * @return the bean that installs it when initialized
     */
    @Bean
    @ConditionalOnProperty(name = "sno.install", havingValue = "true", matchIfMissing = true)
    SnoInstaller snoInstaller(SnoGenerator generator) {
        return new SnoInstaller(generator);
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

        SnoInstaller(SnoGenerator generator) {
            this.generator = generator;
        }

        @Override
        public void afterPropertiesSet() {
            Sno.install(generator);
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
