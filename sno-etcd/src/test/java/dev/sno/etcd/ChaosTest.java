package dev.sno.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.etcd.jetcd.Client;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fleet chaos on etcd, with real processes: 8 child JVMs ({@link ChaosChild}) share the 8
 * partitions of one namespace on an etcd of this test's own (killed and restarted below), their
 * clocks up to 2 s apart, with a lease of 3 s. Two children are killed with SIGKILL and two stopped
 * with SIGSTOP (zombies, past their lease); four new children, their clocks 8 s behind (without
 * the state in the lease they would make the old holders' IDs again), wait for the partitions;
 * meanwhile the etcd server is killed with SIGKILL and restarted on its data directory and port.
 * The new children take the partitions over once the server expired the killed and stopped
 * children's etcd leases; then the stopped children are continued and must learn that their lease
 * is lost. All IDs of all children are compared: no ID twice. No child that was neither stopped
 * nor killed may lose its lease unless a renewal of that lease had failed first (the outage).
 *
 * <p>Nothing waits on the wall clock but for real leases to expire: every step waits for what the
 * children print, or for the IDs they write.
 */
class ChaosTest {

    private static final int PARTITIONS = 8;
    private static final long LEASE_MS = 3_000;

    /** One child JVM and what it printed. */
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

        long bytes() {
            try {
                return Files.exists(ids) ? Files.size(ids) : 0;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private final Path dir;

    ChaosTest() throws IOException {
        dir = Files.createTempDirectory("sno-etcd-chaos");
    }

    @Test
    @Timeout(300)
    void killedStoppedAndRestartedFleetMakesNoIdTwiceAndLiveHoldersKeepTheirLeases() throws Exception {
        List<Child> children = new ArrayList<>();
        long outage;
        long start = System.nanoTime();
        try (TestEtcd.Server etcd = TestEtcd.own()) {
            String url = etcd.url();
            String ns = TestEtcd.namespace("chaos");
            try (Client client = Client.builder().endpoints(url).build()) {
                EtcdPartitionLeases.builder(client).namespace(ns).partitions(0, PARTITIONS - 1).build();
            }
            for (int i = 0; i < PARTITIONS; i++) {
                children.add(spawn(i, url, ns, (i % 5 - 2) * 1_000L));
            }
            TestEtcd.await("all children to hold a lease", 120_000,
                    () -> children.stream().allMatch(c -> c.printed("ACQUIRED ")));
            TestEtcd.await("every child to make 4,096 IDs", 60_000,
                    () -> children.stream().allMatch(c -> c.bytes() >= 40_960));

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
            List<Child> live = children.subList(4, PARTITIONS);
            long down = System.nanoTime();
            etcd.kill9();
            TestEtcd.await("a live child's renewal to fail while etcd is down", 30_000,
                    () -> live.stream().anyMatch(c -> c.printed("FAILED ")));
            etcd.restart();
            outage = (System.nanoTime() - down) / 1_000_000;
            List<Child> takers = children.subList(PARTITIONS, PARTITIONS + 4);
            TestEtcd.await("the new children to take over the killed and stopped children's partitions", 90_000,
                    () -> takers.stream().allMatch(c -> c.printed("ACQUIRED ")));
            for (Child c : children.subList(2, 4)) {
                signal(c, "CONT");
            }
            TestEtcd.await("the continued children to learn their lease is lost", 30_000,
                    () -> children.subList(2, 4).stream().allMatch(c -> c.printed("LOST ")));
            TestEtcd.await("the new children to make 4,096 IDs each", 60_000,
                    () -> takers.stream().allMatch(c -> c.bytes() >= 40_960));
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
        }
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;

        // 1. No ID twice, over every ID every child wrote.
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
        int total = all.size();
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
        int recoveries = 0;
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
                } else if (l.startsWith("RECOVERED ")) {
                    recoveries++;
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
        System.out.printf("[chaos etcd] %d child JVMs (%d at once), %d partitions, lease %d ms, %d s: %,d IDs, %d"
                + " duplicates; %d acquisitions (%d takeovers), 2 killed (SIGKILL), 2 stopped past the lease (zombies,"
                + " %d losses seen), 4 takers 8 s behind, etcd killed (SIGKILL) and restarted on its data (outage %d"
                + " ms), %d failed renewals, %d recoveries; leases lost by live holders: %d without a failed renewal"
                + " before, %d after one%n", children.size(), PARTITIONS, PARTITIONS, LEASE_MS, seconds, total,
                duplicates, acquisitions, takeovers, zombies.size(), outage, failures, recoveries, liveLosses,
                liveLossesAfterFailure);
        assertEquals(0, duplicates, "duplicate IDs");
        assertEquals(0, liveLosses, "leases lost by live holders outside the outage");
        assertTrue(takeovers >= 4, "takeovers: " + takeovers);
        assertEquals(2, zombies.size(), "both zombies were fenced out: " + zombies);
        assertTrue(total > 10_000, "IDs: " + total);
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
