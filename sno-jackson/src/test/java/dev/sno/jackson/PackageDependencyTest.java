package dev.sno.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package graph of the compiled main classes, read with jdeps: the shared annotations need
 * no Jackson, and each generation's package sees neither the other generation nor its package.
 */
class PackageDependencyTest {

    private static final Map<String, Set<String>> DEPENDENCIES = new TreeMap<>();

    @BeforeAll
    static void readGraph() throws Exception {
        List<String> args = new ArrayList<>(List.of("-verbose:package", "-filter:none"));
        try (Stream<Path> files = Files.walk(Path.of("target/classes/dev"))) {
            files.filter(f -> f.toString().endsWith(".class")).forEach(f -> args.add(f.toString()));
        }
        StringWriter out = new StringWriter();
        int rc = ToolProvider.findFirst("jdeps").orElseThrow()
                .run(new PrintWriter(out), new PrintWriter(out), args.toArray(new String[0]));
        assertEquals(0, rc, out.toString());
        for (String line : out.toString().split("\\R")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && f[1].equals("->") && f[0].startsWith("dev.sno.")) {
                DEPENDENCIES.computeIfAbsent(f[0], k -> new TreeSet<>()).add(f[2]);
            }
        }
        assertTrue(DEPENDENCIES.keySet().containsAll(Set.of("dev.sno.jackson", "dev.sno.jackson.internal",
                "dev.sno.jackson2", "dev.sno.jackson3", "dev.sno.jackson.internal.jackson2",
                "dev.sno.jackson.internal.jackson3")), DEPENDENCIES.toString());
    }

    private static Set<String> outside(String pkg, String... allowedPrefixes) {
        return DEPENDENCIES.get(pkg).stream()
                .filter(d -> !d.startsWith("java."))
                .filter(d -> Stream.of(allowedPrefixes).noneMatch(a -> d.equals(a) || d.startsWith(a + ".")))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void sharedAnnotationsDependOnNoJacksonGeneration() {
        assertEquals(Set.of(), outside("dev.sno.jackson", "dev.sno"));
        // SnoJsonError calls each generation's reader only when that generation's exception is seen.
        assertEquals(Set.of(), DEPENDENCIES.get("dev.sno.jackson").stream()
                .filter(d -> d.startsWith("dev.sno.jackson") && !d.equals("dev.sno.jackson"))
                .filter(d -> !d.equals("dev.sno.jackson.internal.jackson2") && !d.equals("dev.sno.jackson.internal.jackson3"))
                .collect(Collectors.toSet()));
        assertEquals(Set.of(), outside("dev.sno.jackson.internal", "dev.sno"));
        assertTrue(DEPENDENCIES.get("dev.sno.jackson.internal").stream()
                .noneMatch(d -> d.equals("dev.sno.jackson2") || d.equals("dev.sno.jackson3")));
    }

    @Test
    void jackson2PackageSeesNoJackson3() {
        assertEquals(Set.of(), outside("dev.sno.jackson2", "com.fasterxml.jackson", "dev.sno.jackson",
                "dev.sno.jackson.internal", "dev.sno.jackson2", "dev.sno"));
        assertTrue(DEPENDENCIES.get("dev.sno.jackson2").stream()
                .noneMatch(d -> d.startsWith("tools.jackson") || d.equals("dev.sno.jackson3")));
    }

    @Test
    void eachGenerationsErrorReaderSeesOnlyItsGeneration() {
        assertEquals(Set.of(), outside("dev.sno.jackson.internal.jackson2", "com.fasterxml.jackson", "dev.sno"));
        assertEquals(Set.of(), outside("dev.sno.jackson.internal.jackson3", "tools.jackson", "dev.sno"));
        for (String[] pair : new String[][] {{"2", "3"}, {"3", "2"}}) {
            assertTrue(DEPENDENCIES.get("dev.sno.jackson.internal.jackson" + pair[0]).stream()
                    .noneMatch(d -> d.equals("dev.sno.jackson" + pair[1]) || d.equals("dev.sno.jackson" + pair[0])
                            || d.equals("dev.sno.jackson.internal.jackson" + pair[1])));
        }
    }

    @Test
    void jackson3PackageSeesNoJackson2() {
        // Jackson 3 itself uses the 2.x annotations package (com.fasterxml.jackson.annotation).
        assertTrue(DEPENDENCIES.get("dev.sno.jackson3").stream()
                .noneMatch(d -> d.equals("dev.sno.jackson2")
                        || d.startsWith("com.fasterxml.jackson") && !d.equals("com.fasterxml.jackson.annotation")),
                DEPENDENCIES.get("dev.sno.jackson3").toString());
    }
}
