package dev.sno.quarkus;

import dev.sno.Sno;
import dev.sno.SnoGenerator;
import io.quarkus.arc.DefaultBean;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The application's {@link SnoGenerator} bean, made from {@link SnoConfig} when the application
 * starts (never at build time), closed on shutdown (which writes the snapshot file or frees the
 * lease), and installed behind {@link Sno#next} and {@code @SnoGeneratedId} before any other
 * startup observer runs. An application's own {@code SnoGenerator} bean replaces this one and is
 * installed the same way.
 */
@Singleton
final class SnoProducers {

    /**
     * The generator.
     *
     * @param config     the {@code sno.*} configuration
     * @param overflows  counts overflow stalls for the meters
     * @param lease      the lease's state for health and meters
     * @param leasing    leases from an Agroal datasource; unsatisfied without quarkus-agroal
     * @return a new generator
     */
    @Produces
    @Singleton
    @DefaultBean
    SnoGenerator snoGenerator(SnoConfig config, SnoOverflows overflows, SnoLeaseState lease,
            Instance<SnoLeasing> leasing) {
        return new SnoGeneratorFactory(config, ConfigProvider.getConfig())
                .create(leasing.isResolvable() ? leasing.get() : null, overflows);
    }

    /** Closes the generator this class made: writes its final state, or frees its lease. */
    void close(@Disposes SnoGenerator generator) {
        generator.close();
    }

    /**
     * Makes the generator bean at startup, before the application's own startup code, and
     * installs it behind {@link Sno#next} unless {@code sno.install=false}.
     */
    void install(@Observes @Priority(1) StartupEvent event, SnoGenerator generator, SnoConfig config) {
        if (config.install()) {
            Sno.install(generator);
        }
    }
}
