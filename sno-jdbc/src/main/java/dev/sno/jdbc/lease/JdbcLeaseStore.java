package dev.sno.jdbc.lease;

import static dev.sno.jdbc.lease.LeaseDialect.TABLE;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.PartitionLease;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
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
 * <p>Errors reach {@link dev.sno.lease.PartitionLeases} as {@link IOException}s whose cause is
 * the driver's {@link SQLException}.
 *
 * @implSpec This class is immutable and thread-safe.
 */
public final class JdbcLeaseStore implements LeaseStore {

    /** Attempts of an acquisition that finds every free row locked by concurrent acquirers. */
    private static final int BUSY_ROUNDS = 200;

    /** How many free rows the conditional-update path looks at per round. */
    private static final int CANDIDATES = 16;

    private static final String STATE = "seq_min, seq_max, seq, now_unit, wall_hi, wall_safe, drifts";

    private final DataSource dataSource;
    private final boolean createTable;
    private final Tx tx;
    private volatile LeaseDialect dialect;

    private JdbcLeaseStore(Builder b) {
        this.dataSource = b.dataSource;
        this.createTable = b.createTable;
        this.dialect = b.dialect;
        this.tx = new Tx(dataSource);
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
     * Makes sure the rows exist: one count when they do (the common case, and the only query on
     * a table that exists, so that a role without DDL rights runs none); the table is created
     * only when that count fails because it is missing.
     */
    @Override
    public void prepare(String namespace, int lo, int hi) throws IOException {
        LeaseDialect d = dialect();
        try {
            try {
                ensureRows(d, namespace, lo, hi);
                return;
            } catch (SQLException e) {
                if (e.getSQLState() == null || !e.getSQLState().startsWith("42")) {
                    throw e;
                }
                if (tableExists(dataSource)) {
                    // Created since by a concurrent preparer (instances starting together on a
                    // new database), or class 42 for another reason, which the second try
                    // reports.
                    ensureRows(d, namespace, lo, hi);
                    return;
                }
            }
            if (!createTable) {
                throw new SQLException("The lease table " + TABLE + " does not exist and the store was told not to"
                        + " create it (createTable(false)); create it with LeaseDialect." + d.name() + ".ddl()",
                        "42P01");
            }
            createTable(dataSource, d);
            ensureRows(d, namespace, lo, hi);
        } catch (SQLException e) {
            throw failure("prepare", e);
        }
    }

    /**
     * Takes a free row. With {@code SKIP LOCKED}, finding none does not mean that none is free:
     * InnoDB locks every row its plan reads, not only the one returned, so concurrent acquirers
     * can hide all free rows from each other for the moment their transactions last. Only when a
     * plain read, which waits for nobody, finds no free row either is every partition held;
     * otherwise the acquisition tries again after a short random pause, a bounded number of times.
     */
    @Override
    public Optional<Grant> acquire(Claim claim) throws IOException {
        LeaseDialect d = dialect();
        try {
            for (int round = 1;; round++) {
                Grant g = tx.inTransaction(d, d.readCommitted(), c -> d.skipLocked()
                        ? acquireSkipLocked(c, d, claim) : acquireConditional(c, d, claim));
                if (g != null) {
                    return Optional.of(g);
                }
                if (!d.skipLocked() || !anyFree(d, claim)) {
                    return Optional.empty();
                }
                if (round == BUSY_ROUNDS) {
                    throw new SQLException("Every free partition of namespace \"" + claim.namespace() + "\" stayed"
                            + " locked by other acquirers through " + BUSY_ROUNDS + " attempts", "40001");
                }
                Tx.pause(Math.min(round, 4));
            }
        } catch (SQLException e) {
            throw failure("acquire a partition of namespace \"" + claim.namespace() + "\" in", e);
        }
    }

    /** Whether a plain read, locking nothing, finds a free row in the claim's range. */
    private boolean anyFree(LeaseDialect d, Claim claim) throws SQLException {
        return tx.autoCommit(c -> Sql.of("SELECT partition_no FROM " + TABLE
                + " WHERE namespace = ? AND partition_no BETWEEN ? AND ? AND " + d.free() + " LIMIT 1",
                claim.namespace(), claim.lo(), claim.hi()).query(c, d, ResultSet::next));
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
                .timeout(timeoutSeconds(leaseDuration));
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

    private IOException failure(String what, SQLException e) {
        return new IOException("Could not " + what + " the sno lease " + this + ": " + e.getMessage()
                + (e.getSQLState() == null ? "" : " (SQL state " + e.getSQLState() + ")"), e);
    }

    // ---- the table ------------------------------------------------------------------------

    /** Whether the table exists: one query that reads no row; class 42 means it does not. */
    static boolean tableExists(DataSource dataSource) throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            try {
                s.executeQuery("SELECT partition_no FROM " + TABLE + " WHERE 1 = 0").close();
                return true;
            } catch (SQLException e) {
                if (e.getSQLState() != null && e.getSQLState().startsWith("42")) {
                    if (!c.getAutoCommit()) {
                        c.rollback();
                    }
                    return false;
                }
                throw e;
            }
        }
    }

    /** Runs the dialect's DDL; each statement is tried twice (two creators at once). */
    static void createTable(DataSource dataSource, LeaseDialect d) throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            boolean auto = c.getAutoCommit();
            c.setAutoCommit(true);
            try {
                for (String ddl : d.ddl().split(";\n")) {
                    try {
                        s.execute(ddl);
                    } catch (SQLException first) {
                        // Two builders creating the table at once: PostgreSQL may report a
                        // duplicate type; the second try sees the table.
                        try {
                            s.execute(ddl);
                        } catch (SQLException second) {
                            second.addSuppressed(first);
                            throw second;
                        }
                    }
                }
            } finally {
                c.setAutoCommit(auto);
            }
        }
    }

    private void ensureRows(LeaseDialect d, String namespace, int lo, int hi) throws SQLException {
        long present = tx.autoCommit(c -> Sql.of("SELECT COUNT(*) FROM " + TABLE
                + " WHERE namespace = ? AND partition_no BETWEEN ? AND ?", namespace, lo, hi).query(c, d, r -> {
                    r.next();
                    return r.getLong(1);
                }));
        if (present == hi - lo + 1L) {
            return;
        }
        int inserted;
        for (int attempt = 1;; attempt++) {
            try {
                inserted = tx.inTransaction(d, null, c -> insertMissing(c, d, namespace, lo, hi));
                break;
            } catch (SQLException e) {
                // H2's MERGE does not see rows a concurrent preparer has not committed and then
                // violates the key (23505); once that one commits, another try inserts the rest.
                if (!"23505".equals(e.getSQLState()) || attempt == Tx.ATTEMPTS) {
                    throw e;
                }
                Tx.pause(attempt);
            }
        }
        if (inserted > 1000) {
            // Best effort, so that the planner reads free rows in age order from the index
            // instead of sorting the namespace; without the privilege, autovacuum gets there.
            try {
                tx.autoCommit(c -> {
                    try (Statement s = c.createStatement()) {
                        s.execute(d.analyze());
                    }
                    return null;
                });
            } catch (SQLException ignored) {
                // not the table's owner
            }
        }
    }

    private static int insertMissing(Connection c, LeaseDialect d, String namespace, int lo, int hi)
            throws SQLException {
        String bulk = d.bulkInsert();
        if (bulk != null) {
            return Sql.of(bulk, namespace, lo, hi).update(c, d);
        }
        BitSet present = Sql.of("SELECT partition_no FROM " + TABLE
                + " WHERE namespace = ? AND partition_no BETWEEN ? AND ?", namespace, lo, hi).query(c, d, r -> {
                    BitSet rows = new BitSet();
                    while (r.next()) {
                        rows.set(r.getInt(1) - lo);
                    }
                    return rows;
                });
        // MariaDB and MySQL (no dialect that inlines arguments reaches this): one client-side
        // prepared statement, batched.
        int inserted = 0;
        try (PreparedStatement insert = c.prepareStatement(d.insertOne())) {
            int batched = 0;
            for (int p = present.nextClearBit(0); p <= hi - lo; p = present.nextClearBit(p + 1)) {
                insert.setString(1, namespace);
                insert.setInt(2, lo + p);
                insert.addBatch();
                inserted++;
                if (++batched == 1000) {
                    insert.executeBatch();
                    batched = 0;
                }
            }
            if (batched > 0) {
                insert.executeBatch();
            }
        }
        return inserted;
    }

    // ---- acquisition ----------------------------------------------------------------------

    private static Grant acquireSkipLocked(Connection c, LeaseDialect d, Claim claim) throws SQLException {
        Grant locked = Sql.of("SELECT partition_no, epoch, " + STATE + " FROM " + TABLE
                + " WHERE namespace = ? AND partition_no BETWEEN ? AND ? AND " + d.free()
                + " ORDER BY namespace, updated_at, partition_no LIMIT 1 FOR UPDATE SKIP LOCKED",
                claim.namespace(), claim.lo(), claim.hi()).timeout(timeoutSeconds(claim.leaseDuration()))
                .query(c, d, r -> {
                    if (!r.next()) {
                        return null;
                    }
                    int partition = r.getInt(1);
                    return new Grant(partition, r.getLong(2) + 1, state(r, 3, partition));
                });
        if (locked != null && take(c, d, claim, locked.partition(), locked.epoch()) != 1) {
            throw new SQLException("The locked row of partition " + claim.namespace() + "/" + locked.partition()
                    + " changed under its lock");
        }
        return locked;
    }

    private static Grant acquireConditional(Connection c, LeaseDialect d, Claim claim) throws SQLException {
        for (int round = 0;; round++) {
            List<long[]> candidates = Sql.of("SELECT partition_no, epoch FROM " + TABLE
                    + " WHERE namespace = ? AND partition_no BETWEEN ? AND ? AND " + d.free()
                    + " ORDER BY namespace, updated_at, partition_no LIMIT " + CANDIDATES,
                    claim.namespace(), claim.lo(), claim.hi()).timeout(timeoutSeconds(claim.leaseDuration()))
                    .query(c, d, r -> {
                        List<long[]> rows = new ArrayList<>();
                        while (r.next()) {
                            rows.add(new long[] {r.getInt(1), r.getLong(2)});
                        }
                        return rows;
                    });
            if (candidates.isEmpty()) {
                return null;
            }
            // The oldest first; after losing a race to concurrent acquirers, who all saw the same
            // candidates, start at a random one of them.
            int start = round == 0 ? 0 : ThreadLocalRandom.current().nextInt(candidates.size());
            for (int i = 0; i < candidates.size(); i++) {
                long[] candidate = candidates.get((start + i) % candidates.size());
                int partition = (int) candidate[0];
                long epoch = candidate[1] + 1;
                if (take(c, d, claim, partition, epoch) == 1) {
                    return new Grant(partition, epoch, readState(c, d, claim, partition));
                }
            }
        }
    }

    /** The acquiring update: a new epoch and holder, if the row still is free at the epoch seen. */
    private static int take(Connection c, LeaseDialect d, Claim claim, int partition, long epoch) throws SQLException {
        return Sql.of("UPDATE " + TABLE + " SET epoch = ?, holder_token = ?,"
                + " holder_host = ?, holder_pid = ?, expires_at = " + d.expiry(claim.leaseDuration())
                + ", updated_at = " + d.now()
                + " WHERE namespace = ? AND partition_no = ? AND epoch = ? AND " + d.free(),
                epoch, claim.token(), claim.host(), claim.pid(), claim.namespace(), partition, epoch - 1)
                .timeout(timeoutSeconds(claim.leaseDuration())).update(c, d);
    }

    private static GeneratorSnapshot readState(Connection c, LeaseDialect d, Claim claim, int partition)
            throws SQLException {
        return Sql.of("SELECT " + STATE + " FROM " + TABLE + " WHERE namespace = ? AND partition_no = ?",
                claim.namespace(), partition).query(c, d, r -> {
                    if (!r.next()) {
                        throw new SQLException("The row of partition " + claim.namespace() + "/" + partition
                                + " disappeared");
                    }
                    return state(r, 1, partition);
                });
    }

    /** The generator state in columns from..from+6, or null if the row has none. */
    private static GeneratorSnapshot state(ResultSet r, int from, int partition) throws SQLException {
        long wallHi = r.getLong(from + 4);
        if (r.wasNull()) {
            return null;
        }
        try {
            return new GeneratorSnapshot(partition, r.getInt(from), r.getInt(from + 1), r.getLong(from + 2),
                    r.getLong(from + 3), wallHi, r.getLong(from + 5), r.getLong(from + 6));
        } catch (IllegalArgumentException e) {
            throw new SQLException("The generator state in the " + TABLE + " row of partition " + partition
                    + " is invalid: " + e.getMessage(), e);
        }
    }

    /** A statement timeout of a third of the lease duration, at least 1 s. */
    private static int timeoutSeconds(Duration leaseDuration) {
        return (int) Math.max(1, (leaseDuration.toMillis() / 3 + 999) / 1000);
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
