package dev.sno.quarkus;

import dev.sno.config.SettingNames;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * The {@code sno.*} names of {@link SnoConfig}, and the unknown ones in the application's own
 * configuration: every source but system properties and environment variables, where unrelated
 * {@code sno.*} names (a build's {@code -Dsno.version}) are common.
 */
final class SnoSettingNames {

    private SnoSettingNames() {
    }

    /** The names SnoConfig maps, kebab-case, as {@code sno.lease.initialize-schema}. */
    static List<String> known() {
        List<String> names = new ArrayList<>();
        collect(SnoConfig.class, "sno.", names);
        return names;
    }

    private static void collect(Class<?> type, String prefix, List<String> names) {
        for (Method m : type.getMethods()) {
            if (m.getParameterCount() != 0 || Modifier.isStatic(m.getModifiers()) || m.isDefault()) {
                continue;
            }
            String name = prefix + kebab(m.getName());
            Class<?> r = m.getReturnType();
            if (r.isInterface() && r.getEnclosingClass() == SnoConfig.class) {
                collect(r, name + ".", names);
            } else {
                names.add(name);
            }
        }
    }

    private static String kebab(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    /** One message per sno.* name of the application's own configuration that SnoConfig does not map. */
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
