package dev.sno.lease;

import java.util.Optional;

/**
 * What the application has that a lease store may use, as a framework finds it: the Spring Boot
 * starter's beans, the Quarkus extension's datasources. A {@link LeaseStoreProvider} asks for the
 * types it knows ({@code javax.sql.DataSource}, Lettuce's {@code RedisClient}); a framework that
 * has none of a type answers empty, and so does {@link #none()}, which plain Java uses.
 */
@FunctionalInterface
public interface LeaseResources {

    /**
     * The application's resource of a type.
     *
     * @param <T>   the type
     * @param type  the type asked for
     * @param name  the resource's name in the framework (a bean name, a datasource name), or null
     *              for the application's one (or primary, or default) resource of the type
     * @return the resource, or empty if the application has none by that name, none at all, or
     *     several of which none is the primary
     */
    <T> Optional<T> find(Class<T> type, String name);

    /**
     * No resources: every store must be reached through its own settings.
     *
     * @return resources that are always empty
     */
    static LeaseResources none() {
        return new LeaseResources() {
            @Override
            public <T> Optional<T> find(Class<T> type, String name) {
                return Optional.empty();
            }
        };
    }
}
