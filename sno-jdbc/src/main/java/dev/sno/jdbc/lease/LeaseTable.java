package dev.sno.jdbc.lease;

import static dev.sno.jdbc.lease.LeaseDialect.TABLE;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.BitSet;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * The lease table and its rows: whether the table exists, its DDL ({@link LeaseDialect#ddl()}),
 * and the rows of a namespace's range, each created once. A table that exists gets no DDL, so
 * that a role with only SELECT, INSERT and UPDATE on it is enough.
 */
final class LeaseTable {

    /** Above this many new rows, the table's statistics are refreshed. */
    private static final int ANALYZE_AFTER = 1000;

    /** Rows per insert statement where a dialect has no bulk insert: 1,024 parameters. */
    private static final int ROWS_PER_INSERT = 512;

    private final DataSource dataSource;
    private final Tx tx;
    private final boolean createTable;

    LeaseTable(DataSource dataSource, Tx tx, boolean createTable) {
        this.dataSource = dataSource;
        this.tx = tx;
        this.createTable = createTable;
    }

    /**
     * Makes sure the rows of [lo, hi] exist ({@link JdbcLeaseStore#prepare}): a missing table is
     * created if the store may create it, else an error with SQL state 42P01.
     */
    void prepare(LeaseDialect d, String namespace, int lo, int hi) throws SQLException {
        try {
            ensureRows(d, namespace, lo, hi);
            return;
        } catch (SQLException e) {
            if (!SqlStates.noSuchTable(e)) {
                throw e;
            }
            if (exists(dataSource)) {
                // Created since by a concurrent preparer (instances starting together on a new
                // database), or class 42 for another reason, which the second try reports.
                ensureRows(d, namespace, lo, hi);
                return;
            }
        }
        if (!createTable) {
            throw new SQLException("The lease table " + TABLE + " does not exist and the store was told not to"
                    + " create it (createTable(false)); create it with LeaseDialect." + d.name() + ".ddl()",
                    SqlStates.UNDEFINED_TABLE);
        }
        create(dataSource, d);
        ensureRows(d, namespace, lo, hi);
    }

    /**
     * The namespace, as the table holds it, whose rows of [lo, hi] a query for this one finds, if
     * it is another one: a table whose namespace column compares by a collation that takes two
     * namespaces for one (case, accents, trailing spaces on MariaDB's and MySQL's default
     * collations). Reads the rows of lo and hi. Null when they are this namespace's own.
     */
    String sharedWith(LeaseDialect d, String namespace, int lo, int hi) throws SQLException {
        return tx.autoCommit(c -> Sql.of("SELECT namespace FROM " + TABLE + " WHERE namespace = ? AND partition_no IN"
                + " (?, ?)", namespace, lo, hi).query(c, d, r -> {
                    while (r.next()) {
                        String held = r.getString(1);
                        if (!namespace.equals(held)) {
                            return held;
                        }
                    }
                    return null;
                }));
    }

    /** Whether the table exists: one query that reads no row; class 42 means it does not. */
    static boolean exists(DataSource dataSource) throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            try {
                s.executeQuery("SELECT partition_no FROM " + TABLE + " WHERE 1 = 0").close();
                return true;
            } catch (SQLException e) {
                if (SqlStates.noSuchTable(e)) {
                    if (!c.getAutoCommit()) {
                        c.rollback();
                    }
                    return false;
                }
                throw e;
            }
        }
    }

    /**
     * Runs the dialect's DDL; each statement is tried again ({@link RetryPolicy#DDL}) when it
     * fails: two builders creating the table at once, PostgreSQL may report a duplicate type to
     * one of them, whose second try sees the table.
     */
    static void create(DataSource dataSource, LeaseDialect d) throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            boolean auto = c.getAutoCommit();
            c.setAutoCommit(true);
            try {
                for (String ddl : d.ddl().split(";\n")) {
                    RetryPolicy.DDL.run(any -> true, () -> s.execute(ddl));
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
        awaitKey(d);
        // H2's MERGE does not see rows a concurrent preparer has not committed and then violates
        // the key; once that one commits, another try inserts the rest.
        int inserted = RetryPolicy.CONFLICTS.run(SqlStates::uniqueViolation,
                () -> tx.inTransaction(d, null, c -> insertMissing(c, d, namespace, lo, hi)));
        if (inserted > ANALYZE_AFTER) {
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

    /**
     * H2 only: waits a bounded time ({@link RetryPolicy#CREATION}), pausing between reads, until
     * the table has its primary key, then returns either way. A table without it is one that a
     * concurrent preparer's {@code CREATE TABLE} is still building: H2 shows the table before it
     * adds the key, and removes the table, with the rows written into it, when adding the key
     * fails, as it did when two preparers had written the same rows into it.
     */
    private void awaitKey(LeaseDialect d) throws SQLException {
        if (d != LeaseDialect.H2) {
            return;
        }
        for (int n = 1; n < RetryPolicy.CREATION.attempts() && !hasKey(); n++) {
            RetryPolicy.pause(n);
        }
    }

    private boolean hasKey() throws SQLException {
        return tx.autoCommit(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT COUNT(*) FROM"
                    + " INFORMATION_SCHEMA.TABLE_CONSTRAINTS WHERE TABLE_SCHEMA = CURRENT_SCHEMA AND UPPER(TABLE_NAME) = '"
                    + TABLE.toUpperCase(Locale.ROOT) + "' AND CONSTRAINT_TYPE = 'PRIMARY KEY'")) {
                return r.next() && r.getLong(1) > 0;
            }
        });
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
        // MariaDB and MySQL (no dialect with plain statements reaches this): statements of
        // ROWS_PER_INSERT rows each, the last one shorter; one round trip each.
        int[] missing = new int[hi - lo + 1 - present.cardinality()];
        int n = 0;
        for (int p = present.nextClearBit(0); p <= hi - lo; p = present.nextClearBit(p + 1)) {
            missing[n++] = lo + p;
        }
        int inserted = 0;
        for (int from = 0; from < n; from += ROWS_PER_INSERT) {
            int rows = Math.min(ROWS_PER_INSERT, n - from);
            try (PreparedStatement insert = c.prepareStatement(d.insertRows(rows))) {
                for (int i = 0; i < rows; i++) {
                    insert.setString(2 * i + 1, namespace);
                    insert.setInt(2 * i + 2, missing[from + i]);
                }
                inserted += insert.executeUpdate();
            }
        }
        return inserted;
    }
}
