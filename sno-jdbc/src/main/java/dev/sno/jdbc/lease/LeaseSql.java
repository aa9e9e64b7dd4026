package dev.sno.jdbc.lease;

import dev.sno.GeneratorSnapshot;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;

/**
 * The SQL of the lease protocol, one method per step, each in its own transaction. Every time
 * in it is the database's ({@code CURRENT_TIMESTAMP}); every write of a holder is conditional on
 * its token and epoch. Portable SQL for PostgreSQL and H2; PostgreSQL acquires with
 * {@code FOR UPDATE SKIP LOCKED}, other databases with a conditional update.
 */
final class LeaseSql {

    static final String TABLE = "sno_partition_lease";

    /** The DDL, as documented in SPEC.md 11.1 and README. */
    static final String DDL = "CREATE TABLE IF NOT EXISTS " + TABLE + " (\n"
            + "    namespace     VARCHAR(64)  NOT NULL,\n"
            + "    partition_no  INTEGER      NOT NULL,\n"
            + "    epoch         BIGINT       NOT NULL,\n"
            + "    holder_token  VARCHAR(32),\n"
            + "    holder_host   VARCHAR(255),\n"
            + "    holder_pid    BIGINT,\n"
            + "    expires_at    TIMESTAMP WITH TIME ZONE,\n"
            + "    updated_at    TIMESTAMP WITH TIME ZONE NOT NULL,\n"
            + "    seq_min       INTEGER,\n"
            + "    seq_max       INTEGER,\n"
            + "    seq           BIGINT,\n"
            + "    now_unit      BIGINT,\n"
            + "    wall_hi       BIGINT,\n"
            + "    wall_safe     BIGINT,\n"
            + "    drifts        BIGINT,\n"
            + "    PRIMARY KEY (namespace, partition_no)\n"
            + ");\n"
            + "CREATE INDEX IF NOT EXISTS " + TABLE + "_by_age ON " + TABLE + " (namespace, updated_at, partition_no);\n";

    /** How many free rows the conditional-update path looks at per round. */
    private static final int CANDIDATES = 16;

    private static final String FREE = "(expires_at IS NULL OR expires_at < CURRENT_TIMESTAMP)";
    private static final String STATE = "seq_min, seq_max, seq, now_unit, wall_hi, wall_safe, drifts";

    private final DataSource dataSource;
    private final String expiry;
    private final int timeoutSeconds;

    /** What an acquisition got: the partition, its new epoch and the row's state (or null). */
    record Acquired(int partition, long epoch, GeneratorSnapshot state) {
    }

    LeaseSql(DataSource dataSource, Duration leaseDuration) {
        this.dataSource = dataSource;
        // A literal, computed from a Duration we validated: standard SQL interval syntax.
        this.expiry = "CURRENT_TIMESTAMP + INTERVAL '" + leaseDuration.toSeconds() + "."
                + String.format("%03d", leaseDuration.toMillisPart()) + "' SECOND";
        this.timeoutSeconds = (int) Math.max(1, (leaseDuration.toMillis() / 3 + 999) / 1000);
    }

    /**
     * Whether the lease table exists: one query that reads no row. A connection that cannot be
     * had, or any failure but an SQL state of class 42 (no such table, or no access to it),
     * throws.
     */
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

    /** Creates the table and its index if missing. */
    void createTable() throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            for (String ddl : DDL.split(";\n")) {
                try {
                    s.execute(ddl);
                } catch (SQLException e) {
                    // Two builders creating the table at once: PostgreSQL may report a duplicate
                    // type; the second try sees the table.
                    s.execute(ddl);
                }
            }
        }
    }

    /** Makes sure the namespace has a row for every partition in [lo, hi]. */
    void ensureRows(String namespace, int lo, int hi) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            boolean auto = c.getAutoCommit();
            try {
                if (count(c, namespace, lo, hi) == hi - lo + 1L) {
                    return;
                }
                c.setAutoCommit(false);
                for (int attempt = 0;; attempt++) {
                    try {
                        insertMissing(c, namespace, lo, hi);
                        c.commit();
                        return;
                    } catch (SQLException e) {
                        c.rollback();
                        if (attempt >= 3 || e.getSQLState() == null || !e.getSQLState().startsWith("23")) {
                            throw e;
                        }
                        // another builder inserted some of them meanwhile: look again
                    }
                }
            } finally {
                c.setAutoCommit(auto);
            }
        }
    }

    private static long count(Connection c, String namespace, int lo, int hi) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT COUNT(*) FROM " + TABLE
                + " WHERE namespace = ? AND partition_no BETWEEN ? AND ?")) {
            bindRange(q, namespace, lo, hi);
            try (ResultSet r = q.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }
    }

    private static void insertMissing(Connection c, String namespace, int lo, int hi) throws SQLException {
        String product = c.getMetaData().getDatabaseProductName();
        String bulk = "PostgreSQL".equals(product)
                ? "INSERT INTO " + TABLE + " (namespace, partition_no, epoch, updated_at)"
                        + " SELECT ?, g, 0, CURRENT_TIMESTAMP FROM generate_series(?, ?) g ON CONFLICT DO NOTHING"
                : "H2".equals(product)
                ? "MERGE INTO " + TABLE + " t USING (SELECT CAST(? AS VARCHAR(64)) ns, X p FROM SYSTEM_RANGE(?, ?)) s"
                        + " ON t.namespace = s.ns AND t.partition_no = s.p"
                        + " WHEN NOT MATCHED THEN INSERT (namespace, partition_no, epoch, updated_at)"
                        + " VALUES (s.ns, s.p, 0, CURRENT_TIMESTAMP)"
                : null;
        if (bulk != null) {
            int inserted;
            try (PreparedStatement insert = c.prepareStatement(bulk)) {
                bindRange(insert, namespace, lo, hi);
                inserted = insert.executeUpdate();
            }
            if (inserted > 1000) {
                analyze(c, product);
            }
            return;
        }
        BitSet present = new BitSet();
        try (PreparedStatement q = c.prepareStatement("SELECT partition_no FROM " + TABLE
                + " WHERE namespace = ? AND partition_no BETWEEN ? AND ?")) {
            bindRange(q, namespace, lo, hi);
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    present.set(r.getInt(1) - lo);
                }
            }
        }
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO " + TABLE
                + " (namespace, partition_no, epoch, updated_at) VALUES (?, ?, 0, CURRENT_TIMESTAMP)")) {
            int batched = 0;
            for (int p = present.nextClearBit(0); p <= hi - lo; p = present.nextClearBit(p + 1)) {
                insert.setString(1, namespace);
                insert.setInt(2, lo + p);
                insert.addBatch();
                if (++batched == 1000) {
                    insert.executeBatch();
                    batched = 0;
                }
            }
            if (batched > 0) {
                insert.executeBatch();
            }
        }
    }

    /**
     * Refreshes the planner's statistics after many rows arrived at once, so that it reads
     * free partitions in age order from the index instead of sorting the namespace (best effort:
     * without the privilege, autovacuum gets there later).
     */
    private static void analyze(Connection c, String product) throws SQLException {
        c.commit();
        try (Statement s = c.createStatement()) {
            s.execute("PostgreSQL".equals(product) ? "ANALYZE " + TABLE : "ANALYZE TABLE " + TABLE);
        } catch (SQLException e) {
            c.rollback();
        }
    }

    /**
     * Takes the free partition of [lo, hi] unused longest, in one transaction, or returns null
     * if every partition is held by an unexpired lease.
     */
    Acquired acquire(String namespace, int lo, int hi, String token, String host, long pid) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            boolean auto = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                Acquired a = isPostgres(c) ? acquireSkipLocked(c, namespace, lo, hi, token, host, pid)
                        : acquireConditional(c, namespace, lo, hi, token, host, pid);
                c.commit();
                return a;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(auto);
            }
        }
    }

    private Acquired acquireSkipLocked(Connection c, String namespace, int lo, int hi, String token, String host,
            long pid) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT partition_no, epoch, " + STATE + " FROM " + TABLE
                + " WHERE namespace = ? AND partition_no BETWEEN ? AND ? AND " + FREE
                + " ORDER BY namespace, updated_at, partition_no LIMIT 1 FOR UPDATE SKIP LOCKED")) {
            q.setQueryTimeout(timeoutSeconds);
            bindRange(q, namespace, lo, hi);
            try (ResultSet r = q.executeQuery()) {
                if (!r.next()) {
                    return null;
                }
                int partition = r.getInt(1);
                long epoch = r.getLong(2) + 1;
                GeneratorSnapshot state = state(r, 3, partition);
                if (take(c, namespace, partition, epoch, token, host, pid) != 1) {
                    throw new SQLException("The locked row of partition " + namespace + "/" + partition
                            + " changed under its lock");
                }
                return new Acquired(partition, epoch, state);
            }
        }
    }

    private Acquired acquireConditional(Connection c, String namespace, int lo, int hi, String token, String host,
            long pid) throws SQLException {
        for (int round = 0;; round++) {
            List<long[]> candidates = new ArrayList<>();
            try (PreparedStatement q = c.prepareStatement("SELECT partition_no, epoch FROM " + TABLE
                    + " WHERE namespace = ? AND partition_no BETWEEN ? AND ? AND " + FREE
                    + " ORDER BY namespace, updated_at, partition_no LIMIT " + CANDIDATES)) {
                q.setQueryTimeout(timeoutSeconds);
                bindRange(q, namespace, lo, hi);
                try (ResultSet r = q.executeQuery()) {
                    while (r.next()) {
                        candidates.add(new long[] {r.getInt(1), r.getLong(2)});
                    }
                }
            }
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
                if (take(c, namespace, partition, epoch, token, host, pid) == 1) {
                    return new Acquired(partition, epoch, readState(c, namespace, partition));
                }
            }
        }
    }

    /** The acquiring update: a new epoch and holder, if the row still is free at the epoch seen. */
    private int take(Connection c, String namespace, int partition, long epoch, String token, String host, long pid)
            throws SQLException {
        try (PreparedStatement u = c.prepareStatement("UPDATE " + TABLE + " SET epoch = ?, holder_token = ?,"
                + " holder_host = ?, holder_pid = ?, expires_at = " + expiry + ", updated_at = CURRENT_TIMESTAMP"
                + " WHERE namespace = ? AND partition_no = ? AND epoch = ? AND " + FREE)) {
            u.setQueryTimeout(timeoutSeconds);
            u.setLong(1, epoch);
            u.setString(2, token);
            u.setString(3, host);
            u.setLong(4, pid);
            u.setString(5, namespace);
            u.setInt(6, partition);
            u.setLong(7, epoch - 1);
            return u.executeUpdate();
        }
    }

    private GeneratorSnapshot readState(Connection c, String namespace, int partition) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT " + STATE + " FROM " + TABLE
                + " WHERE namespace = ? AND partition_no = ?")) {
            q.setQueryTimeout(timeoutSeconds);
            q.setString(1, namespace);
            q.setInt(2, partition);
            try (ResultSet r = q.executeQuery()) {
                if (!r.next()) {
                    throw new SQLException("The row of partition " + namespace + "/" + partition + " disappeared");
                }
                return state(r, 1, partition);
            }
        }
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

    /**
     * Writes the generator's state and extends the lease by its duration from the database's
     * now, if the row still names this holder and epoch.
     *
     * @return the rows updated: 1, or 0 if the lease is lost
     */
    int save(PartitionLease lease, String token, GeneratorSnapshot s) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            boolean auto = c.getAutoCommit();
            c.setAutoCommit(true);
            try (PreparedStatement u = c.prepareStatement("UPDATE " + TABLE + " SET seq_min = ?, seq_max = ?,"
                    + " seq = ?, now_unit = ?, wall_hi = ?, wall_safe = ?, drifts = ?, expires_at = " + expiry
                    + ", updated_at = CURRENT_TIMESTAMP"
                    + " WHERE namespace = ? AND partition_no = ? AND holder_token = ? AND epoch = ?")) {
                u.setQueryTimeout(timeoutSeconds);
                u.setInt(1, s.sequenceMin());
                u.setInt(2, s.sequenceMax());
                u.setLong(3, s.sequence());
                u.setLong(4, s.now());
                u.setLong(5, s.wallHi());
                u.setLong(6, s.wallSafe());
                u.setLong(7, s.drifts());
                bindHolder(u, 8, lease, token);
                return u.executeUpdate();
            } finally {
                c.setAutoCommit(auto);
            }
        }
    }

    /**
     * Frees the lease if the row still names this holder and epoch.
     *
     * @return the rows updated: 1, or 0 if the lease was lost
     */
    int release(PartitionLease lease, String token) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            boolean auto = c.getAutoCommit();
            c.setAutoCommit(true);
            try (PreparedStatement u = c.prepareStatement("UPDATE " + TABLE + " SET holder_token = NULL,"
                    + " expires_at = NULL, updated_at = CURRENT_TIMESTAMP"
                    + " WHERE namespace = ? AND partition_no = ? AND holder_token = ? AND epoch = ?")) {
                u.setQueryTimeout(timeoutSeconds);
                bindHolder(u, 1, lease, token);
                return u.executeUpdate();
            } finally {
                c.setAutoCommit(auto);
            }
        }
    }

    private static void bindHolder(PreparedStatement u, int from, PartitionLease lease, String token)
            throws SQLException {
        u.setString(from, lease.namespace());
        u.setInt(from + 1, lease.partition());
        u.setString(from + 2, token);
        u.setLong(from + 3, lease.epoch());
    }

    private static void bindRange(PreparedStatement q, String namespace, int lo, int hi) throws SQLException {
        q.setString(1, namespace);
        q.setInt(2, lo);
        q.setInt(3, hi);
    }

    private static boolean isPostgres(Connection c) throws SQLException {
        return "PostgreSQL".equals(c.getMetaData().getDatabaseProductName());
    }
}
