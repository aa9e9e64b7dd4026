package dev.sno.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import dev.sno.lease.PartitionLease;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

/**
 * The numbers of docs/performance.md for ZooKeeper: acquire and renew latency (median, p99) in a
 * namespace of all 65,536 partitions with 1,000 of them held, one caller at a time, on one server
 * (curator-test, in this JVM); and the first build() in a fresh JVM. The bounds asserted are loose
 * (a shared CI machine); the figures are printed.
 */
class LatencyTest {

    @Test
    void acquireAndRenewWithAThousandPartitionsHeld() throws Exception {
        try (TestingServer server = TestZooKeeper.server();
                CuratorFramework client = TestZooKeeper.client(server.getConnectString(), Duration.ofSeconds(4))) {
            ZooKeeperLeaseStore store = ZooKeeperLeaseStore.of(client);
            String ns = "latency";
            store.prepare(ns, 0, 0xFFFF);
            Duration lease = Duration.ofSeconds(4);
            List<PartitionLease> leases = new ArrayList<>();
            List<String> tokens = new ArrayList<>();
            long[] acquire = new long[1_000];
            Set<Integer> partitions = new HashSet<>();
            for (int i = 0; i < acquire.length; i++) {
                String token = UUID.randomUUID().toString().replace("-", "");
                long t = System.nanoTime();
                Grant g = store.acquire(new Claim(ns, 0, 0xFFFF, lease, token, "bench", 1)).orElseThrow();
                acquire[i] = System.nanoTime() - t;
                assertTrue(partitions.add(g.partition()));
                leases.add(new PartitionLease(ns, g.partition(), g.epoch(), "bench", 1));
                tokens.add(token);
            }
            long[] renew = new long[3 * leases.size()];
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < leases.size(); i++) {
                    PartitionLease l = leases.get(i);
                    GeneratorSnapshot s = new GeneratorSnapshot(l.partition(), 0, 65535, round, 1_000 + round,
                            1_000 + round, 0, 0);
                    long t = System.nanoTime();
                    assertTrue(store.renew(l, tokens.get(i), lease, s));
                    renew[round * leases.size() + i] = System.nanoTime() - t;
                }
            }
            assertEquals(1_000, client.getChildren().forPath("/sno/leases/latency/holders").size());
            System.out.printf("[numbers zookeeper] 65,536 partitions, 1,000 held, one caller, one server: acquire median"
                    + " %.2f ms, p99 %.2f ms; renew median %.2f ms, p99 %.2f ms%n", pct(acquire, 50), pct(acquire, 99),
                    pct(renew, 50), pct(renew, 99));
            assertTrue(pct(acquire, 50) < 100 && pct(renew, 50) < 100, "medians in milliseconds");
        }
    }

    @Test
    void firstBuildInAFreshJvm() throws Exception {
        try (TestingServer server = TestZooKeeper.server()) {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    BuildTimeChild.class.getName(), server.getConnectString(), "build")
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            assertEquals(0, p.waitFor(), out);
            String[] f = out.substring(out.indexOf("BUILD ")).split("\\s+");
            System.out.printf("[numbers zookeeper] first build() in a fresh JVM (Curator's start and connection, the"
                    + " namespace's two znodes, the session check): %s ms; first acquire(): %s ms; build() again: %s"
                    + " ms%n", f[1], f[2], f[3]);
        }
    }

    private static double pct(long[] nanos, int p) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        return s[Math.min(s.length - 1, (int) Math.ceil(p / 100.0 * s.length) - 1)] / 1e6;
    }
}
