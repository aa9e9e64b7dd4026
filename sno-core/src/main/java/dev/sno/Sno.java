package dev.sno;

import java.nio.file.Path;
import java.time.Instant;

/**
 * Process-wide ID generation over one shared {@link SnoGenerator}: {@code Sno.next(meta)} is all
 * most applications need.
 *
 * <p>The shared generator is either the one an application {@linkplain #install installed} at
 * startup (a leased generator, a Spring bean), or one created on first use from the system
 * properties or environment variables below, else with {@link SnoGenerator#create()}: the full
 * sequence pool, the system clock and a {@linkplain PartitionSource#RANDOM random} partition,
 * which is not coordinated between processes (its first ID logs one line that says so). A
 * property or variable that is set must hold a valid value: an empty one is an error, not
 * "unset", so that a deployment template that failed to fill it in is noticed.
 *
 * <table class="striped">
 * <caption>Configuration of the shared generator (a system property wins over the variable)</caption>
 * <thead><tr><th>property</th><th>environment variable</th><th>meaning</th></tr></thead>
 * <tbody>
 * <tr><td>{@code sno.partition}</td><td>{@code SNO_PARTITION}</td><td>the partition, 0..65535
 *     (a StatefulSet pod index, a host number)</td></tr>
 * <tr><td>{@code sno.snapshot-file}</td><td>{@code SNO_SNAPSHOT_FILE}</td><td>a state file
 *     ({@link SnoGenerator.Builder#snapshotFile}); the generator is closed by a shutdown hook</td></tr>
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

    private static SnoGenerator fromConfiguration() {
        SnoGenerator.Builder builder = SnoGenerator.builder();
        String partition = setting("sno.partition", "SNO_PARTITION");
        if (partition != null) {
            builder.partition(parsePartition(partition));
        }
        String file = setting("sno.snapshot-file", "SNO_SNAPSHOT_FILE");
        if (file == null) {
            return builder.build();
        }
        SnoGenerator g;
        try {
            g = builder.snapshotFile(Path.of(file)).build();
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("Invalid sno.snapshot-file (SNO_SNAPSHOT_FILE) \"" + file + "\": "
                    + e.getMessage(), e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(g::close, "sno-shared-generator-close"));
        return g;
    }

    private static int parsePartition(String text) {
        try {
            int p = Integer.parseInt(text.trim());
            if (p >= 0 && p <= 0xFFFF) {
                return p;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalStateException("Invalid sno.partition (SNO_PARTITION) " + Codec.quote(text)
                + ": must be an integer in [0, 65535]");
    }

    /**
     * A system property, else an environment variable, else null (unset).
     *
     * @throws IllegalStateException if the one that is used is set but blank
     */
    private static String setting(String property, String variable) {
        String value = System.getProperty(property);
        String name = property;
        if (value == null) {
            value = System.getenv(variable);
            name = variable;
        }
        if (value != null && value.isBlank()) {
            throw new IllegalStateException("Invalid " + name + " " + Codec.quote(value) + ": set but empty; unset it or"
                    + " give it a value (" + property + " / " + variable + ")");
        }
        return value;
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
