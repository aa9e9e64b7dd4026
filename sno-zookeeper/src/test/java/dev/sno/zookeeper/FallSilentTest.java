package dev.sno.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The test helper {@link TestZooKeeper#fallSilent} must leave the silenced session alive on the
 * server, to expire after its timeout as a paused or cut-off holder's would. ZooKeeper's
 * {@code injectSessionExpiration} queues the Expired event before it marks the handle closed; if
 * Curator handled the event in between, it closed the handle while it still looked open, which
 * sends closeSession: the session, and the leases it holds, ended at once (CI saw a 1,200 ms
 * lease taken after 108 ms).
 *
 * <p>An earlier version waited, each round, for Curator's next session on the same client; in CI
 * that wait sometimes lasted past the 4 s session (and once past 20 s), which failed the test for
 * a reason that has nothing to do with the helper. Each round now has a client of its own and
 * checks as soon as Curator has dropped the silenced handle.
 */
class FallSilentTest {

    static TestingServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestZooKeeper.server();
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    /**
     * Each round, with a client of its own: an ephemeral znode of the silenced session is still
     * there once Curator has replaced the silenced handle. Curator closes the old handle before it
     * makes the new one, and a close that sends closeSession waits for the server's answer, so by
     * then the session would have ended. The round does not wait for Curator's next connection.
     */
    @Test
    void theSilencedSessionOutlivesCuratorsCloseOfItsHandle() throws Exception {
        Duration session = Duration.ofSeconds(4);
        CuratorFramework observer = TestZooKeeper.client(server.getConnectString(), session);
        long slowest = 0;
        try {
            for (int round = 0; round < 200; round++) {
                String path = "/silent-" + round;
                CuratorFramework c = TestZooKeeper.client(server.getConnectString(), session);
                try {
                    ZooKeeper silenced = c.getZookeeperClient().getZooKeeper();
                    c.create().withMode(CreateMode.EPHEMERAL).forPath(path);
                    long t0 = System.nanoTime();
                    TestZooKeeper.fallSilent(c);
                    awaitReplaced(c, silenced);
                    slowest = Math.max(slowest, (System.nanoTime() - t0) / 1_000_000);
                    assertNotNull(observer.checkExists().forPath(path),
                            "round " + round + ": the silenced session ended at once");
                    assertEquals(silenced.getSessionId(), observer.checkExists().forPath(path).getEphemeralOwner());
                } finally {
                    c.close();
                }
            }
        } finally {
            observer.close();
        }
        System.out.println("[numbers zookeeper] fallSilent, 200 rounds: the slowest took " + slowest
                + " ms from the call to Curator's replacing the handle");
    }

    /** Waits until Curator's handle is no longer silenced, checking once more after the deadline. */
    private static void awaitReplaced(CuratorFramework c, ZooKeeper silenced) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            boolean last = System.nanoTime() - end >= 0;
            try {
                if (c.getZookeeperClient().getZooKeeper() != silenced) {
                    return;
                }
            } catch (Exception e) {
                // not connected yet: Curator may say so; the handle is what counts
            }
            if (last) {
                throw new AssertionError("Curator did not replace the silenced handle in 20 s");
            }
            LockSupport.parkNanos(1_000_000L);
        }
    }
}
