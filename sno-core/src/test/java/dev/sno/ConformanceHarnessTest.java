package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness itself: it must find mismatches, and refuse a directory without vectors. */
class ConformanceHarnessTest {

    @Test
    void refusesADirectoryWithoutVectorFiles(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("other.json"), "{}");
        AssertionError e = assertThrows(AssertionError.class, () -> Conformance.load(dir));
        assertTrue(e.getMessage().startsWith("no conformance vectors in "), e.getMessage());
    }

    @Test
    void readsOnlyTheFilesPresentInTheDirectory(@TempDir Path dir) throws Exception {
        Files.copy(resource("codec.json"), dir.resolve("codec.json"));
        Map<String, String> files = Conformance.load(dir);
        assertEquals(List.of("codec.json"), List.copyOf(files.keySet()));
        assertEquals(0, failures(Conformance.tests(files)));
    }

    @Test
    void reportsAValidCaseThatDoesNotMatch(@TempDir Path dir) throws Exception {
        String json = Files.readString(resource("codec.json"), StandardCharsets.UTF_8);
        // Change the expected encoding of the all-zero ID: exactly one case must fail.
        String tampered = json.replaceFirst("\"2222222222222222\"", "\"2222222222222223\"");
        Files.writeString(dir.resolve("codec.json"), tampered);
        assertEquals(1, failures(Conformance.tests(Conformance.load(dir))));
    }

    @Test
    void reportsAGeneratorScenarioThatDoesNotMatch(@TempDir Path dir) throws Exception {
        String json = Files.readString(resource("generator.json"), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("generator.json"), json);
        assertEquals(0, failures(Conformance.tests(Conformance.load(dir))));
        // Expect a different sequence in the first scenario's first ID: that scenario must fail.
        String tampered = json.replaceFirst("\"29gfem22232im222\"", "\"29gfem22232im223\"");
        Files.writeString(dir.resolve("generator.json"), tampered);
        assertEquals(1, failures(Conformance.tests(Conformance.load(dir))));
        // A wrong expected snapshot must fail too.
        String badSnapshot = json.replaceFirst("\"drifts\": 1\\s*}", "\"drifts\": 3 }");
        assertTrue(!badSnapshot.equals(json));
        Files.writeString(dir.resolve("generator.json"), badSnapshot);
        assertEquals(1, failures(Conformance.tests(Conformance.load(dir))));
    }

    @Test
    void reportsAnInvalidStringThatIsAccepted(@TempDir Path dir) throws Exception {
        String json = "{\"codec\": [], \"invalid\": [\"2222222222222222\", \"222\"]}";
        Files.writeString(dir.resolve("codec.json"), json);
        assertEquals(1, failures(Conformance.tests(Conformance.load(dir))));
    }

    private static Path resource(String name) throws Exception {
        return Path.of(ConformanceHarnessTest.class.getResource("/conformance/" + name).toURI());
    }

    /** Runs every dynamic test and counts those that throw. */
    static int failures(List<DynamicNode> nodes) {
        List<DynamicTest> tests = new ArrayList<>();
        collect(nodes, tests);
        int failed = 0;
        for (DynamicTest t : tests) {
            try {
                t.getExecutable().execute();
            } catch (Throwable e) {
                failed++;
            }
        }
        return failed;
    }

    private static void collect(List<? extends DynamicNode> nodes, List<DynamicTest> out) {
        for (DynamicNode n : nodes) {
            if (n instanceof DynamicTest) {
                out.add((DynamicTest) n);
            } else {
                collect(((DynamicContainer) n).getChildren().map(DynamicNode.class::cast).toList(), out);
            }
        }
    }
}
