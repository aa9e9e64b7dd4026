package dev.sno.redis;

import dev.sno.testsupport.ChaosHolder;
import io.lettuce.core.RedisClient;
import java.time.Duration;

/**
 * A child JVM of {@link ChaosTest}: the Redis client and builder of test-support's
 * {@link ChaosHolder}, which holds a lease and makes IDs until its standard input closes.
 */
public final class ChaosChild {

    private ChaosChild() {
    }

    public static void main(String[] args) throws Exception {
        RedisClient client = RedisClient.create(args[0]);
        ChaosHolder.run(args, RedisPartitionLeases.builder(client), () -> client.shutdown(Duration.ZERO,
                Duration.ofSeconds(1)));
    }
}
