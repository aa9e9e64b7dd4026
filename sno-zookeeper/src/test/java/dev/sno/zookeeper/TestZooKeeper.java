package dev.sno.zookeeper;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.ZooKeeper;

/**
 * Real ZooKeeper servers for the tests, from curator-test: a single server or a quorum, in this
 * JVM, on free ports, with a short tick so that sessions of 1 to 4 s are allowed (ZooKeeper grants
 * a session timeout of 2 to 20 ticks).
 */
final class TestZooKeeper {

    static final int TICK_MS = 200;

    private TestZooKeeper() {
    }

    /** A started single server. */
    static TestingServer server() throws Exception {
        return new TestingServer(spec(-1), true);
    }

    /** A started quorum of n servers. */
    static TestingCluster cluster(int n) throws Exception {
        InstanceSpec[] specs = new InstanceSpec[n];
        for (int i = 0; i < n; i++) {
            specs[i] = spec(i + 1);
        }
        TestingCluster c = new TestingCluster(specs);
        c.start();
        return c;
    }

    static InstanceSpec spec(int serverId) {
        // curator-test turns ZooKeeper's local sessions on, which die with their connection; a
        // production ensemble has them off (ZooKeeper's default), and so do these servers.
        // maxClientCnxns 0: no limit on connections from one address. Every client here comes from
        // 127.0.0.1, and a silenced client's socket stays open until its send thread next wakes:
        // at ZooKeeper's default of 60, quick rounds of fallSilent had new connections refused.
        return new InstanceSpec(null, -1, -1, -1, true, serverId, TICK_MS, 0,
                Map.of("localSessionsEnabled", "false", "localSessionsUpgradingEnabled", "false"), "127.0.0.1");
    }

    /** A started client with a session timeout, which connects to any server of connect. */
    static CuratorFramework client(String connect, Duration session) throws InterruptedException {
        CuratorFramework c = CuratorFrameworkFactory.builder().connectString(connect)
                .sessionTimeoutMs((int) session.toMillis()).connectionTimeoutMs(5_000)
                .retryPolicy(new RetryNTimes(3, 100)).build();
        c.start();
        if (!c.blockUntilConnected(20, TimeUnit.SECONDS)) {
            throw new AssertionError("no connection to ZooKeeper at " + connect);
        }
        return c;
    }

    /** Waits, polling, up to 30 s, until client is connected in a session other than before. */
    static void awaitNewSession(CuratorFramework client, long before) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() - end < 0) {
            try {
                ZooKeeper zk = client.getZookeeperClient().getZooKeeper();
                if (zk.getSessionId() != before && zk.getState().isConnected()) {
                    return;
                }
            } catch (Exception reconnecting) {
                // the handle is being replaced: look again
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no new ZooKeeper session within 30 s after session 0x" + Long.toHexString(before));
    }

    /**
     * Drops the client's connection without closing its session, as a paused, killed or cut-off
     * holder's: the server expires the session after its timeout, and Curator starts a new one.
     *
     * <p>ZooKeeper's {@code injectSessionExpiration} queues the Expired event before it marks the
     * handle closed. Curator answers that event by closing the handle, and a handle that still
     * looks open sends closeSession, which ends the session on the server at once (FallSilentTest
     * saw it about once in 80). So the event thread is held, by an asynchronous call's callback,
     * until the handle is marked closed.
     */
    static void fallSilent(CuratorFramework client) throws Exception {
        ZooKeeper zk = client.getZookeeperClient().getZooKeeper();
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch injected = new CountDownLatch(1);
        zk.exists("/", false, (rc, path, ctx, stat) -> {
            held.countDown();
            try {
                injected.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, null);
        if (!held.await(20, TimeUnit.SECONDS)) {
            throw new AssertionError("ZooKeeper's event thread ran no callback in 20 s");
        }
        try {
            zk.getTestable().injectSessionExpiration();
        } finally {
            injected.countDown();
        }
    }
}
