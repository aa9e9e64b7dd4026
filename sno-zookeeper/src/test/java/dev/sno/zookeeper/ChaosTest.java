package dev.sno.zookeeper;

import dev.sno.testsupport.ChaosFleet;
import dev.sno.testsupport.ChaosFleet.Child;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.junit.jupiter.api.Test;

/**
 * The fleet chaos on ZooKeeper, with real processes (test-support's {@link ChaosFleet}): 10 child
 * JVMs ({@link ChaosChild}) share 10 partitions of one namespace on a quorum of three ZooKeeper
 * servers (curator-test, in this JVM), each with a session timeout of 4 s (the lease), their
 * clocks up to 2 s apart. Two children are killed with SIGKILL and two stopped with SIGSTOP past
 * their session; four new children, their clocks 8 s behind (so that without the state in the
 * lease they would make the old holders' IDs again), take the partitions over once the server
 * expired the sessions. Meanwhile the quorum's leader is killed and, once another leads, restarted;
 * then all three servers are killed and restarted (an outage). Then the stopped children are
 * continued (zombies) and must learn that their lease is lost. ChaosFleet checks the end: no ID
 * twice, no live holder losing its lease outside the outage, every zombie fenced. Every step waits
 * for what the children print or write, or for the quorum, not on the wall clock.
 */
class ChaosTest {

    private static final int PARTITIONS = 10;
    private static final long LEASE_MS = 4_000;

    @Test
    void killedStoppedAndRestartedFleetMakesNoIdTwiceAndLiveHoldersKeepTheirLeases() throws Exception {
        TestingCluster cluster = TestZooKeeper.cluster(3);
        ChaosFleet fleet = null;
        try {
            String url = cluster.getConnectString();
            String ns = "chaos-" + Long.toHexString(System.nanoTime());
            try (CuratorFramework client = TestZooKeeper.client(url, Duration.ofMillis(LEASE_MS))) {
                ZooKeeperPartitionLeases.builder(client).namespace(ns).partitions(0, PARTITIONS - 1)
                        .leaseDuration(Duration.ofMillis(LEASE_MS)).build();
            }
            fleet = new ChaosFleet("zookeeper", ChaosChild.class, url, ns, PARTITIONS, LEASE_MS);
            List<Child> first = fleet.startHolders();

            fleet.kill(first.subList(0, 2));
            fleet.stop(first.subList(2, 4));
            List<Child> takers = fleet.startTakers(4);
            InstanceSpec leader = leader(cluster, null);
            cluster.killServer(leader);
            leader(cluster, leader); // another member leads
            cluster.restartServer(leader);
            List<Child> live = first.subList(4, PARTITIONS);
            // Every live child that failed while the leader was away has recovered, so that the
            // outage below makes each fail anew (a failing holder reports no second failure).
            ChaosFleet.await("the live children to recover from the leader's death", 60_000,
                    () -> live.stream().allMatch(c -> c.count("RECOVERED ") >= c.count("FAILED ")));
            long failedBefore = live.stream().mapToLong(c -> c.count("FAILED ")).sum();
            long down = System.nanoTime();
            for (InstanceSpec spec : cluster.getInstances()) {
                cluster.killServer(spec);
            }
            ChaosFleet.await("a live child's renewal to fail while the quorum is down", 30_000,
                    () -> live.stream().mapToLong(c -> c.count("FAILED ")).sum() > failedBefore);
            for (InstanceSpec spec : cluster.getInstances()) {
                cluster.restartServer(spec);
            }
            long outage = (System.nanoTime() - down) / 1_000_000;
            fleet.takeOverThenWakeZombies(takers, first.subList(2, 4));
            fleet.finish("2 killed (SIGKILL), 2 stopped past the session, 4 takers 8 s behind, the leader killed and"
                    + " restarted, then all three servers killed and restarted (outage " + outage + " ms)", 4);
        } finally {
            if (fleet != null) {
                fleet.destroy();
            }
            cluster.close();
        }
    }

    /** The quorum member that says it leads (ZooKeeper's srvr command), other than not. */
    private static InstanceSpec leader(TestingCluster cluster, InstanceSpec not) {
        long end = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < end) {
            for (InstanceSpec spec : cluster.getInstances()) {
                if (spec.equals(not)) {
                    continue;
                }
                try (Socket s = new Socket("127.0.0.1", spec.getPort())) {
                    s.setSoTimeout(2_000);
                    OutputStream o = s.getOutputStream();
                    o.write("srvr".getBytes(StandardCharsets.US_ASCII));
                    o.flush();
                    if (new String(s.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).contains("Mode: leader")) {
                        return spec;
                    }
                } catch (IOException e) {
                    // not up yet
                }
            }
            java.util.concurrent.locks.LockSupport.parkNanos(100_000_000L);
        }
        throw new AssertionError("no member of the quorum says it leads" + (not == null ? "" : " after the leader died"));
    }
}
