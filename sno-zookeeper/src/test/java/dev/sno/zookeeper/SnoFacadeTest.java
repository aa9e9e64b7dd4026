package dev.sno.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plain Java (Sno's shared generator) leasing from ZooKeeper by -D properties, in a child JVM as
 * an application runs it, with sno-zookeeper on its class path (issue 41, finding 6). Before,
 * {@code -Dsno.lease.store=zookeeper -Dsno.lease.zookeeper.connect=...} leased nothing and logged
 * only {@code INFO: sno: partition 30873 is random (none configured)}: leasing also needed
 * {@code sno.lease.enabled=true}, and the decision's reason was dropped.
 */
class SnoFacadeTest {

    private static TestingServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        server = TestZooKeeper.server();
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    /** What the child printed (out) and logged (err: java.util.logging's "LEVEL: message" lines). */
    record Child(List<String> out, List<String> log) {
    }

    private Child run(String... properties) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx128m",
                "-Djava.util.logging.config.file=" + logging()));
        command.addAll(List.of(properties));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), SnoFacadeChild.class.getName()));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().keySet().removeIf(k -> k.startsWith("SNO_"));
        Path err = dir.resolve("err-" + UUID.randomUUID() + ".txt");
        pb.redirectError(err.toFile());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the child did not exit: " + out);
        List<String> log = Files.readAllLines(err).stream().filter(l -> l.matches("(INFO|WARNING|SEVERE): .*"))
                .filter(l -> l.contains("sno")).toList();
        return new Child(out.lines().toList(), log);
    }

    /** java.util.logging with only sno's records: ZooKeeper's and Curator's INFO lines are not the subject. */
    private Path logging() throws Exception {
        Path f = dir.resolve("logging.properties");
        Files.writeString(f, "handlers=java.util.logging.ConsoleHandler\n.level=WARNING\ndev.sno.level=INFO\n"
                + "java.util.logging.ConsoleHandler.level=INFO\n");
        return f;
    }

    @Test
    void namingTheStoreAndItsConnectStringLeasesAndSaysSo() throws Exception {
        String ns = "facade-" + UUID.randomUUID();
        Child c = run("-Dsno.lease.store=zookeeper", "-Dsno.lease.zookeeper.connect=" + server.getConnectString(),
                "-Dsno.lease.namespace=" + ns);
        assertEquals(1, c.out().size(), c.toString());
        assertTrue(c.out().get(0).matches("PARTITION \\d+ leased"), c.toString());
        String p = c.out().get(0).split(" ")[1];
        assertEquals(List.of("INFO: sno: partition " + p + " (leased from ZooKeeper " + server.getConnectString()
                + " /sno/leases, namespace \"" + ns + "\", lease PT4S, the store's own: sno.lease.duration is not set)"),
                c.log());
    }

    @Test
    void namingTheStoreWithoutWhereItIsFailsNamingTheMissingSetting() throws Exception {
        Child c = run("-Dsno.lease.store=zookeeper");
        assertEquals(List.of("ERR SettingsException: sno.lease.store (SNO_LEASE_STORE)=zookeeper, but the application"
                + " has no CuratorFramework to lease one from, and sno.lease.zookeeper.connect is not set. Set"
                + " sno.lease.zookeeper.connect=zk1:2181,zk2:2181,zk3:2181, or offer a started CuratorFramework bean."),
                c.out());
    }

    /**
     * The issue's own reproduction: a ZooKeeper that is not there. Before, a random partition and
     * one INFO line; now the first call fails, naming the store (sno.lease.duration=2s only keeps
     * the connection timeout, 2 s, short).
     */
    @Test
    void aZooKeeperThatIsNotThereFailsTheFirstCall() throws Exception {
        Child c = run("-Dsno.lease.store=zookeeper", "-Dsno.lease.zookeeper.connect=127.0.0.1:1",
                "-Dsno.lease.duration=2s");
        assertEquals(1, c.out().size(), c.toString());
        assertTrue(c.out().get(0).startsWith("ERR IllegalStateException: sno could not lease a partition from ZooKeeper"
                + " 127.0.0.1:1 /sno/leases: "), c.toString());
    }

    @Test
    void leasingTurnedOffGivesARandomPartitionAndAWarningSayingWhy() throws Exception {
        Child c = run("-Dsno.lease.store=zookeeper", "-Dsno.lease.zookeeper.connect=127.0.0.1:1",
                "-Dsno.lease.enabled=false", "-Dsno.partiton=7");
        assertTrue(c.out().get(0).matches("PARTITION \\d+ random"), c.toString());
        String p = c.out().get(0).split(" ")[1];
        assertEquals(2, c.log().size(), c.toString());
        assertEquals("WARNING: Unknown sno setting sno.partiton in the system properties: did you mean sno.partition?:"
                + " sno does not read it, so it cannot fix the partition.", c.log().get(0));
        assertTrue(c.log().get(1).startsWith("WARNING: sno: partition " + p + " is random: sno.partition is not set and"
                + " sno.lease.enabled=false. Its IDs are unique within this instance only;"), c.toString());
    }

    /** Issue 41, finding 10: an ESC in the connect string's chroot was echoed raw. */
    @Test
    void anEscapeInTheChrootIsRefusedAndQuotedEscaped() throws Exception {
        Child c = run("-Dsno.lease.enabled=true", "-Dsno.lease.zookeeper.connect=127.0.0.1:1/a\u001B[2J");
        assertEquals(List.of("ERR SettingsException: Invalid sno.lease.zookeeper.connect (SNO_LEASE_ZOOKEEPER_CONNECT)"
                + " \"127.0.0.1:1/a\\u001B[2J\": its chroot is not a znode path (ZooKeeper refuses control characters,"
                + " surrogates, empty and relative names)."), c.out());
    }
}
