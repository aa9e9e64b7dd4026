package dev.sno.config;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.lease.LeaseResources;
import dev.sno.lease.LeaseStoreProvider;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Consumer;

/**
 * Where an application's partition comes from, decided once for every framework: configured
 * ({@code sno.partition}, {@code sno.sequence-range}), restored ({@code sno.snapshot-file}),
 * leased from a store ({@code sno.lease.*}, through the {@link LeaseStoreProvider}s on the class
 * path), or random. The Spring Boot starter, the Quarkus extension and plain Java
 * ({@link dev.sno.Sno}) read their configuration into {@link Settings}, offer what they found
 * ({@link LeaseResources}) and call {@link #make}; the rules, the messages, the startup line and
 * the health details are this class's.
 *
 * <p>The rules, in order:
 * <ol>
 * <li>Every setting present must be valid, blank ones included ({@link Settings}); so must a
 *     {@code sno.lease.store} that names no provider on the class path.</li>
 * <li>A lease is asked for by {@code sno.lease.enabled=true}, by naming a store
 *     ({@code sno.lease.store=zookeeper}), or by a setting that says where a store is
 *     ({@link LeaseStoreProvider#connectionSettingNames()}: {@code sno.lease.zookeeper.connect},
 *     {@code sno.lease.redis.url}, {@code sno.lease.etcd.endpoints},
 *     {@code sno.lease.datasource}), unless {@code sno.lease.enabled=false}. Such a setting
 *     picks its store: two stores' settings without {@code sno.lease.store}, or one of a store
 *     other than the one named, fail naming them.</li>
 * <li>A lease asked for excludes {@code sno.partition}, {@code sno.sequence-range} and
 *     {@code sno.snapshot-file}: the failure names both settings.</li>
 * <li>{@code sno.lease.enabled=false}, or nothing asking for a lease while one of those three
 *     is set: no lease.</li>
 * <li>Otherwise the store asked for, else every provider in its
 *     {@linkplain LeaseStoreProvider#order() order}, is asked; the first that serves gives the
 *     partition. None serving: when a lease was asked for, startup fails with the reason, naming
 *     the setting that asked; otherwise the partition is random and the startup line is a
 *     warning naming the reason.</li>
 * <li>The lease lasts {@code sno.lease.duration}; unset, a store whose leases have a length of
 *     their own keeps that one (ZooKeeper: the session timeout negotiated with the server, which
 *     the startup line says), and every other store 30 s. A store that cannot keep the duration
 *     set (a longer ZooKeeper session) fails the startup, quoting the setting as written.</li>
 * </ol>
 * A store that cannot be reached to decide fails the startup either way: a random partition
 * beside a leasing fleet could repeat its IDs.
 *
 * @implSpec Instances are thread-safe; {@link #close()} is idempotent.
 */
public final class PartitionDecision implements AutoCloseable {

    private final SnoGenerator generator;
    private final String startupLine;
    private final boolean warning;
    private final LeaseState lease;
    private final AutoCloseable resource;

    PartitionDecision(SnoGenerator generator, String startupLine, boolean warning, LeaseState lease,
            AutoCloseable resource) {
        this.generator = generator;
        this.startupLine = startupLine;
        this.warning = warning;
        this.lease = lease;
        this.resource = resource;
    }

    /**
     * Decides, with the providers found by {@link #providers()}.
     *
     * @param settings    the application's settings
     * @param resources   what the application has for the stores
     * @param customizer  applied to the generator's builder after the settings, leased or not: the
     *                    framework's overflow listener, the application's customizers
     * @return the generator and how it was decided
     * @throws SettingsException if the settings are invalid, exclude each other, or require a lease
     *     that no store can give; or a store cannot be reached to decide
     * @throws IllegalStateException if a store that serves fails to hand out a lease (an outage);
     *     the cause is the store's {@link java.io.IOException}
     */
    public static PartitionDecision make(Settings settings, LeaseResources resources,
            Consumer<SnoGenerator.Builder> customizer) {
        return make(settings, resources, customizer, providers());
    }

    /**
     * Decides with the given providers.
     *
     * @param settings    the application's settings
     * @param resources   what the application has for the stores
     * @param customizer  applied to every generator builder after the settings
     * @param providers   the stores to consider
     * @return the generator and how it was decided
     * @throws SettingsException as {@link #make(Settings, LeaseResources, Consumer)}
     */
    public static PartitionDecision make(Settings settings, LeaseResources resources,
            Consumer<SnoGenerator.Builder> customizer, Collection<LeaseStoreProvider> providers) {
        return new Decider(settings, resources, customizer, sorted(providers)).decide();
    }

    /**
     * The lease store providers on the class path (or module path), by the thread's context class
     * loader, else this module's: sorted by {@link LeaseStoreProvider#order()}, then name.
     *
     * @return the providers
     * @throws SettingsException if two have the same name, or one cannot be loaded
     */
    public static List<LeaseStoreProvider> providers() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        List<LeaseStoreProvider> found = new ArrayList<>();
        try {
            ServiceLoader<LeaseStoreProvider> services = loader == null
                    ? ServiceLoader.load(LeaseStoreProvider.class, PartitionDecision.class.getClassLoader())
                    : ServiceLoader.load(LeaseStoreProvider.class, loader);
            services.forEach(found::add);
        } catch (ServiceConfigurationError e) {
            throw SettingsException.because("A lease store provider cannot be loaded: " + e.getMessage() + ".",
                    "Check the sno store modules on the class path.", e, "sno.lease.store");
        }
        return sorted(found);
    }

    private static List<LeaseStoreProvider> sorted(Collection<LeaseStoreProvider> providers) {
        List<LeaseStoreProvider> list = new ArrayList<>(providers);
        list.sort(Comparator.comparingInt(LeaseStoreProvider::order).thenComparing(LeaseStoreProvider::name));
        for (int i = 1; i < list.size(); i++) {
            if (list.get(i).name().equals(list.get(i - 1).name())) {
                throw new SettingsException("Two lease store providers are named \"" + list.get(i).name() + "\": "
                        + list.get(i - 1).getClass().getName() + " and " + list.get(i).getClass().getName() + ".",
                        "Keep one of the modules that carry them on the class path.", "sno.lease.store");
            }
        }
        return List.copyOf(list);
    }

    /**
     * Every setting name read below the frameworks: {@link Settings#NAMES} and the providers'.
     *
     * @param providers  the providers
     * @return the names, without duplicates
     */
    public static List<String> settingNames(Collection<LeaseStoreProvider> providers) {
        List<String> names = new ArrayList<>(Settings.NAMES);
        for (LeaseStoreProvider p : providers) {
            for (String n : p.settingNames()) {
                if (!names.contains(n)) {
                    names.add(n);
                }
            }
        }
        return List.copyOf(names);
    }

    /**
     * The generator.
     *
     * @return the generator; {@link #close()} closes it
     */
    public SnoGenerator generator() {
        return generator;
    }

    /**
     * The line a framework logs at startup: {@code sno: partition 12 (configured: sno.partition)},
     * {@code sno: partition 40 (leased from the table sno_partition_lease in PostgreSQL ...,
     * namespace "default", lease PT30S)}, or for a random partition why, and what to set.
     *
     * @return the line
     */
    public String startupLine() {
        return startupLine;
    }

    /**
     * Whether the startup line is a warning (a random partition), rather than information.
     *
     * @return true for a random partition
     */
    public boolean warning() {
        return warning;
    }

    /**
     * The lease's state, for health and meters.
     *
     * @return the state, or null if the partition is not leased
     */
    public LeaseState lease() {
        return lease;
    }

    /**
     * Whether the generator can make IDs: not closed, and its lease (if any) not lost.
     *
     * @return the health
     */
    public boolean healthy() {
        return healthy(generator, lease);
    }

    /**
     * What health checks show, the same in every framework: {@code partition}, {@code source}
     * ({@code configured}, {@code leased}, {@code random}, {@code restored}), {@code sequenceRange},
     * {@code regressions} (or {@code closed}), and for a leased partition {@code leaseNamespace} and
     * {@code lease} ({@code held}, {@code renewal-failing}, {@code lost}).
     *
     * @return the details, read now
     */
    public Map<String, Object> details() {
        return details(generator, lease);
    }

    /**
     * {@link #healthy()} of any generator, such as an application's own generator bean.
     *
     * @param generator  the generator
     * @param lease      its lease's state, or null
     * @return whether it can make IDs
     */
    public static boolean healthy(SnoGenerator generator, LeaseState lease) {
        return !generator.isClosed() && (leaseOf(generator, lease) == null || lease.state() != LeaseState.LOST);
    }

    /**
     * {@link #details()} of any generator.
     *
     * @param generator  the generator
     * @param lease      its lease's state, or null
     * @return the details, read now
     */
    public static Map<String, Object> details(SnoGenerator generator, LeaseState lease) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("partition", generator.partition());
        d.put("source", generator.partitionSource().toString());
        d.put("sequenceRange", generator.sequenceMin() + "-" + generator.sequenceMax());
        if (generator.isClosed()) {
            d.put("closed", true);
        } else {
            d.put("regressions", generator.snapshot().drifts());
        }
        if (leaseOf(generator, lease) != null) {
            d.put("leaseNamespace", lease.namespace());
            d.put("lease", lease.name());
        }
        return d;
    }

    /**
     * The lease state to report for a generator: the given one when the generator is leased.
     *
     * @param generator  the generator
     * @param lease      a lease state, or null
     * @return lease, or null when there is none or the generator's partition is not leased
     */
    public static LeaseState leaseOf(SnoGenerator generator, LeaseState lease) {
        return lease != null && generator.partitionSource() == PartitionSource.LEASED ? lease : null;
    }

    /**
     * Closes the generator (which saves its state and releases its lease), then what the store
     * opened for it.
     */
    @Override
    public void close() {
        try {
            generator.close();
        } finally {
            if (resource != null) {
                try {
                    resource.close();
                } catch (Exception e) {
                    System.getLogger("dev.sno.lease").log(System.Logger.Level.WARNING,
                            "sno: closing the lease store's connection failed: " + e);
                }
            }
        }
    }
}
