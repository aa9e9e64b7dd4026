package dev.sno.spring.boot;

import dev.sno.lease.LeaseResources;
import java.util.Optional;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

/**
 * The application's beans that lease stores may use: a {@link DataSource} (the bean named by
 * {@code sno.lease.datasource}, else the unique or {@code @Primary} one); when Spring Data Redis
 * and sno-redis are there, the Lettuce {@code RedisClient} of its connection factory; and a bean of
 * any other type a store asks for (sno-zookeeper's {@code CuratorFramework}), the unique or
 * {@code @Primary} one.
 */
final class SnoLeaseResources implements LeaseResources {

    private final ConfigurableListableBeanFactory beans;
    private final ObjectProvider<SnoRedisLeases> redis;

    SnoLeaseResources(ConfigurableListableBeanFactory beans, ObjectProvider<SnoRedisLeases> redis) {
        this.beans = beans;
        this.redis = redis;
    }

    @Override
    public <T> Optional<T> find(Class<T> type, String name) {
        if (type == DataSource.class) {
            if (name != null) {
                return beans.containsBean(name) && beans.isTypeMatch(name, DataSource.class)
                        ? Optional.of(type.cast(beans.getBean(name))) : Optional.empty();
            }
            return Optional.ofNullable(beans.getBeanProvider(DataSource.class).getIfUnique()).map(type::cast);
        }
        SnoRedisLeases r = redis.getIfAvailable();
        if (r != null && type.getName().equals("io.lettuce.core.RedisClient")) {
            return r.client(name).map(type::cast);
        }
        // Any other type a store asks for (a CuratorFramework, a jetcd Client): the bean of that
        // name, else the unique or @Primary one. No store-specific code here.
        if (name != null) {
            return beans.containsBean(name) && beans.isTypeMatch(name, type) ? Optional.of(type.cast(beans.getBean(name)))
                    : Optional.empty();
        }
        return Optional.ofNullable(beans.getBeanProvider(type).getIfUnique());
    }
}
