package dev.sno;

import dev.sno.config.PartitionDecision;
import dev.sno.config.SettingNames;
import dev.sno.config.Settings;
import dev.sno.lease.LeaseResources;
import dev.sno.lease.LeaseStoreProvider;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Process-wide ID generation over one shared {@link SnoGenerator}: {@code Sno.next(meta)} is all
 * most applications need.
 *
 * <p>The shared generator is either the one an application {@linkplain #install installed} at
 * startup (a leased generator, a Spring bean), or one created on first use from the system
 * properties or environment variables below, else with {@link SnoGenerator#create()}: the full
 * sequence pool, the system clock and a {@linkplain PartitionSource#RANDOM random} partition,
 * which is not coordinated between processes. A property or variable that is set must hold a
 * valid value: an empty one is an error, not "unset", so that a deployment template that failed
 * to fill it in is noticed.
 *
 * <p>Creating the shared generator logs, on the {@code dev.sno} logger, the line the Spring Boot
 * starter and the Quarkus extension log at startup ({@link PartitionDecision#startupLine()}): a
 * WARNING for a random partition, saying why nothing was leased; INFO otherwise. Each
 * {@code sno.*} system property and {@code SNO_*} variable that sno does not read (a misspelt
 * {@code sno.partiton}, a {@code sno.Partition}: names are read exactly as written) gets a
 * WARNING naming the nearest name it reads, as the frameworks name it.
 *
 * <table class="striped">
 * <caption>Configuration of the shared generator (a system property wins over the variable)</caption>
 * <thead><tr><th>property</th><th>environment variable</th><th>meaning</th></tr></thead>
 * <tbody>
 * <tr><td>{@code sno.partition}</td><td>{@code SNO_PARTITION}</td><td>the partition, 0..65535
 *     (a StatefulSet pod index, a host number)</td></tr>
 * <tr><td>{@code sno.snapshot-file}</td><td>{@code SNO_SNAPSHOT_FILE}</td><td>a state file
 *     ({@link SnoGenerator.Builder#snapshotFile}); the generator is closed by a shutdown hook</td></tr>
 * <tr><td>{@code sno.sequence-range}, {@code sno.max-regression-wait}, {@code sno.lease.*}</td>
 *     <td>{@code SNO_SEQUENCE_RANGE}, ...</td><td>as in the Spring Boot starter and the Quarkus
 *     extension: the same names, values and messages ({@link dev.sno.config.PartitionDecision}).
 *     A plain Java process has no DataSource, so it leases only from a store reached through its
 *     own settings ({@code sno.lease.zookeeper.connect}, {@code sno.lease.redis.url},
 *     {@code sno.lease.etcd.endpoints}): setting one, or naming a store with
 *     {@code sno.lease.store}, turns leasing on unless {@code sno.lease.enabled=false}, and a
 *     store that cannot serve fails the first call. A leased generator is closed, and its lease
 *     released, by a shutdown hook</td></tr>
 * </tbody>
 * </table>
 *
 * @implSpec All methods are thread-safe.
 */
public final class Sno {

    /** The installed or created shared generator; null until first use or install. */
    private static volatile SnoGenerator shared;

    private Sno() {
    }

    /**
     * The shared generator: the installed one, else the one created from the configuration on
     * first use.
     *
     * @return the generator behind {@link #next(int)}
     * @throws IllegalStateException if the configuration is invalid (naming the property or
     *     variable and its value) or the state file is in use
     */
    public static SnoGenerator generator() {
        SnoGenerator g = shared;
        return g != null ? g : createShared();
    }

    /**
     * Installs the generator behind {@link #next(int)} and {@link #generator()}, once, at
     * startup: before anything in the process asked for an ID from the shared generator.
     *
     * @param generator  the generator, not null; the caller stays responsible for closing it
     * @throws IllegalStateException if a generator was installed already, or the shared one
     *     was already used (its IDs could then be repeated by the installed one)
     * @throws NullPointerException if generator is null
     */
    public static void install(SnoGenerator generator) {
        if (generator == null) {
            throw new NullPointerException("generator");
        }
        synchronized (Sno.class) {
            if (shared != null) {
                throw new IllegalStateException("Sno's shared generator is already in use (partition "
                        + shared.partition() + "); install(...) must be called once, before the first ID");
            }
            shared = generator;
        }
    }

    private static SnoGenerator createShared() {
        synchronized (Sno.class) {
            if (shared == null) {
                shared = fromConfiguration();
            }
            return shared;
        }
    }

    /** The shared generator as the configuration decides it; logs the decision's line. */
    private static SnoGenerator fromConfiguration() {
        System.Logger log = System.getLogger("dev.sno");
        List<LeaseStoreProvider> providers = PartitionDecision.providers();
        Map<String, String> given = new LinkedHashMap<>();
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith("sno.")) {
                given.put(name, "the system properties");
            }
        }
        for (String name : System.getenv().keySet()) {
            if (name.startsWith("SNO_")) {
                given.put(name, "the environment");
            }
        }
        for (String unknown : SettingNames.unread(new TreeMap<>(given), PartitionDecision.settingNames(providers))) {
            log.log(System.Logger.Level.WARNING, unknown + ": sno does not read it, so it cannot fix the partition.");
        }
        Settings settings = Settings.fromSystem();
        // The decision's line says why the partition is what it is; the generator's own notice would repeat it.
        PartitionDecision d = PartitionDecision.make(settings, LeaseResources.none(), b -> b.announcePartition(false),
                providers);
        log.log(d.warning() ? System.Logger.Level.WARNING : System.Logger.Level.INFO, d.startupLine());
        if (d.lease() != null || settings.text("sno.snapshot-file").isPresent()) {
            Runtime.getRuntime().addShutdownHook(new Thread(d::close, "sno-shared-generator-close"));
        }
        return d.generator();
    }

    /**
     * A new ID with the current time and the given metabyte, from the shared generator.
     *
     * @param meta  the metabyte, 0..255
     * @return an ID never returned before by the shared generator
     * @throws InvalidSnoIdException if meta is out of range
     * @see SnoGenerator#next(int)
     */
    public static SnoId next(int meta) {
        return generator().next(meta);
    }

    /**
     * A new ID with the current time and metabyte 0, from the shared generator.
     *
     * @return an ID never returned before by the shared generator
     * @see SnoGenerator#next(int)
     */
    public static SnoId next() {
        return generator().next(0);
    }

    /**
     * A new ID for an explicit time, from the shared generator's separate explicit-time
     * sequence; see {@link SnoGenerator#nextWithTime(int, Instant)} for what that does and does
     * not guarantee.
     *
     * @param meta  the metabyte, 0..255
     * @param time  the time, in [{@link SnoId#EPOCH}, {@link SnoId#MAX_TIME}], not null
     * @return the ID
     * @throws InvalidSnoIdException if meta or time is out of range
     */
    public static SnoId nextWithTime(int meta, Instant time) {
        return generator().nextWithTime(meta, time);
    }

    /**
     * The partition of the shared generator.
     *
     * @return the partition, 0..65535
     */
    public static int partition() {
        return generator().partition();
    }
}
