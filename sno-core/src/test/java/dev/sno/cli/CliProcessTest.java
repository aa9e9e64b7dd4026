package dev.sno.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sno.SnoId;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The command in a real JVM with real file descriptors: what a shell user sees for a full disk
 * and for a reader that closes the pipe early.
 */
class CliProcessTest {

    private static ProcessBuilder sno(String... args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1",
                "-cp", Path.of("target", "classes").toString(), Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }

    @Test
    void writingToAFullDeviceFailsWithStatusOne() throws Exception {
        File full = new File("/dev/full");
        assumeTrue(full.exists(), "no /dev/full on this system");
        Process p = sno("generate", "3", "--partition=1").redirectOutput(full).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(1, p.exitValue(), err);
        assertEquals("sno: error writing standard output: No space left on device\n", err);
    }

    @Test
    void aClosedPipeStopsGenerationAtOnce() throws Exception {
        Process p = sno("generate", "1000000000", "--partition=1").start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))) {
            assertTrue(SnoId.isValid(out.readLine()));
        }   // the reader goes away, as 'head -1' does
        long closed = System.nanoTime();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "still running after the pipe closed");
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - closed);
        // A billion IDs take a minute or more; stopping takes one failed write.
        assertTrue(millis < 10_000, millis + " ms after the pipe closed");
        assertEquals(141, p.exitValue());
        assertEquals("", new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
