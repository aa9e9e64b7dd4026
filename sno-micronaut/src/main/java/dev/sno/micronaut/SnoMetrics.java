package dev.sno.micronaut;

import dev.sno.SnoGenerator;
import dev.sno.config.GeneratorMeter;
import dev.sno.config.OverflowCounter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import java.util.List;

/**
 * Micrometer meters of the application's generator: sno-core's {@link GeneratorMeter#table}, with
 * the names and tags of the Spring Boot starter and the Quarkus extension, registered in the
 * application's registry when the context starts, after the generator. Not a {@code MeterBinder}
 * bean, which micronaut-micrometer binds while it makes the registry: the generator's lease may
 * need a datasource whose pool registers meters of its own, and the registry would then wait on
 * itself.
 */
@Context
@Requires(classes = MeterRegistry.class)
@Requires(beans = MeterRegistry.class)
final class SnoMetrics {

    /** The table; kept here because Micrometer keeps the objects its meters read weakly. */
    private final List<GeneratorMeter> meters;

    SnoMetrics(SnoGenerator generator, OverflowCounter overflows, SnoDecisions decisions, MeterRegistry registry) {
        this.meters = GeneratorMeter.table(generator, overflows, decisions.lease());
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
