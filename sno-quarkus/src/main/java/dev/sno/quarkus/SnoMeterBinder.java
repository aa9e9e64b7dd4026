package dev.sno.quarkus;

import dev.sno.SnoGenerator;
import dev.sno.config.GeneratorMeter;
import dev.sno.config.OverflowCounter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import jakarta.inject.Singleton;
import java.util.List;

/**
 * The generator's Micrometer meters: sno-core's {@link GeneratorMeter#table}, with the Spring
 * starter's names and tags. A bean when the application has quarkus-micrometer, which binds it
 * to its registry.
 */
@Singleton
final class SnoMeterBinder implements MeterBinder {

    /** The table; kept here because Micrometer keeps the objects its meters read weakly. */
    private final List<GeneratorMeter> meters;

    SnoMeterBinder(SnoGenerator generator, OverflowCounter overflows, SnoDecisions decisions) {
        this.meters = GeneratorMeter.table(generator, overflows, decisions.lease());
    }

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
