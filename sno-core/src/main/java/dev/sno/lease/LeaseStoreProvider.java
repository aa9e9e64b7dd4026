package dev.sno.lease;

import dev.sno.config.Settings;
import dev.sno.config.SettingsException;
import java.util.List;
import java.util.Objects;

/**
 * A kind of {@link LeaseStore} that applications can pick by name ({@code sno.lease.store=jdbc}),
 * found with {@link java.util.ServiceLoader}: sno-jdbc provides {@code jdbc}, sno-redis
 * {@code redis}, sno-zookeeper {@code zookeeper}, sno-etcd {@code etcd}. A new store is one module with one provider (listed in its {@code module-info}
 * with {@code provides dev.sno.lease.LeaseStoreProvider with ...}, and in
 * {@code META-INF/services/dev.sno.lease.LeaseStoreProvider} for the class path); plain Java, the
 * Spring Boot starter and the Quarkus extension then lease from it with no change of their own,
 * through {@link dev.sno.config.PartitionDecision}.
 *
 * <p>With {@code sno.lease.store} unset, the providers are asked in {@link #order()} (lowest first)
 * and the first that serves is used: today {@code jdbc} (100) when the application has a
 * DataSource with the lease table, then {@code redis} (200), {@code zookeeper} (300) and
 * {@code etcd} (400), which serve only when leasing is required ({@code sno.lease.enabled=true}),
 * so that sno never writes lease keys into a Redis, ZooKeeper or etcd that the application uses
 * for something else.
 *
 * <p>Implementations must be public, with a public no-argument constructor, and thread-safe.
 */
public interface LeaseStoreProvider {

    /**
     * The store's name, the value of {@code sno.lease.store}: lower case, as {@code jdbc}.
     *
     * @return the name
     */
    String name();

    /**
     * Where the provider stands among the others when {@code sno.lease.store} is unset.
     *
     * @return the rank; lower is asked first
     */
    int order();

    /**
     * The {@code sno.lease.*} settings this store reads beyond {@link Settings#NAMES}, so that the
     * frameworks know them (and refuse a misspelling of them).
     *
     * @return the names, as {@code sno.lease.datasource}
     */
    List<String> settingNames();

    /**
     * The settings among {@link #settingNames()} that say where this store is, as
     * {@code sno.lease.redis.url}: an application that sets one means to lease from this store, so
     * that leasing is then on, from this store alone, unless {@code sno.lease.enabled=false}
     * ({@link dev.sno.config.PartitionDecision}).
     *
     * @return the names; none by default
     */
    default List<String> connectionSettingNames() {
        return List.of();
    }

    /**
     * The types of the application's resources this store may ask {@link LeaseResources#find}
     * for, by class name, so that a framework keeps such beans for it without knowing the store:
     * Quarkus removes, at build time, beans that nothing injects, and keeps these.
     *
     * @return class names, as {@code org.apache.curator.framework.CuratorFramework}; none by
     *     default
     */
    default List<String> resourceTypes() {
        return List.of();
    }

    /**
     * Says whether this store can serve the application, and builds it if so. Reads only; a
     * store that creates its schema does so here only when the settings ask for it.
     *
     * @param settings   the application's settings
     * @param resources  what the application has
     * @param required   whether leasing is required ({@code sno.lease.enabled=true}) rather than
     *                   tried ({@code sno.lease.enabled} unset)
     * @return the store, or why not
     * @throws SettingsException if the settings are invalid, or the store cannot be reached to
     *     decide (a random partition beside a leasing fleet could repeat its IDs)
     */
    Offer offer(Settings settings, LeaseResources resources, boolean required);

    /** A provider's answer: a store to lease from, or why not. */
    final class Offer {

        private final LeaseStore store;
        private final String where;
        private final AutoCloseable resource;
        private final String why;
        private final String action;
        private final boolean found;

        private Offer(LeaseStore store, String where, AutoCloseable resource, String why, String action,
                boolean found) {
            this.store = store;
            this.where = where;
            this.resource = resource;
            this.why = why;
            this.action = action;
            this.found = found;
        }

        /**
         * The store serves.
         *
         * @param store     the store
         * @param where     where its leases are, for the startup line: {@code the table
         *                  sno_partition_lease in PostgreSQL jdbc:postgresql://db/app}
         * @param resource  what to close after the generator (a client the provider opened), or
         *                  null
         * @return the offer
         */
        public static Offer serve(LeaseStore store, String where, AutoCloseable resource) {
            return new Offer(Objects.requireNonNull(store, "store"), Objects.requireNonNull(where, "where"),
                    resource, null, null, true);
        }

        /**
         * The store does not serve.
         *
         * @param why     why, completing "sno.lease.enabled=true, but ...": {@code the table
         *                sno_partition_lease does not exist in ...}
         * @param action  what to do to lease from it
         * @param found   whether the application has what the store needs (a DataSource, a Redis
         *                client) but something else is missing: such a reason is the one reported
         * @return the refusal
         */
        public static Offer decline(String why, String action, boolean found) {
            return new Offer(null, null, null, Objects.requireNonNull(why, "why"),
                    Objects.requireNonNull(action, "action"), found);
        }

        /**
         * Whether the store serves.
         *
         * @return true if {@link #store()} is there
         */
        public boolean serves() {
            return store != null;
        }

        /**
         * The store.
         *
         * @return the store, or null when declined
         */
        public LeaseStore store() {
            return store;
        }

        /**
         * Where the leases are kept.
         *
         * @return the description, or null when declined
         */
        public String where() {
            return where;
        }

        /**
         * What to close after the generator.
         *
         * @return the resource, or null
         */
        public AutoCloseable resource() {
            return resource;
        }

        /**
         * Why the store does not serve.
         *
         * @return the reason, or null when it serves
         */
        public String why() {
            return why;
        }

        /**
         * What to do to lease from this store.
         *
         * @return the action, or null when it serves
         */
        public String action() {
            return action;
        }

        /**
         * Whether the application has what the store needs.
         *
         * @return true when serving, or declining for a reason other than a missing resource
         */
        public boolean found() {
            return found;
        }
    }
}
