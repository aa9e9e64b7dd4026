package dev.sno.zookeeper;

import dev.sno.testsupport.ChaosHolder;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;

/**
 * A child JVM of {@link ChaosTest}: the ZooKeeper client and builder of test-support's
 * {@link ChaosHolder}, which holds a lease and makes IDs until its standard input closes.
 */
public final class ChaosChild {

    private ChaosChild() {
    }

    public static void main(String[] args) throws Exception {
        // The lease is the session: its timeout is the lease duration the fleet passes.
        int session = Integer.parseInt(args[4]);
        CuratorFramework client = CuratorFrameworkFactory.builder().connectString(args[0]).sessionTimeoutMs(session)
                .connectionTimeoutMs(session).retryPolicy(new ExponentialBackoffRetry(50, 20, 500)).build();
        client.start();
        ChaosHolder.run(args, ZooKeeperPartitionLeases.builder(client), client::close);
    }
}
