package dev.sno.redis;

import dev.sno.lease.PartitionLeases;
import dev.sno.testsupport.ChaosFleet;
import dev.sno.testsupport.ChaosFleet.Child;
import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import io.lettuce.core.RedisClient;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fleet chaos on Redis, with real processes (test-support's {@link ChaosFleet}): 10 child JVMs
 * ({@link ChaosChild}) share 10 partitions of one namespace on a Redis of this test's own
 * (test-support's TestServers.own, on a free port, AOF with appendfsync always), their clocks up
 * to 2 s apart. Two children are killed with SIGKILL and two stopped with SIGSTOP past their lease;
 * four new children, their clocks 8 s behind (so that without the state in the lease they would
 * make the old holders' IDs again), take the partitions over once the leases expired on the server;
 * the Redis server itself is killed with SIGKILL and restarted from its AOF meanwhile; then the
 * stopped children are continued (zombies) and must learn that their lease is lost. ChaosFleet
 * checks the end: no ID twice, no live holder losing its lease outside the outage, every zombie
 * fenced. Every step waits for what the children print or write, not on the wall clock.
 */
class ChaosTest {

    private static final int PARTITIONS = 10;
    private static final long LEASE_MS = 5_000;

    @Test
    void killedStoppedAndRestartedFleetMakesNoIdTwiceAndLiveHoldersKeepTheirLeases() throws Exception {
        TestServers.Own server = TestServers.own(Server.REDIS);
        ChaosFleet fleet = null;
        try {
            String ns = TestRedis.namespace("chaos");
            RedisClient client = RedisClient.create(server.url());
            try {
                PartitionLeases.builder(RedisPartitionLeases.store(client).build()).namespace(ns)
                        .partitions(0, PARTITIONS - 1).build();
            } finally {
                client.shutdown();
            }
            fleet = new ChaosFleet("redis", ChaosChild.class, server.url(), ns, PARTITIONS, LEASE_MS);
            List<Child> first = fleet.startHolders();

            fleet.kill(first.subList(0, 2));
            fleet.stop(first.subList(2, 4));
            List<Child> takers = fleet.startTakers(4);
            List<Child> live = first.subList(4, PARTITIONS);
            long down = System.nanoTime();
            server.script("halt");
            ChaosFleet.await("a live child's renewal to fail while Redis is down", 30_000,
                    () -> live.stream().anyMatch(c -> c.printed("FAILED ")));
            server.script("resume");
            long outage = (System.nanoTime() - down) / 1_000_000;
            fleet.takeOverThenWakeZombies(takers, first.subList(2, 4));
            fleet.finish("2 killed (SIGKILL), 2 stopped past the lease, 4 takers 8 s behind, Redis killed and restarted"
                    + " from its AOF (outage " + outage + " ms)", 4);
        } finally {
            if (fleet != null) {
                fleet.destroy();
            }
            server.close();
        }
    }
}
