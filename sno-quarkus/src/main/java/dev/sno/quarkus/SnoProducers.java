package dev.sno.quarkus;

import dev.sno.Sno;
import dev.sno.SnoGenerator;
import dev.sno.config.OverflowCounter;
import dev.sno.config.PartitionDecision;
import dev.sno.lease.LeaseResources;
import io.quarkus.arc.Arc;
import io.quarkus.arc.DefaultBean;
import io.quarkus.arc.InjectableInstance;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.Optional;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The application's {@link SnoGenerator} bean, made by sno-core's {@code PartitionDecision} when the application
 * starts (never at build time), closed on shutdown (which writes the snapshot file or frees the
 * lease), and installed behind {@link Sno#next} and {@code @SnoGeneratedId} before any other
 * startup observer runs. An application's own {@code SnoGenerator} bean replaces this one and is
 * installed the same way.
 */
@Singleton
final class SnoProducers {

    /**
     * In dev mode, the decision made at the first start, kept across live reloads: sno-core
     * lives in the class loader that reloads keep, and {@code Sno.install} works once per
     * process, so a reload reuses the generator (and its partition) instead of making another.
     */
    private static volatile PartitionDecision devModeDecision;

    /** Whether the kept generator was installed behind {@code Sno.next}. */
    private static volatile boolean devModeInstalled;

    /**
     * Counts overflow stalls for the meters.
     *
     * @return a new counter
     */
    @Produces
    @Singleton
    OverflowCounter snoOverflows() {
        return new OverflowCounter();
    }

    /**
     * The generator, made by sno-core's decision from the {@code sno.*} settings.
     *
     * @param overflows  counts overflow stalls for the meters; set on every generator, leased or not
     * @param decisions  keeps the decision for health and meters
     * @param agroal     the Agroal datasources; unsatisfied without quarkus-agroal
     * @return a new generator
     */
    @Produces
    @Singleton
    @DefaultBean
    SnoGenerator snoGenerator(OverflowCounter overflows, SnoDecisions decisions, Instance<SnoAgroal> agroal) {
        boolean dev = LaunchMode.current() == LaunchMode.DEVELOPMENT;
        PartitionDecision kept = devModeDecision;
        if (dev && kept != null && !kept.generator().isClosed()) {
            SnoGeneratorFactory.LOG.infof("sno: partition %d (%s, kept across the live reload; sno.* changes apply"
                    + " after a restart of dev mode)", kept.generator().partition(), kept.generator().partitionSource());
            decisions.made(kept);
            return kept.generator();
        }
        SnoAgroal datasources = agroal.isResolvable() ? agroal.get() : null;
        LeaseResources resources = new LeaseResources() {
            @Override
            public <T> Optional<T> find(Class<T> type, String name) {
                if (type == DataSource.class) {
                    return datasources != null ? datasources.find(name).map(type::cast) : Optional.empty();
                }
                // Any other type a store asks for (a CuratorFramework, a jetcd Client): the
                // application's bean of that type, if it has exactly one. No store-specific code.
                InjectableInstance<T> bean = Arc.container().select(type);
                return name == null && bean.isResolvable() ? Optional.of(bean.get()) : Optional.empty();
            }
        };
        PartitionDecision d = SnoGeneratorFactory.decide(ConfigProvider.getConfig(), resources,
                b -> b.overflowListener(overflows).announcePartition(false));
        decisions.made(d);
        if (dev) {
            devModeDecision = d;
        }
        return d.generator();
    }

    /**
     * Closes the generator this class made: writes its final state, or frees its lease, then
     * closes what its store opened. In dev mode the generator outlives reloads and is left open
     * (its state file's write-ahead, or its lease's expiry, covers the end of the process).
     */
    void close(@Disposes SnoGenerator generator, SnoDecisions decisions) {
        PartitionDecision kept = devModeDecision;
        if (kept != null && kept.generator() == generator) {
            return;
        }
        PartitionDecision d = decisions.decision();
        if (d != null && d.generator() == generator) {
            d.close();
        } else {
            generator.close();
        }
    }

    /**
     * Makes the generator bean at startup, before the application's own startup code, and
     * installs it behind {@link Sno#next} unless {@code sno.install=false}.
     */
    void install(@Observes @Priority(1) StartupEvent event, SnoGenerator generator) {
        boolean install = SnoGeneratorFactory.settings(ConfigProvider.getConfig()).flag("sno.install").orElse(true);
        PartitionDecision kept = devModeDecision;
        boolean isKept = kept != null && kept.generator() == generator;
        if (install && !(isKept && devModeInstalled)) {
            Sno.install(generator);
            devModeInstalled = isKept;
        }
    }
}
