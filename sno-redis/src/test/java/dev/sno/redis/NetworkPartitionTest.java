package dev.sno.redis;

import dev.sno.testsupport.FaultProxy;
import dev.sno.testsupport.LogCapture;
import dev.sno.testsupport.PartitionDrill;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.Delay;
import java.time.Duration;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Network partitions between a holder and Redis (test-support's {@link PartitionDrill}): holder
 * A's Lettuce client reaches the build's Redis through a {@link FaultProxy}, B's directly; lease
 * 3 s. A's client has a command timeout of 1 s and a connect timeout of 1 s; the store bounds
 * each lease call by an eighth of the lease (375 ms) anyway. A blackholed connection is reset by
 * the proxy when the link heals (its stream lost bytes), and Lettuce reconnects by itself.
 */
class NetworkPartitionTest {

    static final Duration LEASE = Duration.ofSeconds(3);

    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    /** Lettuce reports the connections the proxy resets and its reconnections: all expected here. */
    @RegisterExtension
    final LogCapture lettuce = new LogCapture("io.lettuce.core");

    private FaultProxy proxy;
    private RedisClient clientA;
    private ClientResources resources;

    @BeforeEach
    void start() {
        RedisURI direct = RedisURI.create(TestRedis.url());
        proxy = new FaultProxy(direct.getHost(), direct.getPort());
        RedisURI uri = RedisURI.create("redis://" + proxy.address());
        uri.setTimeout(Duration.ofSeconds(1));
        // Reconnect every 100 ms: Lettuce's default backoff doubles up to 30 s, so after a long
        // cut its next attempt could come long after the link healed.
        resources = DefaultClientResources.builder().reconnectDelay(Delay.constant(Duration.ofMillis(100))).build();
        clientA = RedisClient.create(resources, uri);
        clientA.setOptions(ClientOptions.builder()
                .socketOptions(SocketOptions.builder().connectTimeout(Duration.ofSeconds(1)).build()).build());
    }

    @AfterEach
    void stop() {
        clientA.shutdown(Duration.ZERO, Duration.ofSeconds(2));
        resources.shutdown(0, 2, java.util.concurrent.TimeUnit.SECONDS);
        proxy.close();
        PartitionDrill.allowHolderLogs(logs);
        lettuce.allow(Level.INFO, "");
        lettuce.allow(Level.WARNING, "");
    }

    private PartitionDrill drill(String scenario) throws Exception {
        return new PartitionDrill("Redis", proxy, RedisPartitionLeases.store(clientA).build(),
                RedisPartitionLeases.store(TestRedis.client()).build(), LEASE, TestRedis.namespace(scenario));
    }

    @Test
    void aHolderCutOffFromRedisEntersNoNewUnitOnceItsPartitionIsTakenOver() throws Exception {
        drill("cut").cutAndTakeover();
    }

    /**
     * A dropped link (every connection reset, new ones reset once accepted) for half a lease, right
     * after a renewal. The next renewal starts about 830 ms into the drop; Lettuce either fails it
     * at once (after an exception on a reconnection attempt that the proxy accepted and reset) or
     * holds it until its connection is back (DisconnectedBehavior.DEFAULT with auto-reconnect) and
     * the store gives up on it after its bound, 375 ms: renewalFailed. Lettuce reconnects within
     * 100 ms of the heal and the next renewal succeeds, long before the fence (2.5 s):
     * leaseRecovered. A drop that ends less than about 375 ms after a renewal starts (a third of a
     * lease, say) lets the held renewal succeed after the heal and A hears nothing at all, which
     * the drill once took for a hang; half a lease keeps the first renewal well inside the drop on
     * a loaded machine.
     */
    @Test
    void aHolderWhoseLinkDropsForLessThanTheFenceKeepsItsLease() throws Exception {
        drill("drop").shortDrop(LEASE.dividedBy(2));
    }

    @Test
    void aHolderOnASlowLinkEntersNoNewUnitOnceItsPartitionIsTakenOver() throws Exception {
        drill("slow").slowLink();
    }
}
