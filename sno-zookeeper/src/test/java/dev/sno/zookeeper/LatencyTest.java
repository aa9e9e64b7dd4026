package dev.sno.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.testsupport.LeaseLatency;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
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
            LeaseLatency m = LeaseLatency.measure(store, ns, 1_000, 3);
            assertEquals(1_000, client.getChildren().forPath("/sno/leases/latency/holders").size());
            System.out.printf("[numbers zookeeper] 65,536 partitions, 1,000 held, one caller, one server: acquire median"
                    + " %.2f ms, p99 %.2f ms; renew median %.2f ms, p99 %.2f ms%n", m.acquire(50), m.acquire(99),
                    m.renew(50), m.renew(99));
            assertTrue(m.acquire(50) < 100 && m.renew(50) < 100, "medians in milliseconds");
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

}
