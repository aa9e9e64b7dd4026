package dev.sno.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sno.lease.PartitionLeases;
import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import io.lettuce.core.RedisClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
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

/**
 * The fleet chaos on Redis, with real processes: 10 child JVMs ({@link ChaosChild}) share 10
 * partitions of one namespace on a Redis of this test's own (test-support's TestServers.own, on a
 * free port, AOF with appendfsync always), their clocks up to 2 s apart. Two children are killed with
 * SIGKILL and two stopped with SIGSTOP past their lease; four new children, their clocks 8 s behind
 * (so that without the state in the lease they would make the old holders' IDs again), take the
 * partitions over once the leases expired on the server; the Redis server itself is killed with SIGKILL and restarted from its AOF meanwhile;
 * then the stopped children are continued (zombies) and must learn that their lease is lost. All
 * IDs of all children are compared: no ID twice. No child that was neither stopped nor killed may
 * lose its lease unless a renewal of that lease had failed first (the store's outage).
 */
class ChaosTest {

    private static final int PARTITIONS = 10;
    private static final long LEASE_MS = 5_000;

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
        dir = Files.createTempDirectory("sno-redis-chaos");
    }

    @Test
    void killedStoppedAndRestartedFleetMakesNoIdTwiceAndLiveHoldersKeepTheirLeases() throws Exception {
        TestServers.Own server = TestServers.own(Server.REDIS);
        String url = server.url();
        List<Child> children = new ArrayList<>();
        long outageStart = 0;
        long outageEnd = 0;
        try {
            String ns = TestRedis.namespace("chaos");
            RedisClient client = RedisClient.create(url);
            try {
                PartitionLeases.builder(RedisPartitionLeases.store(client).build()).namespace(ns)
                        .partitions(0, PARTITIONS - 1).build();
            } finally {
                client.shutdown();
            }
            for (int i = 0; i < PARTITIONS; i++) {
                children.add(spawn(i, url, ns, (i % 5 - 2) * 1_000L));
            }
            TestRedis.await("all children to hold a lease", 90_000,
                    () -> children.stream().allMatch(c -> c.printed("ACQUIRED ")));
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
            outageStart = System.nanoTime();
            server.script("halt");
            Thread.sleep(1_500);
            server.script("resume");
            outageEnd = System.nanoTime();
            List<Child> takers = children.subList(PARTITIONS, PARTITIONS + 4);
            TestRedis.await("the new children to take over the killed and stopped children's partitions", 60_000,
                    () -> takers.stream().allMatch(c -> c.printed("ACQUIRED ")));
            for (Child c : children.subList(2, 4)) {
                signal(c, "CONT");
            }
            TestRedis.await("the continued children to learn their lease is lost", 30_000,
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
            server.close();
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
        System.out.printf("[chaos redis] %d child JVMs (%d at once), %d partitions, lease %d ms: %,d IDs, %d duplicates;"
                + " %d acquisitions (%d takeovers), 2 killed (SIGKILL), 2 stopped past the lease (zombies, %d losses"
                + " seen), Redis killed and restarted from AOF (outage %d ms), %d failed renewals;"
                + " leases lost by live holders: %d without a failed renewal before, %d after one%n",
                children.size(), PARTITIONS, PARTITIONS, LEASE_MS, total, duplicates, acquisitions, takeovers,
                zombies.size(), (outageEnd - outageStart) / 1_000_000, failures, liveLosses, liveLossesAfterFailure);
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
