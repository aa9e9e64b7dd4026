package dev.sno.spring.boot;

import dev.sno.SnoGenerator;
import dev.sno.lease.PartitionLeases;
import dev.sno.redis.RedisPartitionLeases;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisClient;
import java.io.IOException;
import java.util.function.Consumer;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.util.ClassUtils;

/**
 * Leases from Redis through the application's {@link LettuceConnectionFactory}: loaded only
 * when Spring Data Redis, Lettuce and sno-redis are on the class path, so that the starter runs
 * without them.
 */
final class SnoRedisLeases {

    private SnoRedisLeases() {
    }

    /** Whether the classes Redis leases need are present. */
    static boolean available(ClassLoader loader) {
        return ClassUtils.isPresent("org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory", loader)
                && ClassUtils.isPresent("dev.sno.redis.RedisPartitionLeases", loader);
    }

    /** The name of the application's one Lettuce connection factory bean, or null. */
    static String factoryBean(ConfigurableListableBeanFactory beans) {
        String[] names = beans.getBeanNamesForType(LettuceConnectionFactory.class, false, false);
        return names.length == 1 ? names[0] : null;
    }

    /**
     * Acquires a lease from the Redis of the factory bean; the generator bean depends on that
     * bean, so that it is closed (and the lease released) before the connection factory stops.
     */
    static SnoGenerator acquire(ConfigurableListableBeanFactory beans, String factoryBean, String generatorBean,
            SnoProperties.Lease lease, Consumer<PartitionLeases.Builder> common,
            Consumer<SnoGenerator.Builder> generator) throws IOException {
        LettuceConnectionFactory factory = beans.getBean(factoryBean, LettuceConnectionFactory.class);
        beans.registerDependentBean(factoryBean, generatorBean);
        AbstractRedisClient client = factory.getNativeClient();
        if (!(client instanceof RedisClient redis)) {
            throw new SnoConfigurationException("sno.lease.store=redis, but the Lettuce connection factory's client is"
                    + " " + (client == null ? "not started" : client.getClass().getSimpleName()) + "; sno-redis leases"
                    + " need a standalone (or Sentinel) RedisClient, not Redis Cluster.",
                    "Lease from the application's database (sno.lease.store=jdbc), or give each instance its own"
                            + " sno.partition.");
        }
        PartitionLeases.Builder b = PartitionLeases.builder(RedisPartitionLeases.store(redis)
                .replicas(lease.redis().replicas()).acceptUnsafePersistence(lease.redis().acceptUnsafePersistence())
                .build());
        common.accept(b);
        return b.build().acquire(generator);
    }
}
