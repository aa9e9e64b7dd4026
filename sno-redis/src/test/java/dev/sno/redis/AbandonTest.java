package dev.sno.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoGenerator;
import dev.sno.lease.PartitionLeases;
import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Issue 30, finding 2: an acquisition that times out while Redis holds it back (a stopped or
 * overloaded server; here {@code CLIENT PAUSE ... WRITE}, which queues scripts until
 * {@code CLIENT UNPAUSE}) is carried out by Redis afterwards, for a token nobody holds. The next acquisition gives that
 * lease back first and takes the partition at once, at the next epoch, instead of being refused
 * until the lease expires.
 */
class AbandonTest {

    @Test
    void anAcquisitionThatTimedOutWhileRedisHeldItBackIsGivenBackByTheNext() throws Exception {
        try (TestServers.Own server = TestServers.own(Server.REDIS)) {
            RedisClient client = RedisClient.create(server.url());
            String ns = TestRedis.namespace("abandon");
            try {
                PartitionLeases leases = RedisPartitionLeases.builder(client).namespace(ns).partitions(0, 0)
                        .leaseDuration(Duration.ofSeconds(30)).build();
                // Epoch 1, and the server knows the acquire script from now on (a server that
                // does not would answer the held-back EVALSHA with NOSCRIPT and grant nothing).
                leases.acquire().close();
                // Redis holds every script back until UNPAUSE, then runs them in order: the timed-out
                // acquisition first, as a server that was stopped for a while would.
                assertEquals("+OK", server.script("cmd", "CLIENT", "PAUSE", "60000", "WRITE"));
                IOException timedOut;
                try {
                    timedOut = assertThrows(IOException.class, leases::acquire);
                } finally {
                    assertEquals("+OK", server.script("cmd", "CLIENT", "UNPAUSE"));
                }
                assertTrue(timedOut.getMessage().contains("did not answer the acquire"), timedOut.getMessage());
                SnoGenerator g = leases.acquire(); // before the fix: "No free partition", for 30 s
                assertEquals(0, g.partition());
                assertEquals(3L, PartitionLeases.leaseOf(g).orElseThrow().epoch(),
                        "epoch 2 went to the acquisition that timed out, which Redis carried out after UNPAUSE");
                g.close();
                try (StatefulRedisConnection<String, String> c = client.connect()) {
                    assertNull(c.sync().hget(Scripts.record(ns, 0), "token"), "released");
                    assertEquals("3", c.sync().hget(Scripts.record(ns, 0), "epoch"));
                }
            } finally {
                client.shutdown();
            }
        }
    }
}
