package dev.sno.redis;

import dev.sno.lease.PartitionLeases;
import io.lettuce.core.RedisClient;

/**
 * A fresh JVM for {@link LatencyTest}: times the first {@code build()} of leases, over one
 * partition of a new namespace (Lettuce's start, the connection, the persistence check); then a
 * build() over all 65,536 partitions of another new namespace (the records), then one more on that
 * namespace; prints "BUILD first-ms all-ms again-ms".
 *
 * <p>Arguments: Redis URL, namespace.
 */
public final class BuildTimeChild {

    private BuildTimeChild() {
    }

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        RedisClient client = RedisClient.create(args[0]);
        PartitionLeases.Builder b = RedisPartitionLeases.builder(client).namespace(args[1] + "-one").partitions(0, 0);
        b.build();
        long t1 = System.nanoTime();
        RedisPartitionLeases.builder(client).namespace(args[1]).build();
        long t2 = System.nanoTime();
        RedisPartitionLeases.builder(client).namespace(args[1]).build();
        long t3 = System.nanoTime();
        System.out.println("BUILD " + (t1 - t0) / 1_000_000 + " " + (t2 - t1) / 1_000_000 + " " + (t3 - t2) / 1_000_000);
        client.shutdown();
    }
}
