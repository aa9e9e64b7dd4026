package dev.sno.micronaut;

import io.micronaut.context.annotation.Requires;
import io.micronaut.jdbc.DataSourceResolver;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;

/**
 * Resolves a datasource bean to the pool behind it with micronaut-jdbc's {@link DataSourceResolver}
 * (Micronaut Data's, which unwraps its contextual proxy, when Micronaut Data is there), so that a
 * lease store can take connections of its own outside the application's transactions. Other
 * resources are returned as they are.
 */
@Singleton
@Requires(classes = DataSourceResolver.class)
final class SnoDataSources implements UnaryOperator<Object> {

    private final DataSourceResolver resolver;

    SnoDataSources(Optional<DataSourceResolver> resolver) {
        this.resolver = resolver.orElse(DataSourceResolver.DEFAULT);
    }

    @Override
    public Object apply(Object resource) {
        return resource instanceof DataSource d ? resolver.resolve(d) : resource;
    }
}
