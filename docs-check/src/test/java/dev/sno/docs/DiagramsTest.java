package dev.sno.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The SVGs in docs/diagrams are what docs/diagrams/Diagrams.java writes from its descriptions. */
class DiagramsTest {

    @Test
    void checkedInSvgsMatchTheirGenerator() throws IOException, InterruptedException {
        Path root = DocsCheckTest.repositoryRoot();
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "docs/diagrams/Diagrams.java", "--check")
                .directory(root.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "java docs/diagrams/Diagrams.java --check: " + output);
    }
}
