package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.process.CapturingLoggerFinder;
import dev.sno.process.PartitionChild;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one line a process logs about a random partition (issue 18), seen the way an
 * application's logging sees it: each case runs {@link PartitionChild} in a JVM of its own (the
 * line is once per process) with {@link CapturingLoggerFinder} installed as the JVM's
 * {@link System.LoggerFinder}, which turns every {@link System.Logger} record into a line of
 * the child's output. The same children check the Sno facade's settings from the environment,
 * which a test cannot change in its own process.
 */
class PartitionNoticeTest {

    @TempDir
    Path dir;

    record Child(int status, List<String> logs, List<String> lines) {
    }

    private Child run(Map<String, String> env, String... args) throws IOException, InterruptedException {
        Path services = dir.resolve("finder/META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve("java.lang.System$LoggerFinder"), CapturingLoggerFinder.class.getName());
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx64m", "-cp",
                dir.resolve("finder") + File.pathSeparator + classPath(),
                PartitionChild.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().remove("SNO_PARTITION");
        pb.environment().remove("SNO_SNAPSHOT_FILE");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child still running: " + out);
        List<String> all = out.lines().collect(Collectors.toList());
        return new Child(p.exitValue(), all.stream().filter(l -> l.startsWith("LOG|")).collect(Collectors.toList()),
                all.stream().filter(l -> !l.startsWith("LOG|")).collect(Collectors.toList()));
    }

    /** The test's class path, and its module path as class path (surefire runs sno-core's tests on it). */
    private static String classPath() {
        String classPath = System.getProperty("java.class.path", "");
        String modulePath = System.getProperty("jdk.module.path", "");
        return modulePath.isEmpty() ? classPath : classPath + File.pathSeparator + modulePath;
    }

    @Test
    void aProcessWithRandomPartitionsLogsExactlyOneLineAtInfo() throws Exception {
        Child c = run(Map.of(), "random");
        assertEquals(0, c.status(), String.join("\n", c.lines()));
        assertEquals(4, c.lines().size(), String.join("\n", c.lines()));
        List<Integer> partitions = new ArrayList<>();
        for (String line : c.lines()) {
            String[] f = line.split(" ");
            assertEquals("PARTITION", f[0], line);
            assertEquals("random", f[2], line);
            partitions.add(Integer.parseInt(f[1]));
        }
        assertEquals(1, c.logs().size(), "exactly one line for three generators, four threads and Sno: " + c.logs());
        String log = c.logs().get(0);
        assertTrue(partitions.stream().anyMatch(p -> log.equals("LOG|INFO|dev.sno.SnoGenerator|"
                + PartitionNotice.message(p))), log + " names none of " + partitions);
        assertEquals("sno: partition 4660 is random (none configured): its IDs are unique within this process, not"
                + " coordinated with other processes, which share a partition with probability 1/65536 each."
                + " Give each process its own partition (sno.partition, SNO_PARTITION) or lease one"
                + " (dev.sno.jdbc.lease).", PartitionNotice.message(4660));
    }

    @Test
    void aGeneratorBuiltWithoutAnnouncementTakesTheProcesssLine() throws Exception {
        Child c = run(Map.of(), "quiet");
        assertEquals(0, c.status(), String.join("\n", c.lines()));
        assertEquals(List.of(), c.logs());
        assertEquals(2, c.lines().size(), String.join("\n", c.lines()));
        assertTrue(c.lines().stream().allMatch(l -> l.endsWith(" random")), c.lines().toString());
    }

    @Test
    void aConfiguredPartitionLogsNothing() throws Exception {
        Child c = run(Map.of(), "configured");
        assertEquals(List.of("PARTITION 5 configured"), c.lines());
        assertEquals(List.of(), c.logs());
    }

    @Test
    void theFacadeTakesItsPartitionFromTheEnvironment() throws Exception {
        Child configured = run(Map.of("SNO_PARTITION", "321"), "facade");
        assertEquals(List.of("PARTITION 321 configured"), configured.lines());
        assertEquals(List.of(), configured.logs());

        Child random = run(Map.of(), "facade");
        assertEquals(1, random.lines().size(), random.lines().toString());
        assertTrue(random.lines().get(0).matches("PARTITION \\d+ random"), random.lines().toString());
        assertEquals(1, random.logs().size(), random.logs().toString());
    }

    @Test
    void anEmptyPartitionVariableIsAnErrorNotUnset() throws Exception {
        Child empty = run(Map.of("SNO_PARTITION", ""), "facade");
        assertEquals(List.of("ERR sno.partition (SNO_PARTITION) is set but empty (\"\"). Remove it to use its"
                + " default, or give it a value."), empty.lines());
        Child blank = run(Map.of("SNO_PARTITION", " \t"), "facade");
        assertEquals(List.of("ERR sno.partition (SNO_PARTITION) is set but empty (\" \\u0009\"). Remove it to use"
                + " its default, or give it a value."), blank.lines());
        Child file = run(Map.of("SNO_SNAPSHOT_FILE", ""), "facade");
        assertEquals(List.of("ERR sno.snapshot-file (SNO_SNAPSHOT_FILE) is set but empty (\"\"). Remove it to use"
                + " its default, or give it a value."), file.lines());
    }
}
