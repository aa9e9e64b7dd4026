package dev.sno.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoId;
import io.micronaut.context.ApplicationContext;
import io.micronaut.core.type.Argument;
import io.micronaut.serde.SerdeRegistry;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What a GraalVM native image of an application with sno-micronaut needs of the module, checked
 * without GraalVM (none on the build machine; no native image is built): every bean is defined at
 * compile time (a generated {@code $Name$Definition} class, listed where Micronaut finds bean
 * definitions), the compiled main classes, generated ones included, make no reflective call, and
 * Micronaut Serialization reads and writes {@link SnoId} through sno-micronaut's serde bean (no
 * introspection or reflection of {@code SnoId}).
 */
class NativeReadinessTest {

    /** A class-level annotation that makes a class a bean (or a factory of beans). */
    private static final Pattern CLASS_BEAN = Pattern.compile(
            "^@(Singleton|Factory|Context|Prototype|EachBean|Bean)\\b.*?^(?:public |final |abstract )*(?:class|record) (\\w+)",
            Pattern.MULTILINE | Pattern.DOTALL);
    /** A method-level bean annotation, in a factory. */
    private static final Pattern METHOD_BEAN = Pattern.compile("^    @(Singleton|Context|Prototype|EachBean)\\b",
            Pattern.MULTILINE);
    private static final String REFERENCES = "META-INF/micronaut/io.micronaut.inject.BeanDefinitionReference";

    /**
     * Names of methods and classes of reflective access, as a class file's constant pool holds
     * them (a UTF-8 entry: its length in two bytes, then the name).
     */
    private static final List<String> REFLECTIVE = List.of("forName", "getMethod", "getMethods", "getDeclaredMethod",
            "getDeclaredMethods", "getField", "getFields", "getDeclaredField", "getDeclaredFields", "getConstructor",
            "getDeclaredConstructor", "getDeclaredConstructors", "setAccessible", "newInstance", "getAnnotation",
            "getAnnotationsByType", "getDeclaredAnnotation", "isAnnotationPresent", "java/lang/reflect/Method",
            "java/lang/reflect/Field", "java/lang/reflect/Constructor", "java/lang/reflect/Proxy",
            "io/micronaut/core/reflect/ReflectionUtils", "io/micronaut/core/reflect/InstantiationUtils");

    /**
     * The main classes allowed a reflective name, and why (what a Jackson databind failure says
     * is sno-jackson's SnoJsonError, outside this module). SnoProblemHandler's executable method is Micronaut's generated code: it calls
     * {@code handle} directly, and looks up the {@code java.lang.reflect.Method} only if something
     * asks for its target method. SnoIdGeneration creates a {@code @SnoGeneratedId(generator = ...)}
     * supplier that is not a bean with Micronaut's InstantiationUtils: through the class's
     * introspection if it has one, else by reflection (docs/micronaut.md: in a native image, make
     * it a bean or {@code @Introspected}).
     */
    private static final Map<String, String> ALLOWED = Map.of(
            "dev/sno/micronaut/http/$SnoProblemHandler$Definition$Exec.class", "io/micronaut/core/reflect/ReflectionUtils",
            "dev/sno/micronaut/data/SnoIdGeneration.class", "io/micronaut/core/reflect/InstantiationUtils");

    private static Path mainClasses() throws URISyntaxException {
        return Path.of(SnoFactory.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    @Test
    void everyBeanIsDefinedAtCompileTime() throws IOException, URISyntaxException {
        Path classes = mainClasses();
        List<String> missing = new ArrayList<>();
        int beans = 0;
        try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
            for (Path source : (Iterable<Path>) sources.filter(p -> p.toString().endsWith(".java"))::iterator) {
                String text = Files.readString(source);
                Matcher m = CLASS_BEAN.matcher(text);
                if (!m.find()) {
                    continue;
                }
                String pkg = text.lines().filter(l -> l.startsWith("package ")).findFirst().orElseThrow()
                        .substring(8).replace(";", "").strip();
                String own = pkg + ".$" + m.group(2) + "$Definition";
                beans++;
                if (!Files.exists(classes.resolve(REFERENCES).resolve(own))
                        || !Files.exists(classes.resolve(own.replace('.', '/') + ".class"))) {
                    missing.add(own);
                }
                long methods = METHOD_BEAN.matcher(text).results().count();
                String prefix = "$" + m.group(2) + "$";
                try (Stream<Path> listed = Files.list(classes.resolve(REFERENCES))) {
                    long produced = listed.map(p -> p.getFileName().toString())
                            .filter(n -> n.startsWith(pkg + "." + prefix) && !n.equals(own)).count();
                    if (produced < methods) {
                        missing.add(pkg + "." + prefix + "*: " + produced + " of " + methods + " factory methods");
                    }
                }
            }
        }
        assertEquals(List.of(), missing);
        assertTrue(beans >= 10, "beans found in the sources: " + beans);
    }

    @Test
    void mainClassesMakeNoReflectiveCalls() throws IOException, URISyntaxException {
        Map<String, String> found = new TreeMap<>();
        Path classes = mainClasses();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
                String pool = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                List<String> hits = new ArrayList<>();
                for (String name : REFLECTIVE) {
                    String entry = (char) (name.length() >> 8) + "" + (char) (name.length() & 0xff) + name;
                    if (pool.contains(entry)) {
                        hits.add(name);
                    }
                }
                if (!hits.isEmpty()) {
                    found.put(classes.relativize(file).toString().replace('\\', '/'), String.join(",", hits));
                }
            }
        }
        assertEquals(new TreeMap<>(ALLOWED), found);
    }

    @Test
    void serdeReadsAndWritesSnoIdsThroughTheModulesBean() {
        try (ApplicationContext context = ApplicationContext.run(Map.of("sno.install", "false", "sno.partition", "1"))) {
            SerdeRegistry registry = context.getBean(SerdeRegistry.class);
            assertEquals("dev.sno.micronaut.http.SnoIdSerde",
                    registry.findDeserializer(Argument.of(SnoId.class)).getClass().getName());
            assertEquals("dev.sno.micronaut.http.SnoIdSerde",
                    registry.findSerializer(Argument.of(SnoId.class)).getClass().getName());
        } catch (io.micronaut.serde.exceptions.SerdeException e) {
            throw new AssertionError(e);
        }
    }
}
