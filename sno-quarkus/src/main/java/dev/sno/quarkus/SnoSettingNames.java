package dev.sno.quarkus;

import dev.sno.config.SettingNames;
import dev.sno.config.PartitionDecision;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * The {@code sno.*} names sno reads, and the unknown ones in the application's own
 * configuration: every source but system properties and environment variables, where unrelated
 * {@code sno.*} names (a build's {@code -Dsno.version}) are common.
 */
final class SnoSettingNames {

    private SnoSettingNames() {
    }

    /** The names read: sno-core's and its lease stores' ({@link PartitionDecision#settingNames}). */
    static List<String> known() {
        return PartitionDecision.settingNames(PartitionDecision.providers());
    }

    /** One message per sno.* name of the application's own configuration that no one reads. */
    static List<String> unknown(Config config) {
        Map<String, String> given = new LinkedHashMap<>();
        for (ConfigSource source : config.getConfigSources()) {
            String sourceName = String.valueOf(source.getName());
            if (sourceName.startsWith("SysPropConfigSource") || sourceName.startsWith("EnvConfigSource")) {
                continue;
            }
            for (String name : source.getPropertyNames()) {
                if (name.startsWith("sno.")) {
                    given.putIfAbsent(name, where(sourceName));
                }
            }
        }
        return SettingNames.unknown(given, known());
    }

    /** "application.properties" for "PropertiesConfigSource[source=file:/.../application.properties]". */
    private static String where(String sourceName) {
        int at = sourceName.indexOf("source=");
        if (at < 0) {
            return sourceName;
        }
        String s = sourceName.substring(at + "source=".length());
        if (s.endsWith("]")) {
            s = s.substring(0, s.length() - 1);
        }
        return s.substring(s.lastIndexOf('/') + 1);
    }
}
