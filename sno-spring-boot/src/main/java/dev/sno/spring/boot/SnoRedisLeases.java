package dev.sno.spring.boot;

import dev.sno.config.SettingsException;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisClient;
import java.util.Optional;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The Lettuce client of the application's Spring Data Redis {@link LettuceConnectionFactory}, for
 * the {@code redis} lease store. A bean only under a class condition on that factory and on
 * sno-redis, so that the starter runs without them.
 */
final class SnoRedisLeases {

    private final ConfigurableListableBeanFactory beans;

    SnoRedisLeases(ConfigurableListableBeanFactory beans) {
        this.beans = beans;
    }

    /**
     * The client of the named (or the one) factory bean; the decision bean is made to depend on
     * that bean, so that it is closed (and the lease released) before the factory stops.
     *
     * @throws SettingsException if the factory's client is a Redis Cluster client
     */
    Optional<RedisClient> client(String name) {
        String[] names = beans.getBeanNamesForType(LettuceConnectionFactory.class, false, false);
        String factoryBean = name != null ? name : names.length == 1 ? names[0] : null;
        if (factoryBean == null || !beans.containsBean(factoryBean)) {
            return Optional.empty();
        }
        LettuceConnectionFactory factory = beans.getBean(factoryBean, LettuceConnectionFactory.class);
        beans.registerDependentBean(factoryBean, SnoAutoConfiguration.DECISION);
        AbstractRedisClient client = factory.getNativeClient();
        if (!(client instanceof RedisClient redis)) {
            throw new SettingsException("sno.lease.store=redis, but the Lettuce connection factory's client is "
                    + (client == null ? "not started" : client.getClass().getSimpleName()) + "; sno-redis leases"
                    + " need a standalone (or Sentinel) RedisClient, not Redis Cluster.", "Lease from the"
                            + " application's database (sno.lease.store=jdbc), or give each instance its own"
                            + " sno.partition.", "sno.lease.store");
        }
        return Optional.of(redis);
    }
}
