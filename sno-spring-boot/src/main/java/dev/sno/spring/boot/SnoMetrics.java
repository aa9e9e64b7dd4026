package dev.sno.spring.boot;

import dev.sno.config.LeaseState;
import dev.sno.config.PartitionDecision;
import dev.sno.SnoGenerator;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * Micrometer meters of the application's generator, tagged with its {@code partition} and the
 * partition's {@code source} (configured, leased, random, restored):
 * <ul>
 * <li>{@code sno.generator.regressions} (counter): clock regressions the generator moved to the
 *     other tick-tock timeline at (the snapshot's {@code drifts});</li>
 * <li>{@code sno.generator.overflow.stalls} (counter): callers that stalled because the sequence
 *     pool of a 4 ms unit was exhausted (only for the generator the starter builds);</li>
 * <li>{@code sno.generator.unit.ids} (gauge): IDs made in the current 4 ms unit, and
 *     {@code sno.generator.unit.capacity} (gauge): the most it can make in one;</li>
 * <li>{@code sno.generator.closed} (gauge): 1 once the generator is closed;</li>
 * <li>{@code sno.lease.state} (gauge, with a leased partition, tagged with the namespace too):
 *     0 held, 1 renewals failing, 2 lost ({@link LeaseState}).</li>
 * </ul>
 */
public final class SnoMetrics implements MeterBinder {

    private final SnoGenerator generator;
    private final SnoAutoConfiguration.SnoOverflowCounter overflows;
    private final LeaseState lease;

    SnoMetrics(SnoGenerator generator, SnoAutoConfiguration.SnoOverflowCounter overflows, LeaseState lease) {
        this.generator = generator;
        this.overflows = overflows;
        this.lease = lease;
    }

    /**
     * Registers the meters.
     *
     * @param registry  the registry
     */
    @Override
    public void bindTo(MeterRegistry registry) {
        Tags tags = Tags.of("partition", Integer.toString(generator.partition()), "source",
                generator.partitionSource().toString());
        FunctionCounter.builder("sno.generator.ids", generator, SnoGenerator::idsGenerated)
                .description("IDs the generator made").tags(tags).register(registry);
        FunctionCounter.builder("sno.generator.regressions", generator, g -> g.snapshot().drifts())
                .description("clock regressions the generator tick-tocked at").tags(tags)
                .register(registry);
        if (overflows != null) {
            FunctionCounter.builder("sno.generator.overflow.stalls", overflows, o -> o.stalledCallers.sum())
                    .description("callers stalled on an exhausted sequence pool").tags(tags)
                    .register(registry);
        }
        Gauge.builder("sno.generator.unit.ids", generator, g -> g.isClosed() ? 0 : g.idsInCurrentUnit())
                .description("IDs made in the current 4 ms unit").tags(tags).register(registry);
        Gauge.builder("sno.generator.unit.capacity", generator, SnoGenerator::capacityPerUnit)
                .description("IDs the generator can make per 4 ms unit").tags(tags)
                .register(registry);
        Gauge.builder("sno.generator.closed", generator, g -> g.isClosed() ? 1 : 0)
                .description("1 once the generator is closed").tags(tags).register(registry);
        if (PartitionDecision.leaseOf(generator, lease) != null) {
            Gauge.builder("sno.lease.state", lease, LeaseState::state)
                    .description("0 held, 1 renewals failing, 2 lost").tags(tags)
                    .tag("namespace", lease.namespace()).register(registry);
        }
    }
}
