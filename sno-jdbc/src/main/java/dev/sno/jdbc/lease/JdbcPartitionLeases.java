package dev.sno.jdbc.lease;

import dev.sno.lease.PartitionLeases;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * Partition leases in the application's own database: the entry point of
 * {@link PartitionLeases} over a {@link JdbcLeaseStore}, so that instances of a service need no
 * hand-made partition plan and never make the same ID, also after pauses, crashes, clock skew
 * and takeovers (SPEC.md section 11).
 *
 * <pre>
 * PartitionLeases leases = JdbcPartitionLeases.builder(dataSource)
 *         .namespace("orders")
 *         .leaseDuration(Duration.ofSeconds(30))
 *         .build();                                    // creates the table if it is missing
 * try (SnoGenerator generator = leases.acquire()) {   // holds the lease until close()
 *     SnoId id = generator.next(meta);
 * }
 * </pre>
 *
 * <p>Each lease is a row of the table {@code sno_partition_lease} (DDL per database:
 * {@link LeaseDialect#ddl()}; PostgreSQL's is {@link #DDL}): the holder, an epoch counted up by
 * every acquisition, the expiry in database time (UTC) and the generator's durable state.
 * Supported: PostgreSQL 12+ (leases tested on 15 here), MariaDB 10.6+ (11.4 here, with MariaDB
 * Connector/J and MySQL Connector/J), H2 2.x; MySQL 8 by the same SQL as MariaDB, not tested
 * against a MySQL server. Any other database is refused.
 *
 * @implSpec This class is immutable and thread-safe.
 */
public final class JdbcPartitionLeases {

    /** PostgreSQL's DDL of the lease table and its index; other databases: {@link LeaseDialect#ddl()}. */
    public static final String DDL = LeaseDialect.POSTGRESQL.ddl();

    private JdbcPartitionLeases() {
    }

    /**
     * A builder for leases from a data source's database, whose dialect is detected from its
     * metadata and whose table is created when missing. For other store settings, build the
     * store with {@link #store(DataSource)} and pass it to {@link PartitionLeases#builder}.
     *
     * @param dataSource  the database holding the lease table, not null
     * @return a new builder with default settings
     */
    public static PartitionLeases.Builder builder(DataSource dataSource) {
        return PartitionLeases.builder(store(dataSource).build());
    }

    /**
     * A builder for the lease store in a data source's database: the dialect, whether to create
     * a missing table.
     *
     * @param dataSource  the database holding the lease table, not null
     * @return a new builder
     */
    public static JdbcLeaseStore.Builder store(DataSource dataSource) {
        return JdbcLeaseStore.builder(dataSource);
    }

    /**
     * Whether the lease table ({@code sno_partition_lease}) exists in a database, found with one
     * query that reads no row: for deciding at startup whether to lease (the Spring starter does
     * this when {@code sno.lease.enabled} is unset).
     *
     * @param dataSource  the database, not null
     * @return true if the table exists; false if the database answers that it does not, or that
     *     this user may not read it (an SQL state of class 42)
     * @throws SQLException if the database cannot be reached, or fails otherwise
     */
    public static boolean tableExists(DataSource dataSource) throws SQLException {
        return LeaseTable.exists(Objects.requireNonNull(dataSource, "dataSource"));
    }

    /**
     * Creates the lease table and its index in a database if they are missing (the DDL of its
     * {@linkplain LeaseDialect dialect}, {@code IF NOT EXISTS}): for a schema initializer that
     * runs before anything leases. Runs no DDL when the table exists.
     *
     * @param dataSource  the database, not null
     * @throws SQLException if the database cannot be reached, is not supported, or refuses the DDL
     */
    public static void createTable(DataSource dataSource) throws SQLException {
        Objects.requireNonNull(dataSource, "dataSource");
        if (LeaseTable.exists(dataSource)) {
            return;
        }
        LeaseDialect d;
        try (Connection c = dataSource.getConnection()) {
            d = LeaseDialect.of(c.getMetaData());
        }
        LeaseTable.create(dataSource, d);
    }
}
