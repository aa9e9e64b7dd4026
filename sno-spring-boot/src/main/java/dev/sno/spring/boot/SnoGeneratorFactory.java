package dev.sno.spring.boot;

import dev.sno.SnoGenerator;
import dev.sno.config.PartitionDecision;
import dev.sno.config.SettingNames;
import dev.sno.config.Settings;
import dev.sno.config.SettingsException;
import dev.sno.lease.LeaseResources;
import java.util.List;
import java.util.function.Consumer;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.core.log.LogAccessor;

/**
 * Reads the {@code sno.*} settings from Spring's environment and hands them to sno-core's
 * {@link PartitionDecision}, which decides where the partition comes from (configured, a state
 * file, a lease, or random) with the rules and messages of every framework. What stays here is
 * Spring's: relaxed binding (each name is read through a {@link Binder}, so
 * {@code sno.lease.initializeSchema} in YAML and {@code SNO_LEASE_INITIALIZESCHEMA} count), the
 * names of the application's own property sources for unknown settings, and the log.
 */
final class SnoGeneratorFactory {

    /** The starter's log; Spring Boot routes it to Logback or whatever the application uses. */
    static final LogAccessor LOG = new LogAccessor(SnoAutoConfiguration.class);

    private SnoGeneratorFactory() {
    }

    /** The settings as Spring's binder reads them: each name's text, relaxed, placeholders resolved. */
    static Settings settings(Environment environment) {
        Binder binder = Binder.get(environment);
        return Settings.of(name -> binder.bind(name, Bindable.of(String.class)).orElse(null));
    }

    /**
     * Decides, and logs the startup line.
     *
     * @throws SettingsException for an unknown sno.* name in the application's own configuration,
     *     and whatever the decision refuses
     */
    static PartitionDecision decide(Environment environment, LeaseResources resources,
            Consumer<SnoGenerator.Builder> customizer) {
        check(environment);
        PartitionDecision d = PartitionDecision.make(settings(environment), resources, customizer);
        if (d.warning()) {
            LOG.warn(d.startupLine());
        } else {
            LOG.info(d.startupLine());
        }
        return d;
    }

    /** Refuses sno.* names of the application's own configuration that no one reads. */
    static void check(Environment environment) {
        if (environment instanceof ConfigurableEnvironment configurable) {
            List<String> unknown = SnoSettingNames.unknown(configurable);
            if (!unknown.isEmpty()) {
                throw SettingNames.refusal(unknown);
            }
        }
    }
}
