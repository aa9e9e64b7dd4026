package dev.sno.micronaut;

import dev.sno.config.PartitionDecision;
import dev.sno.config.SettingNames;
import io.micronaut.context.env.CommandLinePropertySource;
import io.micronaut.context.env.EnvironmentPropertySource;
import io.micronaut.context.env.PropertySource;
import io.micronaut.context.env.SystemPropertiesPropertySource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code sno.*} names this module reads, and the unknown ones in the application's own
 * configuration: every property source of Micronaut's environment but system properties and
 * environment variables, where unrelated {@code sno.*} names (a build's {@code -Dsno.version},
 * and the several names Micronaut derives from each {@code SNO_*} variable) are common. sno-core's
 * {@link SettingNames} finds the nearest known name and words the message, as it does for the
 * Spring Boot starter and the Quarkus extension.
 */
final class SnoSettingNames {

    private SnoSettingNames() {
    }

    /**
     * The names read: sno-core's and its lease stores' ({@link PartitionDecision#settingNames});
     * this module's HTTP and Micronaut Data parts read none of their own.
     */
    static List<String> known() {
        return new ArrayList<>(PartitionDecision.settingNames(PartitionDecision.providers()));
    }

    /** One message per sno.* name of the application's own configuration that no one reads. */
    static List<String> unknown(Iterable<PropertySource> sources) {
        Map<String, String> given = new LinkedHashMap<>();
        for (PropertySource source : sources) {
            String name = source.getName();
            if (SystemPropertiesPropertySource.NAME.equals(name) || EnvironmentPropertySource.NAME.equals(name)) {
                continue;
            }
            for (String key : source) {
                if (key.startsWith("sno.")) {
                    given.putIfAbsent(key, where(source));
                }
            }
        }
        return SettingNames.unknown(given, known());
    }

    /** "application.properties" for a file's source, "the command line" for Micronaut's arguments. */
    private static String where(PropertySource source) {
        if (CommandLinePropertySource.NAME.equals(source.getName())) {
            return "the command line";
        }
        String location = source.getOrigin().location();
        return location.substring(location.lastIndexOf('/') + 1);
    }
}
