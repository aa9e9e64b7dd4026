package dev.sno.zookeeper;

import dev.sno.lease.PartitionLeases;
import java.time.Duration;
import org.apache.curator.framework.CuratorFramework;

/**
 * Partition leases kept in ZooKeeper: the entry point of {@link PartitionLeases} over a
 * {@link ZooKeeperLeaseStore}, for fleets that already coordinate through ZooKeeper.
 *
 * <pre>
 * CuratorFramework curator = CuratorFrameworkFactory.builder()
 *         .connectString("zk1:2181,zk2:2181,zk3:2181")
 *         .sessionTimeoutMs(30_000)
 *         .retryPolicy(new ExponentialBackoffRetry(100, 10))
 *         .build();
 * curator.start();
 * PartitionLeases leases = ZooKeeperPartitionLeases.builder(curator)
 *         .namespace("orders")
 *         .build();                                    // checks the session timeout
 * try (SnoGenerator generator = leases.acquire()) {   // holds the lease until close()
 *     SnoId id = generator.next(meta);
 * }
 * </pre>
 *
 * <p>A lease lives as long as the holder's ZooKeeper session: the server expires the session
 * when it has heard nothing from the client for the session timeout, and that frees the
 * partition. So the session timeout (as negotiated with the server) is the lease, and the lease
 * duration is the longest a silent holder may keep its partition: {@code build()} refuses a
 * client whose session timeout is longer, naming both. The holder renews every 5/18 of the
 * session timeout and stops making IDs in new 4 ms units at 5/6 of it after the start of its last
 * successful renewal, before the server can have expired its session. The default lease duration
 * here is 60 s, the session timeout Curator asks for by default; a server grants at most 20 ticks
 * (60 s at ZooKeeper 3.9's default {@code tickTime} of 3000 ms, 40 s at the {@code tickTime=2000}
 * of its sample configuration), and the lease is then the session timeout granted.
 *
 * @implSpec This class is immutable and thread-safe.
 */
public final class ZooKeeperPartitionLeases {

    /** The default lease duration of this builder, 60 s: Curator's default session timeout. */
    public static final Duration DEFAULT_LEASE_DURATION = Duration.ofSeconds(60);

    private ZooKeeperPartitionLeases() {
    }

    /**
     * A builder for leases from a ZooKeeper ensemble, under {@value ZooKeeperLeaseStore#DEFAULT_ROOT},
     * with a lease duration of 60 s unless set.
     *
     * @param client  a started Curator client, not null
     * @return a new builder
     */
    public static PartitionLeases.Builder builder(CuratorFramework client) {
        return PartitionLeases.builder(ZooKeeperLeaseStore.of(client)).leaseDuration(DEFAULT_LEASE_DURATION);
    }
}
