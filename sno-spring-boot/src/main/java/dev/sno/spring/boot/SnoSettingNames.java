package dev.sno.spring.boot;

import dev.sno.config.PartitionDecision;
import dev.sno.config.SettingNames;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * The {@code sno.*} names the starter reads, and the unknown ones in the application's own
 * configuration: every property source but system properties and environment variables, where
 * unrelated {@code sno.*} names (a build's {@code -Dsno.version}) are common. The Quarkus
 * extension does the same with its own names; sno-core's {@link SettingNames} words the message.
 */
final class SnoSettingNames {

    /** The names read by {@code @ConditionalOnProperty}. */
    static final List<String> CONDITIONS = List.of("sno.web.problem-details", "sno.web.time-windows",
            "sno.openapi.enabled");

    /** The names the Spring Data JDBC and R2DBC configurations read. */
    static final List<String> DATA = List.of(DataIds.BINARY_IDS);

    /** Spring's source that wraps all the others (ConfigurationPropertySources' attached source). */
    private static final String ATTACHED = "configurationProperties";

    private SnoSettingNames() {
    }

    /**
     * The names the starter reads, kebab-case, as {@code sno.lease.initialize-schema}: sno-core's
     * and its lease stores' ({@link PartitionDecision#settingNames}), the web conditions' and
     * Spring Data's ({@link #DATA}).
     */
    static List<String> known() {
        List<String> names = new ArrayList<>(CONDITIONS);
        names.addAll(DATA);
        names.addAll(PartitionDecision.settingNames(PartitionDecision.providers()));
        return names;
    }

    /** The names {@link SnoProperties} describes to IDEs (a test compares them with {@link #known()}). */
    static List<String> described() {
        List<String> names = new ArrayList<>(CONDITIONS);
        collect(SnoProperties.class, "sno.", names);
        return names;
    }

    private static void collect(Class<?> record, String prefix, List<String> names) {
        for (RecordComponent c : record.getRecordComponents()) {
            String name = prefix + c.getName().replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
            if (c.getType().isRecord()) {
                collect(c.getType(), name + ".", names);
            } else {
                names.add(name);
            }
        }
    }

    /** One message per sno.* name of the application's own configuration that the starter does not read. */
    static List<String> unknown(ConfigurableEnvironment environment) {
        Map<String, String> given = new LinkedHashMap<>();
        for (PropertySource<?> source : environment.getPropertySources()) {
            String name = source.getName();
            if (!(source instanceof EnumerablePropertySource<?> e) || ATTACHED.equals(name)
                    || StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME.equals(name)
                    || StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME.equals(name)) {
                continue;
            }
            for (String key : e.getPropertyNames()) {
                if (key.startsWith("sno.")) {
                    given.putIfAbsent(key, where(name));
                }
            }
        }
        return SettingNames.unknown(given, known());
    }

    /** "application.properties" for "Config resource 'class path resource [application.properties]' via ...". */
    private static String where(String sourceName) {
        if ("commandLineArgs".equals(sourceName)) {
            return "the command line";
        }
        int open = sourceName.indexOf('[');
        int close = sourceName.indexOf(']', open + 1);
        return open >= 0 && close > open ? sourceName.substring(open + 1, close) : sourceName;
    }
}
