package dev.sno.quarkus;

import dev.sno.Sno;
import dev.sno.SnoGenerator;
import io.quarkus.arc.DefaultBean;
import io.quarkus.runtime.LaunchMode;
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
     * In dev mode, the generator made at the first start, kept across live reloads: sno-core
     * lives in the class loader that reloads keep, and {@code Sno.install} works once per
     * process, so a reload reuses the generator (and its partition) instead of making another.
     */
    private static volatile SnoGenerator devModeGenerator;

    /** Whether {@link #devModeGenerator} was installed behind {@code Sno.next}. */
    private static volatile boolean devModeInstalled;

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
        boolean dev = LaunchMode.current() == LaunchMode.DEVELOPMENT;
        SnoGenerator kept = devModeGenerator;
        if (dev && kept != null && !kept.isClosed()) {
            SnoGeneratorFactory.LOG.infof("sno: partition %d (%s, kept across the live reload; sno.* changes apply"
                    + " after a restart of dev mode)", kept.partition(), kept.partitionSource());
            return kept;
        }
        SnoGenerator g = new SnoGeneratorFactory(config, ConfigProvider.getConfig())
                .create(leasing.isResolvable() ? leasing.get() : null, overflows);
        if (dev) {
            devModeGenerator = g;
        }
        return g;
    }

    /**
     * Closes the generator this class made: writes its final state, or frees its lease. In dev
     * mode the generator outlives reloads and is left open (its state file's write-ahead, or
     * its lease's expiry, covers the end of the process).
     */
    void close(@Disposes SnoGenerator generator) {
        if (generator != devModeGenerator) {
            generator.close();
        }
    }

    /**
     * Makes the generator bean at startup, before the application's own startup code, and
     * installs it behind {@link Sno#next} unless {@code sno.install=false}.
     */
    void install(@Observes @Priority(1) StartupEvent event, SnoGenerator generator, SnoConfig config) {
        if (config.install() && !(generator == devModeGenerator && devModeInstalled)) {
            Sno.install(generator);
            devModeInstalled = generator == devModeGenerator;
        }
    }
}
