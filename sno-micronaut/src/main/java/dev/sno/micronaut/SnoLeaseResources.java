package dev.sno.micronaut;

import dev.sno.lease.LeaseResources;
import io.micronaut.context.BeanContext;
import io.micronaut.context.exceptions.NonUniqueBeanException;
import io.micronaut.inject.qualifiers.Qualifiers;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The application's beans that lease stores may use, found in Micronaut's bean context by the type
 * a store asks for ({@code javax.sql.DataSource}, Lettuce's {@code RedisClient}, a
 * {@code CuratorFramework}, a jetcd {@code Client}): the bean of that name
 * ({@code sno.lease.datasource=leases} finds the datasource of {@code datasources.leases.*}), else
 * the unique or primary one (the {@code default} datasource). No store-specific code, but for
 * datasources: Micronaut Data hands out each datasource bean behind a proxy whose connections exist
 * only inside its transactions, so a datasource is first resolved to the pool itself
 * ({@link SnoDataSources}), as Micronaut's own Flyway and Liquibase integrations do.
 */
final class SnoLeaseResources implements LeaseResources {

    private final BeanContext beans;
    private final UnaryOperator<Object> resolve;

    @SuppressWarnings("unchecked") // a bean of the raw interface type, as SnoDataSources declares it
    SnoLeaseResources(BeanContext beans) {
        this.beans = beans;
        this.resolve = beans.findBean(SnoDataSources.class).<UnaryOperator<Object>>map(r -> r)
                .orElse(UnaryOperator.identity());
    }

    @Override
    public <T> Optional<T> find(Class<T> type, String name) {
        try {
            Optional<T> bean = name != null ? beans.findBean(type, Qualifiers.byName(name)) : beans.findBean(type);
            return bean.map(b -> type.cast(resolve.apply(b)));
        } catch (NonUniqueBeanException several) {
            return Optional.empty();
        }
    }
}
