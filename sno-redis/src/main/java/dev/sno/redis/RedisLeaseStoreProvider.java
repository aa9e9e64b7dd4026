package dev.sno.redis;

import dev.sno.config.Settings;
import dev.sno.config.SettingsException;
import dev.sno.lease.LeaseResources;
import dev.sno.lease.LeaseStoreProvider;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The lease store {@code redis} ({@link LeaseStoreProvider}): Redis 6.2 or later through Lettuce.
 * It serves only when leasing is required ({@code sno.lease.enabled=true}): with it unset, sno
 * never writes lease keys into a Redis that may be the application's cache. Its settings:
 * <ul>
 * <li>{@code sno.lease.redis.url}: a Redis URI ({@code redis://host:6379/0}, Lettuce's syntax); the
 *     provider opens its own client and shuts it down after the generator. Unset: the
 *     application's Lettuce {@code RedisClient}, as a framework offers it (the Spring Boot starter:
 *     that of Spring Data Redis's {@code LettuceConnectionFactory}).</li>
 * <li>{@code sno.lease.redis.replicas} (0..100, default 0) and
 *     {@code sno.lease.redis.accept-unsafe-persistence} (default false): see
 *     {@link RedisLeaseStore.Builder}.</li>
 * </ul>
 */
public final class RedisLeaseStoreProvider implements LeaseStoreProvider {

    private static final String URL = "sno.lease.redis.url";
    private static final String REPLICAS = "sno.lease.redis.replicas";
    private static final String UNSAFE = "sno.lease.redis.accept-unsafe-persistence";

    /** For {@link java.util.ServiceLoader}. */
    public RedisLeaseStoreProvider() {
    }

    /**
     * The store's name.
     *
     * @return {@code redis}
     */
    @Override
    public String name() {
        return "redis";
    }

    /**
     * Asked after {@code jdbc}.
     *
     * @return 200
     */
    @Override
    public int order() {
        return 200;
    }

    /**
     * The settings this store reads.
     *
     * @return {@code sno.lease.redis.url}, {@code .replicas}, {@code .accept-unsafe-persistence}
     */
    @Override
    public List<String> settingNames() {
        return List.of(URL, REPLICAS, UNSAFE);
    }

    /**
     * The setting that says where the store is: setting it turns leasing on.
     *
     * @return {@code sno.lease.redis.url}
     */
    @Override
    public List<String> connectionSettingNames() {
        return List.of(URL);
    }

    /**
     * Serves when leasing is required and a Redis is named or offered.
     *
     * @param settings   the settings
     * @param resources  the application's Lettuce client, if the framework has one
     * @param required   whether {@code sno.lease.enabled=true}
     * @return the store, or why not
     */
    @Override
    public Offer offer(Settings settings, LeaseResources resources, boolean required) {
        Optional<String> url = settings.text(URL);
        OptionalInt replicas = settings.integer(REPLICAS, 0, 100);
        boolean unsafe = settings.flag(UNSAFE).orElse(false);
        RedisURI uri = null;
        if (url.isPresent()) {
            try {
                uri = RedisURI.create(url.get());
            } catch (IllegalArgumentException e) {
                throw settings.invalid(URL, url.get(), "not a Redis URI such as redis://127.0.0.1:6379 ("
                        + e.getMessage() + ")");
            }
        }
        if (!required) {
            boolean found = url.isPresent();
            try {
                found = found || resources.find(RedisClient.class, null).isPresent();
            } catch (SettingsException unusable) {
                found = true; // the application has a Redis, if not one sno can lease from
            }
            return Offer.decline("leasing from Redis needs sno.lease.enabled=true (unset, sno never writes lease keys"
                    + " into a Redis that may be the application's cache)", "Set sno.lease.enabled=true to lease from"
                            + " Redis.", found);
        }
        Optional<RedisClient> offered = url.isPresent() ? Optional.empty() : resources.find(RedisClient.class, null);
        if (uri == null && offered.isEmpty()) {
            return Offer.decline("the application has no Lettuce RedisClient to lease one from, and " + URL
                    + " is not set", "Set " + URL + "=redis://host:6379 (Redis 6.2 or later, persistence as"
                            + " docs/redis-leases.md says), or lease from the database (sno.lease.store=jdbc).",
                    false);
        }
        RedisClient client = uri != null ? RedisClient.create(uri) : offered.get();
        RedisLeaseStore.Builder store = RedisPartitionLeases.store(client).acceptUnsafePersistence(unsafe);
        if (replicas.isPresent()) {
            store.replicas(replicas.getAsInt());
        }
        String where = uri != null ? "Redis " + uri.getHost() + ":" + uri.getPort() + "/" + uri.getDatabase()
                : "Redis";
        return Offer.serve(store.build(), where, uri != null ? client::shutdown : null);
    }
}
