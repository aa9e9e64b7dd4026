package dev.sno.quarkus;

import io.quarkus.runtime.annotations.ConfigPhase;
import io.quarkus.runtime.annotations.ConfigRoot;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The {@code sno.*} configuration: how the application's {@link dev.sno.SnoGenerator} bean is made
 * and where its partition comes from. The names and their meaning are the Spring Boot starter's.
 * Everything is read when the application starts, never when it is built, so one build serves
 * every instance of a fleet.
 */
@ConfigMapping(prefix = "sno")
@ConfigRoot(phase = ConfigPhase.RUN_TIME)
public interface SnoConfig {

    /**
     * The partition written into every ID, 0..65535; give every instance that writes into one
     * keyspace its own. Unset: leased from the application's datasource when it has the lease
     * table (see {@code sno.lease}), else random, which is not coordinated between instances (a
     * WARNING at startup says so). Excludes {@code sno.lease.enabled=true}.
     *
     * @return the partition, if set
     */
    Optional<Integer> partition();

    /**
     * The sequence pool as {@code min-max}, both 0..65535 and at least 4 values, for several
     * writers sharing one partition; unset: the whole pool, {@code 0-65535}. Excludes
     * {@code sno.lease.enabled=true}.
     *
     * @return the range, if set
     */
    Optional<String> sequenceRange();

    /**
     * A file holding the generator's state across restarts: read at startup, written ahead while
     * running and on shutdown. Excludes {@code sno.lease.enabled=true} (a lease keeps the state in
     * its row).
     *
     * @return the file, if set
     */
    Optional<Path> snapshotFile();

    /**
     * How long a caller may wait after a second clock regression before {@code next} throws
     * {@code ClockRegressionException}; unset: it waits.
     *
     * @return the longest wait, if set
     */
    Optional<Duration> maxRegressionWait();

    /**
     * Whether to install the generator bean behind {@code Sno.next}, {@code @SnoGeneratedId} and
     * the other integrations ({@code Sno.install}), which works once per process.
     *
     * @return true to install it
     */
    @WithDefault("true")
    boolean install();

    /**
     * A partition leased from the application's database instead of {@code sno.partition}.
     *
     * @return the lease settings
     */
    Lease lease();

    /**
     * The {@code sno.lease.*} configuration: the partition is leased from the table
     * {@code sno_partition_lease} in one of the application's Agroal datasources with sno-jdbc's
     * {@code JdbcPartitionLeases}, renewed in the background and freed on shutdown. Leases work
     * on PostgreSQL and H2 (file or server mode), never on an in-memory database.
     */
    interface Lease {

        /**
         * Whether to lease the partition. Unset (auto): lease when {@code sno.partition},
         * {@code sno.sequence-range} and {@code sno.snapshot-file} are unset, the datasource is
         * not in memory and the lease table exists there; otherwise a random partition with a
         * WARNING naming the reason. true: lease or fail the startup saying why. false: never.
         *
         * @return the setting, if set
         */
        Optional<Boolean> enabled();

        /**
         * The namespace: an independent keyspace with partitions of its own.
         *
         * @return the namespace
         */
        @WithDefault("default")
        String namespace();

        /**
         * How long a lease lasts without renewal, in database time (1s to 1h).
         *
         * @return the lease duration
         */
        @WithDefault("30s")
        Duration duration();

        /**
         * The partitions the namespace may hand out, as {@code min-max}.
         *
         * @return the range
         */
        @WithDefault("0-65535")
        String partitions();

        /**
         * The Agroal datasource holding the lease table: unset for the default datasource, else
         * the name of a named one ({@code quarkus.datasource."name".*}).
         *
         * @return the datasource name, if set
         */
        Optional<String> datasource();

        /**
         * When to create the lease table at startup ({@code CREATE ... IF NOT EXISTS}), as the
         * Spring starter does: {@code embedded} (the default) only on an in-memory database, where
         * sno never leases, so in effect never; {@code always}; {@code never}.
         *
         * @return the mode
         */
        @WithDefault("embedded")
        InitializeSchema initializeSchema();
    }

    /** When the extension creates the lease table. */
    enum InitializeSchema {
        /** Only on an in-memory database; sno never leases there, so in effect never. */
        EMBEDDED,
        /** On every database the extension would lease from. */
        ALWAYS,
        /** Never: a migration creates the table. */
        NEVER
    }
}
