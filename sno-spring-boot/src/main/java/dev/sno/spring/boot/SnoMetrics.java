package dev.sno.spring.boot;

import dev.sno.SnoGenerator;
import dev.sno.config.GeneratorMeter;
import dev.sno.config.LeaseState;
import dev.sno.config.OverflowCounter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.List;

/**
 * Micrometer meters of the application's generator: sno-core's {@link GeneratorMeter#table},
 * tagged with its {@code partition} and the partition's {@code source} (configured, leased,
 * random, restored):
 * <ul>
 * <li>{@code sno.generator.ids} (counter): IDs the generator made;</li>
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

    /** The table; kept here because Micrometer keeps the objects its meters read weakly. */
    private final List<GeneratorMeter> meters;

    SnoMetrics(SnoGenerator generator, OverflowCounter overflows, LeaseState lease) {
        this.meters = GeneratorMeter.table(generator, overflows, lease);
    }

    /**
     * Registers the meters.
     *
     * @param registry  the registry
     */
    @Override
    public void bindTo(MeterRegistry registry) {
        for (GeneratorMeter m : meters) {
            if (m.kind() == GeneratorMeter.Kind.COUNTER) {
                FunctionCounter.Builder<GeneratorMeter> b = FunctionCounter.builder(m.name(), m, GeneratorMeter::value)
                        .description(m.description());
                m.tags().forEach(b::tag);
                b.register(registry);
            } else {
                Gauge.Builder<GeneratorMeter> b = Gauge.builder(m.name(), m, GeneratorMeter::value)
                        .description(m.description());
                m.tags().forEach(b::tag);
                b.register(registry);
            }
        }
    }
}
