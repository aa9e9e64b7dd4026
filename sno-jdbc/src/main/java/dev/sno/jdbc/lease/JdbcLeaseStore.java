package dev.sno.jdbc.lease;

import static dev.sno.jdbc.lease.LeaseDialect.TABLE;

import dev.sno.GeneratorSnapshot;
import dev.sno.config.SafeText;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.PartitionLease;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Partition leases in a database table, {@code sno_partition_lease} (the DDL of each database
 * is {@link LeaseDialect#ddl()}): the {@link LeaseStore} of {@link JdbcPartitionLeases}. Every
 * time is the database's; every write of a holder is one {@code UPDATE} conditional on its token
 * and epoch. An acquisition is one short transaction at READ COMMITTED, set as its first
 * statement whatever the server's default: {@code SELECT ... FOR UPDATE SKIP LOCKED} of the free
 * row unused longest and an {@code UPDATE} of it (PostgreSQL, MariaDB, MySQL), or a conditional
 * {@code UPDATE} of one of the oldest free rows (H2). Serialization failures and deadlocks are
 * retried a few times with jitter. No statement relies on session state or leaves any, so a
 * pooler in transaction mode may hand every transaction a different connection: on PostgreSQL
 * the statements carry their arguments in their text, because pgjdbc turns a prepared statement
 * run five times on a connection into a named one on the server.
 *
 * <p>A row that sno cannot read (another program's {@code UPDATE} left a negative epoch, part of a
 * generator state or a state out of range, or an epoch of {@link Long#MAX_VALUE}, which cannot be
 * incremented) is never taken: acquisitions pass it over and take the others, and the store logs
 * a warning for it once ({@link System.Logger} {@code dev.sno.jdbc.lease}) naming the row and what
 * to do.
 *
 * <p>Errors reach {@link dev.sno.lease.PartitionLeases} as {@link IOException}s whose cause is
 * the driver's {@link SQLException}.
 *
 * @implSpec This class is immutable and thread-safe.
 */
public final class JdbcLeaseStore implements LeaseStore {

    private final DataSource dataSource;
    private final Tx tx;
    private final LeaseTable table;
    private final UnreadableRows unreadable = new UnreadableRows();
    private volatile LeaseDialect dialect;

    private JdbcLeaseStore(Builder b) {
        this.dataSource = b.dataSource;
        this.dialect = b.dialect;
        this.tx = new Tx(dataSource);
        this.table = new LeaseTable(dataSource, tx, b.createTable);
    }

    /**
     * A builder for a store in a data source's database.
     *
     * @param dataSource  the database, not null; it should pool connections: every renewal
     *                    borrows one for a single {@code UPDATE}
     * @return a new builder
     */
    public static Builder builder(DataSource dataSource) {
        return new Builder(Objects.requireNonNull(dataSource, "dataSource"));
    }

    /**
     * The dialect in use: the one set on the builder, or the one detected at the first call.
     *
     * @return the dialect
     * @throws IOException if it had to be detected and the database could not be reached, or
     *     is not supported
     */
    public LeaseDialect dialect() throws IOException {
        LeaseDialect d = dialect;
        if (d == null) {
            try (Connection c = dataSource.getConnection()) {
                dialect = d = LeaseDialect.of(c.getMetaData());
            } catch (SQLException e) {
                throw failure("detect the database of", e);
            }
        }
        return d;
    }

    /**
     * Makes sure the rows exist: one count when they do (the common case, and then one read of
     * the rows of lo and hi, so that a role without DDL rights runs none); the table is created
     * only when that count fails because it is missing.
     *
     * @throws IllegalArgumentException if the namespace has an unpaired surrogate, which no
     *     database's text holds as it is, or if the table takes it for another namespace whose
     *     rows it holds (a collation that ignores case, accents or trailing spaces); the message
     *     names both
     */
    @Override
    public void prepare(String namespace, int lo, int hi) throws IOException {
        checkNamespace(namespace);
        LeaseDialect d = dialect();
        String other;
        try {
            table.prepare(d, namespace, lo, hi);
            other = table.sharedWith(d, namespace, lo, hi);
        } catch (SQLException e) {
            throw failure("prepare", e);
        }
        if (other != null) {
            throw new IllegalArgumentException("The sno namespace \"" + SafeText.of(namespace) + "\" would share the rows"
                    + " of namespace \"" + SafeText.of(other) + "\" in the lease table " + TABLE + ": the table's"
                    + " namespace column compares them as equal (its collation ignores case, accents or trailing"
                    + " spaces, or its character set cannot hold the name). Choose another namespace, or give the"
                    + " column a binary collation, as LeaseDialect.ddl() does");
        }
    }

    /**
     * Takes a free row the dialect's way: {@code SKIP LOCKED}, tried again after a short random
     * pause, a bounded number of times, while concurrent acquirers hide every free row from it
     * (InnoDB locks every row its plan reads) and a plain read still finds one; or a conditional
     * update. A row sno cannot read is passed over, and logged once per store.
     *
     * @throws IllegalArgumentException if the namespace has an unpaired surrogate; the message
     *     names it
     */
    @Override
    public Optional<Grant> acquire(Claim claim) throws IOException {
        checkNamespace(claim.namespace());
        LeaseDialect d = dialect();
        try {
            return d.acquisition().acquire(tx, d, claim, unreadable);
        } catch (SQLException e) {
            throw failure("acquire a partition of namespace \"" + SafeText.of(claim.namespace()) + "\" in", e);
        }
    }

    @Override
    public boolean renew(PartitionLease lease, String token, Duration leaseDuration, GeneratorSnapshot s)
            throws IOException {
        LeaseDialect d = dialect();
        String sql = "UPDATE " + TABLE + " SET seq_min = ?, seq_max = ?, seq = ?, now_unit = ?, wall_hi = ?,"
                + " wall_safe = ?, drifts = ?, expires_at = " + d.expiry(leaseDuration) + ", updated_at = " + d.now()
                + " WHERE namespace = ? AND partition_no = ? AND holder_token = ? AND epoch = ?";
        Sql update = Sql.of(sql, s.sequenceMin(), s.sequenceMax(), s.sequence(), s.now(), s.wallHi(), s.wallSafe(),
                s.drifts(), lease.namespace(), lease.partition(), token, lease.epoch())
                .timeout(Sql.timeoutSeconds(leaseDuration));
        try {
            return tx.autoCommit(c -> update.update(c, d) == 1);
        } catch (SQLException e) {
            throw failure("renew the " + lease + " in", e);
        }
    }

    @Override
    public boolean release(PartitionLease lease, String token) throws IOException {
        LeaseDialect d = dialect();
        String sql = "UPDATE " + TABLE + " SET holder_token = NULL, expires_at = NULL, updated_at = " + d.now()
                + " WHERE namespace = ? AND partition_no = ? AND holder_token = ? AND epoch = ?";
        Sql update = Sql.of(sql, lease.namespace(), lease.partition(), token, lease.epoch());
        try {
            return tx.autoCommit(c -> update.update(c, d) == 1);
        } catch (SQLException e) {
            throw failure("release the " + lease + " in", e);
        }
    }

    @Override
    public boolean abandon(Claim claim) throws IOException {
        LeaseDialect d = dialect();
        String sql = "UPDATE " + TABLE + " SET holder_token = NULL, expires_at = NULL, updated_at = " + d.now()
                + " WHERE namespace = ? AND partition_no BETWEEN ? AND ? AND holder_token = ?";
        Sql update = Sql.of(sql, claim.namespace(), claim.lo(), claim.hi(), claim.token());
        try {
            return tx.autoCommit(c -> update.update(c, d) > 0);
        } catch (SQLException e) {
            throw failure("give back what an acquisition that failed may have taken in", e);
        }
    }

    /**
     * Names the table and the database.
     *
     * @return e.g. {@code table sno_partition_lease on MariaDB}
     */
    @Override
    public String toString() {
        LeaseDialect d = dialect;
        return "table " + TABLE + (d == null ? "" : " on " + d.product());
    }

    /**
     * Refuses a namespace that no database's text can hold as it is: one with an unpaired
     * surrogate, which the drivers write as {@code ?}, the rows of another namespace.
     */
    static void checkNamespace(String namespace) {
        for (int i = 0; i < namespace.length(); i++) {
            char c = namespace.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < namespace.length()
                    && Character.isLowSurrogate(namespace.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new IllegalArgumentException("The sno namespace \"" + SafeText.of(namespace)
                        + "\" cannot be kept in the lease table: its character " + i
                        + String.format(" (U+%04X)", (int) c) + " is half of a surrogate pair, which UTF-8 cannot"
                        + " encode (the drivers write it as \"?\", the rows of another namespace); choose a"
                        + " namespace of whole characters");
            }
        }
    }

    private IOException failure(String what, SQLException e) {
        return new IOException("Could not " + what + " the sno lease " + this + ": " + e.getMessage()
                + (e.getSQLState() == null ? "" : " (SQL state " + e.getSQLState() + ")"), e);
    }

    /**
     * Configures a {@link JdbcLeaseStore}. Not thread-safe. No method accepts null.
     */
    public static final class Builder {

        private final DataSource dataSource;
        private LeaseDialect dialect;
        private boolean createTable = true;

        private Builder(DataSource dataSource) {
            this.dataSource = dataSource;
        }

        /**
         * Sets the dialect instead of detecting it from the database's metadata at the first
         * call.
         *
         * @param dialect  the dialect, not null
         * @return this builder
         */
        public Builder dialect(LeaseDialect dialect) {
            this.dialect = Objects.requireNonNull(dialect, "dialect");
            return this;
        }

        /**
         * Sets whether {@link JdbcLeaseStore#prepare} creates the lease table when it is missing.
         * It never runs DDL when the table exists, and then needs only SELECT, INSERT and UPDATE
         * on it. The default is true; turn it off when a migration tool owns the schema
         * ({@link LeaseDialect#ddl()}), so that a missing table fails instead.
         *
         * @param create  whether to create a missing table
         * @return this builder
         */
        public Builder createTable(boolean create) {
            this.createTable = create;
            return this;
        }

        /**
         * Builds the store. Nothing is read from the database until the first call.
         *
         * @return the store
         */
        public JdbcLeaseStore build() {
            return new JdbcLeaseStore(this);
        }
    }
}
