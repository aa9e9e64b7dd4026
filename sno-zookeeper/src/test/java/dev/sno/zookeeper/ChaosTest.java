package dev.sno.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sno.lease.PartitionLeases;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.junit.jupiter.api.Test;

/**
 * The fleet chaos on ZooKeeper, with real processes: 10 child JVMs ({@link ChaosChild}) share 10
 * partitions of one namespace on a quorum of three ZooKeeper servers (curator-test, in this JVM),
 * each with a session timeout of 4 s (the lease), their clocks up to 2 s apart. Two children are
 * killed with SIGKILL and two stopped with SIGSTOP past their session; four new children, their
 * clocks 8 s behind (so that without the state in the lease they would make the old holders' IDs
 * again), take the partitions over once the server expired the sessions. Meanwhile the quorum's
 * leader is killed and restarted, and then all three servers are killed and restarted (an
 * outage). Then the stopped children are continued (zombies) and must learn that their lease is
 * lost. All IDs of all children are compared: no ID twice. No child that was neither stopped nor
 * killed may lose its lease unless a renewal of that lease had failed first (an outage).
 */
class ChaosTest {

    private static final int PARTITIONS = 10;
    private static final long LEASE_MS = 4_000;

    /** One child JVM and what it printed, with the parent's nanoTime of each line. */
    private static final class Child {
        final int index;
        final Process process;
        final Path ids;
        final List<String> lines = new CopyOnWriteArrayList<>();
        final Thread reader;
        boolean killed;
        boolean stopped;

        Child(int index, Process process, Path ids) {
            this.index = index;
            this.process = process;
            this.ids = ids;
            this.reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String l; (l = in.readLine()) != null;) {
                        lines.add(l);
                    }
                } catch (IOException e) {
                    lines.add("READ-ERROR " + e);
                }
            }, "chaos-child-" + index);
            reader.start();
        }

        boolean printed(String prefix) {
            return lines.stream().anyMatch(l -> l.startsWith(prefix));
        }
    }

    private final Path dir;

    ChaosTest() throws IOException {
        dir = Files.createTempDirectory("sno-zookeeper-chaos");
    }

    @Test
    void killedStoppedAndRestartedFleetMakesNoIdTwiceAndLiveHoldersKeepTheirLeases() throws Exception {
        TestingCluster cluster = TestZooKeeper.cluster(3);
        String url = cluster.getConnectString();
        List<Child> children = new ArrayList<>();
        long outageStart = 0;
        long outageEnd = 0;
        long leaderKilled = 0;
        try {
            String ns = "chaos-" + Long.toHexString(System.nanoTime());
            try (CuratorFramework client = TestZooKeeper.client(url, Duration.ofMillis(LEASE_MS))) {
                ZooKeeperPartitionLeases.builder(client).namespace(ns).partitions(0, PARTITIONS - 1)
                        .leaseDuration(Duration.ofMillis(LEASE_MS)).build();
            }
            for (int i = 0; i < PARTITIONS; i++) {
                children.add(spawn(i, url, ns, (i % 5 - 2) * 1_000L));
            }
            await("all children to hold a lease", 90_000, () -> children.stream().allMatch(c -> c.printed("ACQUIRED ")));
            Thread.sleep(2_000); // real processes making IDs for a while

            for (Child c : children.subList(0, 2)) {
                c.killed = true;
                signal(c, "KILL");
            }
            for (Child c : children.subList(2, 4)) {
                c.stopped = true;
                signal(c, "STOP");
            }
            for (int i = 0; i < 4; i++) {
                children.add(spawn(PARTITIONS + i, url, ns, -8_000));
            }
            Thread.sleep(1_000);
            InstanceSpec leader = leader(cluster);
            leaderKilled = System.nanoTime();
            assertTrue(cluster.killServer(leader), "killing the leader " + leader.getPort());
            Thread.sleep(1_500);
            assertTrue(cluster.restartServer(leader), "restarting " + leader.getPort());
            Thread.sleep(2_000);
            outageStart = System.nanoTime();
            for (InstanceSpec spec : cluster.getInstances()) {
                cluster.killServer(spec);
            }
            Thread.sleep(1_500);
            for (InstanceSpec spec : cluster.getInstances()) {
                cluster.restartServer(spec);
            }
            outageEnd = System.nanoTime();
            List<Child> takers = children.subList(PARTITIONS, PARTITIONS + 4);
            await("the new children to take over the killed and stopped children's partitions", 60_000,
                    () -> takers.stream().allMatch(c -> c.printed("ACQUIRED ")));
            for (Child c : children.subList(2, 4)) {
                signal(c, "CONT");
            }
            await("the continued children to learn their lease is lost", 30_000,
                    () -> children.subList(2, 4).stream().allMatch(c -> c.printed("LOST ")));
            Thread.sleep(2_000);
            for (Child c : children) {
                if (!c.killed) {
                    c.process.getOutputStream().close();
                }
            }
            for (Child c : children) {
                if (!c.process.waitFor(60, TimeUnit.SECONDS)) {
                    fail("child " + c.index + " did not exit: " + c.lines);
                }
                c.reader.join(10_000);
            }
        } finally {
            for (Child c : children) {
                if (c.process.isAlive()) {
                    c.process.destroyForcibly();
                }
            }
            cluster.close();
        }

        // 1. No ID twice, over every ID every child wrote.
        int total;
        List<long[]> all = new ArrayList<>();
        for (Child c : children) {
            byte[] b = Files.readAllBytes(c.ids);
            for (int i = 0; i + 10 <= b.length; i += 10) {
                long h = 0;
                for (int k = 0; k < 8; k++) {
                    h = h << 8 | (b[i + k] & 0xFF);
                }
                all.add(new long[] {h, (b[i + 8] & 0xFF) << 8 | (b[i + 9] & 0xFF)});
            }
        }
        total = all.size();
        long[][] sorted = all.toArray(new long[0][]);
        Arrays.sort(sorted, (x, y) -> x[0] != y[0] ? Long.compareUnsigned(x[0], y[0]) : Long.compare(x[1], y[1]));
        int duplicates = 0;
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i][0] == sorted[i - 1][0] && sorted[i][1] == sorted[i - 1][1]) {
                duplicates++;
            }
        }

        // 2. Leases lost by children that were neither stopped nor killed; and whether a failed
        //    renewal (the outage) came first in that tenure.
        int liveLosses = 0;
        int liveLossesAfterFailure = 0;
        int failures = 0;
        int acquisitions = 0;
        int takeovers = 0;
        for (Child c : children) {
            boolean failedInTenure = false;
            for (String l : c.lines) {
                if (l.startsWith("ACQUIRED ")) {
                    acquisitions++;
                    failedInTenure = false;
                    if (Long.parseLong(l.split(" ")[2]) > 1) {
                        takeovers++;
                    }
                } else if (l.startsWith("FAILED ")) {
                    failures++;
                    failedInTenure = true;
                } else if (l.startsWith("LOST ") && !c.stopped && !c.killed) {
                    if (failedInTenure) {
                        liveLossesAfterFailure++;
                    } else {
                        liveLosses++;
                    }
                }
            }
        }
        Set<String> zombies = new HashSet<>();
        for (Child c : children.subList(2, 4)) {
            c.lines.stream().filter(l -> l.startsWith("LOST ")).forEach(zombies::add);
        }
        System.out.printf("[chaos zookeeper] %d child JVMs (%d at once), %d partitions, lease %d ms: %,d IDs, %d duplicates;"
                + " %d acquisitions (%d takeovers), 2 killed (SIGKILL), 2 stopped past the lease (zombies, %d losses"
                + " seen), the leader killed and restarted, all three servers killed and restarted (outage %d ms), %d failed renewals;"
                + " leases lost by live holders: %d without a failed renewal before, %d after one%n",
                children.size(), PARTITIONS, PARTITIONS, LEASE_MS, total, duplicates, acquisitions, takeovers,
                zombies.size(), (outageEnd - outageStart) / 1_000_000, failures, liveLosses, liveLossesAfterFailure);
        assertEquals(0, duplicates, "duplicate IDs");
        assertEquals(0, liveLosses, "leases lost by live holders outside the outage");
        assertTrue(takeovers >= 4, "takeovers: " + takeovers);
        assertEquals(2, zombies.size(), "both zombies were fenced out: " + zombies);
        assertTrue(total > 10_000, "IDs: " + total);
    }

    /** The quorum member that says it leads (ZooKeeper's srvr command). */
    private static InstanceSpec leader(TestingCluster cluster) throws Exception {
        long end = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < end) {
            for (InstanceSpec spec : cluster.getInstances()) {
                try (Socket s = new Socket("127.0.0.1", spec.getPort())) {
                    s.setSoTimeout(2_000);
                    OutputStream o = s.getOutputStream();
                    o.write("srvr".getBytes(StandardCharsets.US_ASCII));
                    o.flush();
                    String reply = new String(s.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
                    if (reply.contains("Mode: leader")) {
                        return spec;
                    }
                } catch (IOException e) {
                    // not up yet
                }
            }
            LockSupport.parkNanos(100_000_000L);
        }
        throw new AssertionError("no member of the quorum says it leads");
    }

    private static void await(String what, long timeoutMillis, BooleanSupplier condition) {
        long end = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out after " + timeoutMillis + " ms waiting for " + what);
            }
            LockSupport.parkNanos(20_000_000L);
        }
    }

    private Child spawn(int index, String url, String ns, long skewMillis) throws IOException {
        Path ids = dir.resolve("ids-" + index);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx128m",
                "-cp", System.getProperty("java.class.path"), ChaosChild.class.getName(), url, ns, "0",
                Integer.toString(PARTITIONS - 1), Long.toString(LEASE_MS), ids.toString(), Long.toString(skewMillis))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        return new Child(index, p, ids);
    }

    private static void signal(Child c, String signal) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(c.process.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + signal);
    }
}
