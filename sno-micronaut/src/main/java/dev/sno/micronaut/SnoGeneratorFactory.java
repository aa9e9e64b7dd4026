package dev.sno.micronaut;

import dev.sno.SnoGenerator;
import dev.sno.config.PartitionDecision;
import dev.sno.config.SettingNames;
import dev.sno.config.Settings;
import dev.sno.lease.LeaseResources;
import io.micronaut.context.env.Environment;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the {@code sno.*} settings from Micronaut's {@link Environment} and hands them to
 * sno-core's {@link PartitionDecision}, which decides where the partition comes from (configured,
 * a state file, a lease, or random) with the rules and messages of every framework. What stays
 * here is Micronaut's: its property sources (files, {@code -D} system properties, {@code SNO_*}
 * environment variables as Micronaut maps them, placeholders resolved), the names of the
 * application's own sources for unknown settings, and the log.
 */
final class SnoGeneratorFactory {

    /** The module's log (SLF4J, as Micronaut logs). */
    static final Logger LOG = LoggerFactory.getLogger("dev.sno.micronaut");

    private SnoGeneratorFactory() {
    }

    /** The settings: each name's text as Micronaut resolves it, an empty one kept as empty. */
    static Settings settings(Environment environment) {
        return Settings.of(name -> environment.getProperty(name, String.class).orElse(null));
    }

    /**
     * Decides, and logs the startup line.
     *
     * @throws dev.sno.config.SettingsException for an unknown sno.* name in the application's own
     *     configuration, and whatever the decision refuses
     */
    static PartitionDecision decide(Environment environment, LeaseResources resources,
            Consumer<SnoGenerator.Builder> customizer) {
        List<String> unknown = SnoSettingNames.unknown(environment.getPropertySources());
        if (!unknown.isEmpty()) {
            throw SettingNames.refusal(unknown);
        }
        PartitionDecision d = PartitionDecision.make(settings(environment), resources, customizer);
        if (d.warning()) {
            LOG.warn(d.startupLine());
        } else {
            LOG.info(d.startupLine());
        }
        return d;
    }
}
