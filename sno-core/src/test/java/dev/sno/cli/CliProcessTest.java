package dev.sno.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sno.SnoId;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command in a real JVM with real file descriptors: what a shell user sees for a full disk,
 * for a reader that closes the pipe early, and for a closed standard input.
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

    /** Result of a process: status, standard output, standard error. */
    record Result(int status, String out, String err) {
    }

    /** Runs a command with standard input closed ({@code <&-}), through sh. */
    private static Result withStdinClosed(ProcessBuilder command) throws Exception {
        List<String> shell = new java.util.ArrayList<>(List.of("sh", "-c", "exec \"$@\" <&-", "sh"));
        shell.addAll(command.command());
        ProcessBuilder pb = new ProcessBuilder(shell);
        pb.environment().putAll(command.environment());
        return assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            Process p = pb.start();
            // Read both streams fully: a process that prints millions of lines must not block.
            java.util.concurrent.CompletableFuture<byte[]> out = java.util.concurrent.CompletableFuture.supplyAsync(
                    () -> readAll(p.getInputStream()));
            byte[] err = readAll(p.getErrorStream());
            return new Result(p.waitFor(), new String(out.get(), StandardCharsets.UTF_8),
                    new String(err, StandardCharsets.UTF_8));
        });
    }

    private static byte[] readAll(java.io.InputStream in) {
        try {
            return in.readAllBytes();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aClosedStandardInputIsOneErrorLineNotTheJvmsOwnFile() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "no /proc/self/fd: only the launcher detects it");
        Result r = withStdinClosed(sno("inspect"));
        assertEquals(new Result(1, "", "sno: error reading standard input: it is closed\n"), r);
        Result ids = withStdinClosed(sno("inspect", "--format=json", "29gfem22232im222"));
        assertEquals(0, ids.status(), ids.err());
        assertTrue(ids.out().startsWith("{\"id\":\"29gfem22232im222\""), ids.out());
    }

    @Test
    void theLauncherReportsAClosedStandardInput(@TempDir Path dir) throws Exception {
        // A jar of nothing but a manifest that points at the compiled classes: the launcher runs
        // java -jar on it, as on the real jar.
        Path jar = dir.resolve("sno-core.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH,
                Path.of("target", "classes").toAbsolutePath().toUri().toString());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.flush();
        }
        Path launcher = Path.of("..", "sno").toAbsolutePath().normalize();
        assumeTrue(Files.isRegularFile(launcher), "no launcher script at " + launcher);
        ProcessBuilder inspect = new ProcessBuilder("sh", launcher.toString(), "inspect");
        inspect.environment().put("SNO_JAR", jar.toString());
        inspect.environment().put("JAVA_HOME", System.getProperty("java.home"));
        assertEquals(new Result(1, "", "sno: error reading standard input: it is closed\n"), withStdinClosed(inspect));

        ProcessBuilder generate = new ProcessBuilder("sh", launcher.toString(), "generate", "2");
        generate.environment().putAll(inspect.environment());
        Result ids = withStdinClosed(generate);
        assertEquals(0, ids.status(), ids.err());
        assertTrue(ids.out().matches("([2-9a-x]{16}\n){2}"), ids.out());

        // What the launcher hands the JVM, seen by a stand-in for java: /dev/null and the flag.
        Path fakeJava = Files.createDirectories(dir.resolve("fake/bin")).resolve("java");
        Files.writeString(fakeJava, "#!/bin/sh\necho \"$*\"\nreadlink /proc/$$/fd/0 || echo none\n");
        assertTrue(fakeJava.toFile().setExecutable(true));
        ProcessBuilder fake = new ProcessBuilder("sh", launcher.toString(), "inspect");
        fake.environment().put("SNO_JAR", jar.toString());
        fake.environment().put("JAVA_HOME", dir.resolve("fake").toString());
        Result seen = withStdinClosed(fake);
        assertEquals(0, seen.status(), seen.err());
        assertTrue(seen.out().matches("(?s).* -Dsno\\.stdin=closed -jar .* inspect\n(/dev/null|none)\n"), seen.out());

        ProcessBuilder empty = new ProcessBuilder("sh", launcher.toString(), "inspect");
        empty.environment().putAll(inspect.environment());
        Process open = empty.start();
        open.getOutputStream().close();   // an open standard input at its end: no ID, no error
        assertTrue(open.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, open.exitValue());
        assertEquals("", new String(open.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
