package dev.sno.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.CreateMode;
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
 * <p>Each round checks once Curator has its next session, which must come well within the 4 s
 * session timeout: the test servers take any number of connections from one address
 * ({@link TestZooKeeper#spec}); at ZooKeeper's default of 60, quick rounds had new connections
 * refused until the silenced sessions had expired, and the check then failed for that reason.
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
     * Each round: an ephemeral znode of the silenced session is still there once Curator has
     * connected its next session (Curator closes the old handle before it opens the new one).
     */
    @Test
    void theSilencedSessionOutlivesCuratorsNextConnection() throws Exception {
        Duration session = Duration.ofSeconds(4);
        CuratorFramework c = TestZooKeeper.client(server.getConnectString(), session);
        CuratorFramework observer = TestZooKeeper.client(server.getConnectString(), session);
        long slowest = 0;
        try {
            for (int round = 0; round < 200; round++) {
                String path = "/silent-" + round;
                long before = c.getZookeeperClient().getZooKeeper().getSessionId();
                c.create().withMode(CreateMode.EPHEMERAL).forPath(path);
                long t0 = System.nanoTime();
                TestZooKeeper.fallSilent(c);
                long after = awaitNewSession(c, before);
                long took = (System.nanoTime() - t0) / 1_000_000;
                slowest = Math.max(slowest, took);
                assertNotEquals(before, after);
                assertNotNull(observer.checkExists().forPath(path),
                        "round " + round + ": the silenced session ended at once");
                assertEquals(before, observer.checkExists().forPath(path).getEphemeralOwner());
            }
        } finally {
            c.close();
            observer.close();
        }
        System.out.println("[numbers zookeeper] fallSilent, 200 rounds: the slowest took " + slowest
                + " ms from the call to Curator's next session");
    }

    /** The id of Curator's next session: waits for it, checking once more after the deadline. */
    private static long awaitNewSession(CuratorFramework c, long old) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            boolean last = System.nanoTime() - end >= 0;
            if (c.getZookeeperClient().blockUntilConnectedOrTimedOut()) {
                long now = c.getZookeeperClient().getZooKeeper().getSessionId();
                if (now != old && now != 0) {
                    return now;
                }
            }
            if (last) {
                throw new AssertionError("Curator opened no new session in 20 s");
            }
            LockSupport.parkNanos(5_000_000L);
        }
    }
}
