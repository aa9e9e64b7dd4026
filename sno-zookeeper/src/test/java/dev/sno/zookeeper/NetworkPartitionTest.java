package dev.sno.zookeeper;

import dev.sno.testsupport.FaultProxy;
import dev.sno.testsupport.LogCapture;
import dev.sno.testsupport.PartitionDrill;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.UUID;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Network partitions between a holder and ZooKeeper (test-support's {@link PartitionDrill}): holder
 * A's Curator client reaches the server through a {@link FaultProxy}, B's directly. Here the lease
 * is the session (SPEC.md 11.8): a cut holder fences at 5/6 of the session timeout after its last
 * renewal, the server expires its session at the timeout, B acquires, and when the link heals A's
 * client learns that its session expired (Curator's LOST): leaseLost. Single server and a quorum
 * of three (only A's link to one member is proxied), curator-test's tick of 200 ms.
 */
class NetworkPartitionTest {

    /** The session timeout, and so the lease: 10 ticks. */
    static final Duration SESSION = Duration.ofSeconds(2);

    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    private final Deque<AutoCloseable> closing = new ArrayDeque<>();

    @AfterEach
    void close() throws Exception {
        while (!closing.isEmpty()) {
            closing.pop().close();
        }
        PartitionDrill.allowHolderLogs(logs);
    }

    @Test
    void aHolderCutOffFromItsServerEntersNoNewUnitOnceItsPartitionIsTakenOver() throws Exception {
        TestingServer server = server();
        drill(server.getConnectString(), server.getPort(), SESSION, "cut").cutAndTakeover();
    }

    @Test
    void aHolderCutOffFromOneMemberOfAQuorumEntersNoNewUnitOnceItsPartitionIsTakenOver() throws Exception {
        TestingCluster cluster = TestZooKeeper.cluster(3);
        closing.push(cluster);
        InstanceSpec member = cluster.getInstances().iterator().next();
        drill(cluster.getConnectString(), member.getPort(), SESSION, "quorum-cut").cutAndTakeover();
    }

    /**
     * A dropped connection is SUSPENDED at once (renewalFailed), whether or not a renewal falls in
     * the window. The client waits a second, plus up to one more at random, before each new
     * connection to a single server, so the session here is 4 s (the most the tick allows) and
     * the drop a quarter of it: the first reconnection comes after the link is back and well
     * before the session can expire.
     */
    @Test
    void aHolderWhoseLinkDropsForLessThanTheFenceKeepsItsLease() throws Exception {
        TestingServer server = server();
        Duration session = Duration.ofSeconds(4);
        drill(server.getConnectString(), server.getPort(), session, "drop").shortDrop(session.dividedBy(4));
    }

    @Test
    void aHolderOnASlowLinkEntersNoNewUnitOnceItsPartitionIsTakenOver() throws Exception {
        TestingServer server = server();
        drill(server.getConnectString(), server.getPort(), SESSION, "slow").slowLink();
    }

    private TestingServer server() throws Exception {
        TestingServer server = TestZooKeeper.server();
        closing.push(server);
        return server;
    }

    /** A drill with A's client through a proxy to port, B's on connect, both with the session timeout. */
    private PartitionDrill drill(String connect, int port, Duration session, String scenario) throws Exception {
        FaultProxy proxy = new FaultProxy("127.0.0.1", port);
        closing.push(proxy);
        CuratorFramework a = TestZooKeeper.client(proxy.address(), session);
        closing.push(a);
        CuratorFramework b = TestZooKeeper.client(connect, session);
        closing.push(b);
        return new PartitionDrill("ZooKeeper" + (connect.contains(",") ? " quorum" : ""), proxy,
                ZooKeeperLeaseStore.of(a), ZooKeeperLeaseStore.of(b), session,
                scenario + "-" + UUID.randomUUID().toString().substring(0, 8));
    }
}
