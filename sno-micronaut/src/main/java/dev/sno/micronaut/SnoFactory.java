package dev.sno.micronaut;

import dev.sno.Sno;
import dev.sno.SnoGenerator;
import dev.sno.config.OverflowCounter;
import dev.sno.config.PartitionDecision;
import io.micronaut.context.BeanContext;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import jakarta.inject.Singleton;
import java.util.List;

/**
 * The application's {@link SnoGenerator} bean, made when the context starts by sno-core's
 * {@link PartitionDecision} from the {@code sno.*} settings of Micronaut's environment: configured
 * ({@code sno.partition}), restored ({@code sno.snapshot-file}), leased from a store through the
 * application's own beans (a {@code DataSource}, Lettuce's {@code RedisClient}, a
 * {@code CuratorFramework}, a jetcd {@code Client}) or the store's own settings, or random with a
 * warning. Startup logs one line naming the partition and its source; settings that are invalid,
 * unknown {@code sno.*} names among them, fail the startup with a
 * {@link dev.sno.config.SettingsException}. {@link SnoLifecycle} installs the bean behind
 * {@link Sno#next} and frees its lease when the context stops.
 *
 * <p>An application's own {@code SnoGenerator} bean replaces this one: no partition is decided
 * then, and the application's bean is installed, reported and metered the same way.
 */
@Factory
final class SnoFactory {

    /**
     * Counts overflow stalls for the meters.
     *
     * @return a new counter
     */
    @Singleton
    OverflowCounter snoOverflows() {
        return new OverflowCounter();
    }

    /**
     * The generator, made by sno-core's decision.
     *
     * @param environment  the settings
     * @param beans        the application's beans, for the lease stores
     * @param overflows    counts overflow stalls for the meters
     * @param decisions    keeps the decision for health, meters and shutdown
     * @param customizers  the application's customizers of the builder, in their order
     * @return the generator; {@link SnoLifecycle} and {@link SnoDecisions} close it
     */
    @Context
    @Requires(missingBeans = SnoGenerator.class)
    SnoGenerator snoGenerator(Environment environment, BeanContext beans, OverflowCounter overflows,
            SnoDecisions decisions, List<SnoGeneratorBuilderCustomizer> customizers) {
        PartitionDecision d = SnoGeneratorFactory.decide(environment, new SnoLeaseResources(beans), b -> {
            b.overflowListener(overflows).announcePartition(false);
            customizers.forEach(c -> c.customize(b));
        });
        decisions.made(d);
        return d.generator();
    }
}
