package dev.sno.redis;

import dev.sno.lease.PartitionLeases;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.util.Objects;

/**
 * Partition leases kept in Redis, for fleets of instances that share one Redis (6.2 or later,
 * with {@code appendonly yes}, {@code appendfsync always} and {@code maxmemory-policy noeviction}):
 *
 * <pre>
 * RedisClient client = RedisClient.create("redis://redis.internal:6379");
 * PartitionLeases leases = RedisPartitionLeases.builder(client)
 *         .namespace("orders")
 *         .build();                                    // checks persistence, creates the records
 * try (SnoGenerator generator = leases.acquire()) {   // holds the lease until close()
 *     SnoId id = generator.next(meta);
 * }
 * </pre>
 *
 * <p>The protocol is that of {@link PartitionLeases}; the store is a {@link RedisLeaseStore}. Its
 * Redis options (replicas to {@code WAIT} for, accepting unsafe persistence, the command timeout)
 * are set on {@link #store(RedisClient)}:
 *
 * <pre>
 * PartitionLeases leases = PartitionLeases.builder(RedisPartitionLeases.store(client).replicas(1).build())
 *         .namespace("orders")
 *         .build();
 * </pre>
 *
 * <p>The store opens one connection from the client at {@code build()} and keeps it for all its
 * leases; it closes with the client ({@link RedisClient#shutdown()}), after the generators.
 */
public final class RedisPartitionLeases {

    private RedisPartitionLeases() {
    }

    /**
     * A builder for leases kept in the Redis the client connects to by default (the URI it was
     * created with), with the store's default options.
     *
     * @param client  the client, created with a URI, not null
     * @return a new builder: set the namespace, partitions, lease duration, clock and listener,
     *     then {@link PartitionLeases.Builder#build()}
     */
    public static PartitionLeases.Builder builder(RedisClient client) {
        return PartitionLeases.builder(store(client).build());
    }

    /**
     * A builder for leases kept in the Redis of a connection the application already has, with
     * the store's default options. The connection is used as it is and never closed here.
     *
     * @param connection  an open connection with string keys and values, not null
     * @return a new builder
     */
    public static PartitionLeases.Builder builder(StatefulRedisConnection<String, String> connection) {
        return PartitionLeases.builder(store(connection).build());
    }

    /**
     * A builder for a Redis lease store with options of its own, for
     * {@link PartitionLeases#builder(dev.sno.lease.LeaseStore)}.
     *
     * @param client  the client, created with a URI, not null
     * @return a new store builder
     */
    public static RedisLeaseStore.Builder store(RedisClient client) {
        return RedisLeaseStore.builder(new RedisCalls(Objects.requireNonNull(client, "client")));
    }

    /**
     * A builder for a Redis lease store that uses a connection the application already has. The
     * connection is used as it is and never closed here.
     *
     * @param connection  an open connection with string keys and values, not null
     * @return a new store builder
     */
    public static RedisLeaseStore.Builder store(StatefulRedisConnection<String, String> connection) {
        return RedisLeaseStore.builder(new RedisCalls(Objects.requireNonNull(connection, "connection")));
    }
}
