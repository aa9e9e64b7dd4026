package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * The GraalVM reachability metadata the sno jars ship ({@code META-INF/native-image/dev.sno/<artifact>/},
 * GraalVM's reflect-config, resource-config and serialization-config formats and
 * native-image.properties), read from the class path as native-image reads it: every file
 * parses, every class, field, constructor and method it names exists, every resource it
 * includes is there, and the classes with per-process state are initialized at run time. No
 * native image is built here (no GraalVM on this machine).
 */
class NativeImageMetadataTest {

    private static final Pattern LITERAL = Pattern.compile("^\\\\Q(.*)\\\\E$");
    private static final Pattern RUN_TIME = Pattern.compile("--initialize-at-run-time=(\\S+)");
    private final ObjectMapper json = new ObjectMapper();
    private final ClassLoader loader = getClass().getClassLoader();

    /** The files, by artifact and file name. */
    private Map<String, Resource> files() throws Exception {
        Map<String, Resource> files = new TreeMap<>();
        for (Resource r : new PathMatchingResourcePatternResolver().getResources("classpath*:META-INF/native-image/dev.sno/*/*")) {
            String url = r.getURL().toString();
            if (url.endsWith("/")) {
                continue; // the folder itself, in a jar
            }
            String artifact = url.replaceFirst(".*/META-INF/native-image/dev\\.sno/([^/]+)/[^/]+$", "$1");
            files.put(artifact + "/" + r.getFilename(), r);
        }
        return files;
    }

    @Test
    void eachSnoJarShipsItsMetadata() throws Exception {
        assertThat(files().keySet()).containsExactlyInAnyOrder(
                "sno-core/native-image.properties", "sno-core/reflect-config.json", "sno-core/serialization-config.json",
                "sno-jackson/reflect-config.json", "sno-jackson/resource-config.json",
                "sno-jdbc/reflect-config.json", "sno-jdbc/resource-config.json",
                "sno-redis/reflect-config.json", "sno-redis/resource-config.json",
                "sno-etcd/reflect-config.json", "sno-etcd/resource-config.json"); // etcd: a test dependency here
    }

    @Test
    void everyClassAndMemberNamedExists() throws Exception {
        int checked = 0;
        for (Map.Entry<String, Resource> f : files().entrySet()) {
            if (!f.getKey().endsWith("reflect-config.json")) {
                continue;
            }
            for (JsonNode type : read(f.getValue())) {
                Class<?> c = Class.forName(type.get("name").asText(), false, loader);
                for (JsonNode field : type.path("fields")) {
                    Field declared = c.getDeclaredField(field.get("name").asText());
                    assertThat(declared).isNotNull();
                }
                for (JsonNode method : type.path("methods")) {
                    List<Class<?>> params = new ArrayList<>();
                    for (JsonNode p : method.get("parameterTypes")) {
                        params.add(Class.forName(p.asText(), false, loader));
                    }
                    String name = method.get("name").asText();
                    Object member = name.equals("<init>") ? c.getDeclaredConstructor(params.toArray(Class<?>[]::new))
                            : c.getDeclaredMethod(name, params.toArray(Class<?>[]::new));
                    assertThat(member).as(f.getKey()).isNotNull();
                }
                checked++;
            }
        }
        assertThat(checked).isGreaterThanOrEqualTo(14);
    }

    @Test
    void everyResourceIncludedIsThereAndEverySerializedClassIsSerializable() throws Exception {
        List<String> included = new ArrayList<>();
        for (Map.Entry<String, Resource> f : files().entrySet()) {
            if (f.getKey().endsWith("resource-config.json")) {
                for (JsonNode include : read(f.getValue()).at("/resources/includes")) {
                    Matcher m = LITERAL.matcher(include.get("pattern").asText());
                    assertThat(m.matches()).as(include.toString()).isTrue();
                    assertThat(loader.getResource(m.group(1))).as(m.group(1)).isNotNull();
                    included.add(m.group(1));
                }
            } else if (f.getKey().endsWith("serialization-config.json")) {
                for (JsonNode type : read(f.getValue())) {
                    assertThat(Serializable.class.isAssignableFrom(Class.forName(type.get("name").asText(), false, loader)))
                            .as(type.toString()).isTrue();
                }
            }
        }
        assertThat(included).contains("dev/sno/jdbc/sql/postgresql.sql",
                "META-INF/services/com.fasterxml.jackson.databind.Module",
                "META-INF/services/tools.jackson.databind.JacksonModule",
                "META-INF/services/org.hibernate.boot.model.TypeContributor",
                "META-INF/services/dev.sno.lease.LeaseStoreProvider");
        for (Resource script : new PathMatchingResourcePatternResolver().getResources("classpath*:dev/sno/jdbc/sql/*")) {
            assertThat(included).contains("dev/sno/jdbc/sql/" + script.getFilename());
        }
    }

    /**
     * The per-process state (the shared generator and its random partition, the partition
     * notice, the locks this process holds, the lease's SecureRandom) is made when the image
     * runs: those classes are initialized at run time.
     */
    @Test
    void classesWithPerProcessStateAreInitializedAtRunTime() throws Exception {
        Set<String> runTime = new HashSet<>();
        for (Map.Entry<String, Resource> f : files().entrySet()) {
            if (f.getKey().endsWith("native-image.properties")) {
                Properties p = new Properties();
                try (InputStream in = f.getValue().getInputStream()) {
                    p.load(in);
                }
                Matcher m = RUN_TIME.matcher(p.getProperty("Args"));
                while (m.find()) {
                    for (String name : m.group(1).split(",")) {
                        Class.forName(name, false, loader);
                        runTime.add(name);
                    }
                }
            }
        }
        assertThat(runTime).containsExactlyInAnyOrder("dev.sno.Sno", "dev.sno.PartitionNotice",
                "dev.sno.FileStateStore", "dev.sno.lease.PartitionLeases", "dev.sno.lease.PartitionLeases$Holder");
    }

    private JsonNode read(Resource r) throws Exception {
        try (InputStream in = r.getInputStream()) {
            return json.readTree(in);
        }
    }
}
