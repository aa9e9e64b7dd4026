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
        return run(List.of(), env, args);
    }

    /** Runs the child with JVM options (-D properties) before its main class. */
    private Child run(List<String> options, Map<String, String> env, String... args) throws IOException,
            InterruptedException {
        Path services = dir.resolve("finder/META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve("java.lang.System$LoggerFinder"), CapturingLoggerFinder.class.getName());
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx64m"));
        command.addAll(options);
        command.addAll(List.of("-cp", dir.resolve("finder") + File.pathSeparator + classPath(),
                PartitionChild.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("SNO_"));
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
        // One notice for the three generators and four threads; Sno's shared generator says why
        // it is random, as the frameworks do at startup.
        assertEquals(2, c.logs().size(), "one notice, and Sno's line: " + c.logs());
        String log = c.logs().get(0);
        assertTrue(partitions.stream().anyMatch(p -> log.equals("LOG|INFO|dev.sno.SnoGenerator|"
                + PartitionNotice.message(p))), log + " names none of " + partitions);
        assertEquals("LOG|WARNING|dev.sno|sno: partition " + partitions.get(3) + " is random: sno.partition is not set"
                + " and no lease store module (dev.sno:sno-jdbc, sno-redis, sno-zookeeper or sno-etcd) is on the class"
                + " path. Its IDs are unique within this instance only;", c.logs().get(1).substring(0,
                        c.logs().get(1).indexOf(';') + 1));
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
    void theFacadeTakesItsPartitionFromTheEnvironmentAndLogsTheDecisionsLine() throws Exception {
        Child configured = run(Map.of("SNO_PARTITION", "321"), "facade");
        assertEquals(List.of("PARTITION 321 configured"), configured.lines());
        assertEquals(List.of("LOG|INFO|dev.sno|sno: partition 321 (configured: sno.partition)"), configured.logs());

        Child random = run(Map.of(), "facade");
        assertEquals(1, random.lines().size(), random.lines().toString());
        assertTrue(random.lines().get(0).matches("PARTITION \\d+ random"), random.lines().toString());
        String p = random.lines().get(0).split(" ")[1];
        assertEquals(List.of("LOG|WARNING|dev.sno|" + "sno: partition " + p + " is random: sno.partition is not set and no lease store module"
                + " (dev.sno:sno-jdbc, sno-redis, sno-zookeeper or sno-etcd) is on the class path. Its IDs are unique"
                + " within this instance only; two instances share a partition with probability 1/65536 and then"
                + " repeat each other's IDs. Set sno.partition to a number in 0..65535 that no other instance uses, or"
                + " let sno lease one (sno.lease.*). Add one, and the store it needs."), random.logs());
    }

    /**
     * Issue 41, finding 6: a misspelt or miscased -D property was ignored without a word, and the
     * process took a random partition at INFO. Each is named now, with the name sno reads, in the
     * words the Spring Boot starter uses (sno-core's SettingNames).
     */
    @Test
    void theFacadeNamesPropertiesAndVariablesItDoesNotRead() throws Exception {
        Child c = run(List.of("-Dsno.partiton=7", "-Dsno.Partition=7", "-Dsno.lease.namspace=orders"),
                Map.of("SNO_PARTITON", "7"), "facade");
        assertEquals(1, c.lines().size(), c.lines().toString());
        assertTrue(c.lines().get(0).matches("PARTITION \\d+ random"), c.lines().toString());
        String why = ": sno does not read it, so it cannot fix the partition.";
        assertEquals(List.of(
                "LOG|WARNING|dev.sno|Unknown sno setting sno.Partition in the system properties: did you mean"
                        + " sno.partition?" + why,
                "LOG|WARNING|dev.sno|Unknown sno setting sno.lease.namspace in the system properties: did you mean"
                        + " sno.lease.namespace?" + why,
                "LOG|WARNING|dev.sno|Unknown sno setting sno.partiton in the system properties: did you mean"
                        + " sno.partition?" + why,
                "LOG|WARNING|dev.sno|Unknown sno setting SNO_PARTITON in the environment: did you mean"
                        + " SNO_PARTITION?" + why), c.logs().subList(0, 4));
        assertEquals(5, c.logs().size(), c.logs().toString());
        assertTrue(c.logs().get(4).startsWith("LOG|WARNING|dev.sno|sno: partition "), c.logs().get(4));
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
