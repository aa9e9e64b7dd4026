package dev.sno.micronaut;

import io.lettuce.core.RedisClient;
import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;

/**
 * An application's own Lettuce client, as micronaut-redis-lettuce or the application's factory
 * makes it: only in the contexts that set {@code test.redis-client} (the Redis URI), so that the
 * decision table's contexts have none.
 */
@Factory
@Requires(property = "test.redis-client")
class AppRedisClient {

    @Singleton
    @Bean(preDestroy = "shutdown")
    RedisClient redisClient(@Value("${test.redis-client}") String uri) {
        return RedisClient.create(uri);
    }
}
