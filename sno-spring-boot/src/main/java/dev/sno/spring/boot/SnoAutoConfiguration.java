package dev.sno.spring.boot;

import dev.sno.SequenceOverflowNotification;
import dev.sno.Sno;
import dev.sno.SnoGenerator;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.util.ClassUtils;

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
            if (!ClassUtils.isPresent(LEASES_CLASS, SnoAutoConfiguration.class.getClassLoader())) {
                throw new IllegalStateException("sno.lease.enabled=true needs " + LEASES_CLASS
                        + " (sno-jdbc with partition leases), which is not on the class path");
            }
            throw new IllegalStateException("sno.lease.enabled=true: partition leases are not wired into this"
                    + " version of sno-spring-boot-starter yet; set sno.partition instead");
        }
        SnoGenerator.Builder builder = SnoGenerator.builder().overflowListener(overflows);
        try {
            if (properties.partition() != null) {
                builder.partition(properties.partition());
            }
            if (properties.sequenceRange() != null) {
                int[] range = parseRange(properties.sequenceRange());
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
    static int[] parseRange(String text) {
        int dash = text.indexOf('-');
        try {
            if (dash > 0) {
                return new int[] {Integer.parseInt(text.substring(0, dash).trim()),
                        Integer.parseInt(text.substring(dash + 1).trim())};
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException("sno.sequence-range must be min-max, for example 0-32767: \""
                + text + "\"");
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

    /** Counts callers stalled on an exhausted sequence pool, and the time units in which they did. */
    static final class SnoOverflowCounter implements Consumer<SequenceOverflowNotification> {

        final LongAdder stalledCallers = new LongAdder();

        @Override
        public void accept(SequenceOverflowNotification notification) {
            stalledCallers.add(notification.count());
        }
    }
}
