package dev.sno.micronaut;

import dev.sno.SnoGenerator;
import dev.sno.config.LeaseState;
import dev.sno.config.PartitionDecision;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;

/**
 * Micrometer meters of the application's generator, with the names and tags of the Spring Boot
 * starter and the Quarkus extension ({@code partition}, {@code source}): {@code sno.generator.ids},
 * {@code sno.generator.regressions}, {@code sno.generator.overflow.stalls} (counters),
 * {@code sno.generator.unit.ids}, {@code sno.generator.unit.capacity}, {@code sno.generator.closed}
 * (gauges), and with a leased partition {@code sno.lease.state} (0 held, 1 renewals failing,
 * 2 lost; tagged with the namespace too), registered in the application's registry when the
 * context starts, after the generator. Not a {@code MeterBinder} bean, which micronaut-micrometer
 * binds while it makes the registry: the generator's lease may need a datasource whose pool
 * registers meters of its own, and the registry would then wait on itself.
 */
@Context
@Requires(classes = MeterRegistry.class)
@Requires(beans = MeterRegistry.class)
final class SnoMetrics {

    private final SnoGenerator generator;
    private final SnoOverflows overflows;
    private final SnoDecisions decisions;

    SnoMetrics(SnoGenerator generator, SnoOverflows overflows, SnoDecisions decisions, MeterRegistry registry) {
        this.generator = generator;
        this.overflows = overflows;
        this.decisions = decisions;
        bindTo(registry);
    }

    /** Registers the meters. */
    void bindTo(MeterRegistry registry) {
        Tags tags = Tags.of("partition", Integer.toString(generator.partition()), "source",
                generator.partitionSource().toString());
        FunctionCounter.builder("sno.generator.ids", generator, SnoGenerator::idsGenerated)
                .description("IDs the generator made").tags(tags).register(registry);
        FunctionCounter.builder("sno.generator.regressions", generator, g -> g.snapshot().drifts())
                .description("clock regressions the generator tick-tocked at").tags(tags).register(registry);
        FunctionCounter.builder("sno.generator.overflow.stalls", overflows, SnoOverflows::stalledCallers)
                .description("callers stalled on an exhausted sequence pool").tags(tags).register(registry);
        Gauge.builder("sno.generator.unit.ids", generator, g -> g.isClosed() ? 0 : g.idsInCurrentUnit())
                .description("IDs made in the current 4 ms unit").tags(tags).register(registry);
        Gauge.builder("sno.generator.unit.capacity", generator, SnoGenerator::capacityPerUnit)
                .description("IDs the generator can make per 4 ms unit").tags(tags).register(registry);
        Gauge.builder("sno.generator.closed", generator, g -> g.isClosed() ? 1 : 0)
                .description("1 once the generator is closed").tags(tags).register(registry);
        LeaseState lease = PartitionDecision.leaseOf(generator, decisions.lease());
        if (lease != null) {
            Gauge.builder("sno.lease.state", lease, LeaseState::state)
                    .description("0 held, 1 renewals failing, 2 lost").tags(tags)
                    .tag("namespace", lease.namespace()).register(registry);
        }
    }
}
