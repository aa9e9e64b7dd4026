package dev.sno.zookeeper;

import dev.sno.SnoGenerator;
import dev.sno.lease.PartitionLeases;
import java.time.Duration;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;

/**
 * A fresh JVM for {@link LatencyTest}: times Curator's start with the first build() (connection,
 * the namespace's znodes, the session check), the first acquire(), and build() again, and prints
 * "BUILD first acquire again" in milliseconds.
 */
public final class BuildTimeChild {

    private BuildTimeChild() {
    }

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        CuratorFramework client = CuratorFrameworkFactory.builder().connectString(args[0]).sessionTimeoutMs(4_000)
                .retryPolicy(new ExponentialBackoffRetry(50, 10)).build();
        client.start();
        PartitionLeases leases = ZooKeeperPartitionLeases.builder(client).namespace(args[1])
                .leaseDuration(Duration.ofSeconds(4)).build();
        long t1 = System.nanoTime();
        try (SnoGenerator g = leases.acquire()) {
            g.next(0);
        }
        long t2 = System.nanoTime();
        ZooKeeperPartitionLeases.builder(client).namespace(args[1]).leaseDuration(Duration.ofSeconds(4)).build();
        long t3 = System.nanoTime();
        System.out.printf("BUILD %d %d %d%n", (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (t3 - t2) / 1_000_000);
        client.close();
    }
}
