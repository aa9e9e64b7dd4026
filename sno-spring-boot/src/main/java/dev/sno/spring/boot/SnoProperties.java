package dev.sno.spring.boot;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The sno.* properties: how the application's {@link dev.sno.SnoGenerator} bean is made, and
 * where its partition comes from (the starter logs that once at startup).
 *
 * <p>This record describes the settings for IDEs (Spring Boot's configuration processor writes its
 * metadata from it) and is not bound: the starter reads each name's text through Spring's binder
 * and hands it to sno-core's {@code dev.sno.config.Settings}, which parses it as plain Java and the
 * Quarkus extension do, with the same messages. A test keeps its names equal to the names read.
 *
 * @param partition          the partition written into every ID, 0..65535; give every instance
 *                           that writes into one keyspace its own. Unset: leased from the
 *                           application's database when it has the lease table (see lease),
 *                           else random, which is not coordinated between instances (a WARNING
 *                           at startup says so). Excludes sno.lease.enabled=true
 * @param sequenceRange      the sequence pool as min-max, both 0..65535 and at least 4
 *                           values, for several writers sharing one partition; unset: the
 *                           whole pool, 0-65535. Excludes sno.lease.enabled=true
 * @param snapshotFile       a file holding the generator's state across restarts: read at
 *                           startup, written on shutdown and after clock regressions. Excludes
 *                           sno.lease.enabled=true (a lease keeps the state in its row)
 * @param maxRegressionWait  how long a caller may wait after a second clock regression before
 *                           next throws ClockRegressionException; unset: waits
 * @param install            whether to install the generator bean behind Sno.next,
 *                           SnoGeneratedId and the other integrations
 *                           (Sno.install); once per process, so turn it off in a
 *                           second application context in the same JVM
 * @param lease              a partition leased from the application's database instead of
 *                           partition
 * @param data               how Spring Data JDBC and R2DBC store SnoId columns (sno.data.*)
 */
@ConfigurationProperties("sno")
public record SnoProperties(Integer partition, String sequenceRange, Path snapshotFile,
        Duration maxRegressionWait, @DefaultValue("true") boolean install, @DefaultValue Lease lease,
        @DefaultValue Data data) {

    /**
     * The sno.data.* properties: Spring Data JDBC, Spring Data R2DBC and MyBatis.
     *
     * @param binaryIds  whether SnoId columns are binary (BINARY(16), bytea): IDs written as the
     *                   16 bytes of their UUID image and read from bytes or UUIDs. MariaDB and
     *                   MySQL need it for sno order (MariaDB's uuid type sorts otherwise; MySQL
     *                   has none). Default false: written as java.util.UUID, for UUID columns.
     *                   Never inferred from the database, where a column written with UUIDs may
     *                   already exist. Hibernate has its own setting,
     *                   hibernate.type.preferred_uuid_jdbc_type=BINARY
     */
    public record Data(@DefaultValue("false") boolean binaryIds) {
    }

    /**
     * The sno.lease.* properties: the partition is leased from a table (sno_partition_lease) in
     * the application's DataSource with sno-jdbc's JdbcPartitionLeases, so that the instances of
     * a fleet never share one and need no partition plan; the lease is renewed in the background
     * and freed when the context closes. Leases work on PostgreSQL, MariaDB, MySQL 8 and H2
     * (file or server mode), never on an in-memory database, which no other instance shares.
     *
     * @param enabled           whether to lease the partition. Unset (auto): lease when
     *                          sno.partition, sno.sequence-range and sno.snapshot-file are unset,
     *                          the application has one DataSource on a database that is not in
     *                          memory, and the lease table exists there (checked once at
     *                          startup, after Flyway or Liquibase); otherwise a random partition,
     *                          with a WARNING naming the reason and the DDL. true: lease or fail
     *                          the startup saying why. false: never lease
     * @param namespace         the namespace: an independent keyspace with partitions of its own
     * @param duration          how long a lease lasts without renewal, in database time (1s to 1h)
     * @param partitions        the partitions the namespace may hand out, as min-max
     * @param initializeSchema  when to create the lease table at startup (CREATE ... IF NOT
     *                          EXISTS), following Spring's convention: embedded (the default)
     *                          only on an in-memory database, where sno never leases, so in
     *                          effect never; always; never. Without it, create the table with a
     *                          migration (the DDL is JdbcPartitionLeases.DDL, and the startup
     *                          WARNING shows it)
     * @param store             where the leases live: jdbc, redis, or the name of another
     *                          LeaseStoreProvider on the class path (unset: the DataSource if
     *                          it is ready, else Redis). Leasing from Redis needs
     *                          sno.lease.enabled=true: auto never writes lease keys into a
     *                          Redis that may be the application's cache
     * @param datasource        the name of the DataSource bean to lease from (unset: the
     *                          application's one, or its @Primary one)
     * @param redis             Redis settings (sno.lease.redis.*)
     */
    public record Lease(Boolean enabled, @DefaultValue("default") String namespace,
            @DefaultValue("30s") Duration duration, @DefaultValue("0-65535") String partitions,
            @DefaultValue("embedded") InitializeSchema initializeSchema, String store, String datasource,
            @DefaultValue Redis redis) {
    }

    /**
     * Settings of Redis leases ({@code sno.lease.redis.*}).
     *
     * @param url                       a Redis URI (redis://host:6379/0) for sno's own Lettuce
     *                                  client; unset: the client of Spring Data Redis's
     *                                  LettuceConnectionFactory
     * @param replicas                  replicas every lease write waits for ({@code WAIT}); default 0
     * @param acceptUnsafePersistence   lease although Redis would lose leases in a restart
     *                                  (no AOF with {@code appendfsync always}, or an eviction
     *                                  policy); default false: startup fails naming the setting
     */
    public record Redis(String url, @DefaultValue("0") int replicas, @DefaultValue("false") boolean acceptUnsafePersistence) {
    }

    /** When the starter creates the lease table: Spring's database initialization modes. */
    public enum InitializeSchema {
        /** Only on an in-memory (embedded) database; sno never leases there, so in effect never. */
        EMBEDDED,
        /** On every database the starter would lease from. */
        ALWAYS,
        /** Never: a migration creates the table. */
        NEVER
    }
}
