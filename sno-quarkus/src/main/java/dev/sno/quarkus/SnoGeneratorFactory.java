package dev.sno.quarkus;

import dev.sno.SnoGenerator;
import dev.sno.config.PartitionDecision;
import dev.sno.config.SettingNames;
import dev.sno.config.Settings;
import dev.sno.config.SettingsException;
import dev.sno.lease.LeaseResources;
import io.quarkus.runtime.configuration.ConfigurationException;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigValue;
import org.jboss.logging.Logger;

/**
 * Reads the {@code sno.*} settings from MicroProfile Config and hands them to sno-core's
 * {@link PartitionDecision}, which decides where the partition comes from with the rules and
 * messages of every framework. What stays here is Quarkus's: the configuration (profiles,
 * expressions, {@code SNO_*} environment variables, all through SmallRye Config), the names of
 * the application's own config sources for unknown settings, the log, and the failure as
 * Quarkus's {@link ConfigurationException}.
 */
final class SnoGeneratorFactory {

    /** The extension's log. */
    static final Logger LOG = Logger.getLogger("dev.sno.quarkus");

    private SnoGeneratorFactory() {
    }

    /** The settings: each name's value, expressions expanded, an empty one kept as empty. */
    static Settings settings(Config config) {
        return Settings.of(name -> {
            ConfigValue v = config.getConfigValue(name);
            return v.getValue() != null ? v.getValue() : v.getRawValue();
        });
    }

    /**
     * Decides, and logs the startup line.
     *
     * @throws ConfigurationException naming the settings, for an unknown name in the application's
     *     own configuration and whatever the decision refuses
     */
    static PartitionDecision decide(Config config, LeaseResources resources, Consumer<SnoGenerator.Builder> customizer) {
        PartitionDecision d;
        try {
            List<String> unknown = SnoSettingNames.unknown(config);
            if (!unknown.isEmpty()) {
                throw SettingNames.refusal(unknown);
            }
            d = PartitionDecision.make(settings(config), resources, customizer);
        } catch (SettingsException e) {
            ConfigurationException c = new ConfigurationException(e.getMessage(), Set.copyOf(e.properties()));
            c.initCause(e);
            throw c;
        }
        if (d.warning()) {
            LOG.warn(d.startupLine());
        } else {
            LOG.info(d.startupLine());
        }
        return d;
    }
}
