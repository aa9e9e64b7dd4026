package dev.sno.jdbc.lease;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

/**
 * Connections and transactions of the lease store: each unit of work on a connection of its
 * own, borrowed and returned at once, retried a few times, after a short random pause, when the
 * database reports a serialization failure or a deadlock. The connection's auto-commit mode is
 * restored; no other session setting is touched.
 */
final class Tx {

    /** Attempts of one unit of work, the first included. */
    static final int ATTEMPTS = 5;

    private final DataSource dataSource;

    /** One unit of work on a connection. */
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    Tx(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * Runs work in one transaction, after the given first statement (an isolation level, or
     * null), and commits; rolls back and retries on a transient conflict. Where the dialect's
     * statements carry their arguments ({@link Sql#inlines}: PostgreSQL), the transaction is
     * opened and ended by plain {@code BEGIN}, {@code COMMIT} and {@code ROLLBACK} statements in
     * auto-commit mode: pgjdbc's {@link Connection#commit()} runs {@code COMMIT} as a named
     * server-side statement, which a pooler in transaction mode may not carry over to the next
     * transaction's server connection.
     */
    <T> T inTransaction(LeaseDialect d, String first, Work<T> work) throws SQLException {
        boolean explicit = Sql.inlines(d);
        for (int attempt = 1;; attempt++) {
            try (Connection c = dataSource.getConnection()) {
                boolean auto = c.getAutoCommit();
                c.setAutoCommit(explicit);
                try (Statement s = c.createStatement()) {
                    if (explicit) {
                        s.execute("BEGIN");
                    }
                    if (first != null) {
                        s.execute(first);
                    }
                    T result = work.run(c);
                    if (explicit) {
                        s.execute("COMMIT");
                    } else {
                        c.commit();
                    }
                    return result;
                } catch (SQLException | RuntimeException e) {
                    rollback(c, explicit, e);
                    if (!(e instanceof SQLException s) || !transientConflict(s) || attempt == ATTEMPTS) {
                        throw e;
                    }
                } finally {
                    c.setAutoCommit(auto);
                }
            }
            pause(attempt);
        }
    }

    /** Runs work in auto-commit mode (each statement its own transaction), with the same retries. */
    <T> T autoCommit(Work<T> work) throws SQLException {
        for (int attempt = 1;; attempt++) {
            try (Connection c = dataSource.getConnection()) {
                boolean auto = c.getAutoCommit();
                c.setAutoCommit(true);
                try {
                    return work.run(c);
                } catch (SQLException e) {
                    if (!transientConflict(e) || attempt == ATTEMPTS) {
                        throw e;
                    }
                } finally {
                    c.setAutoCommit(auto);
                }
            }
            pause(attempt);
        }
    }

    /**
     * A failure that the same work may not meet again: a serialization failure (SQL state
     * 40001: PostgreSQL under SERIALIZABLE or REPEATABLE READ, MySQL's and MariaDB's deadlock),
     * a deadlock (40P01; MySQL/MariaDB error 1213), MariaDB's "Record has changed since last
     * read" under {@code innodb_snapshot_isolation} (error 1020), a lock wait timeout (1205).
     */
    static boolean transientConflict(SQLException e) {
        for (SQLException s = e; s != null; s = s.getNextException()) {
            String state = s.getSQLState();
            int code = s.getErrorCode();
            if ("40001".equals(state) || "40P01".equals(state) || code == 1213 || code == 1020 || code == 1205) {
                return true;
            }
            if (s.getNextException() == s) {
                break;
            }
        }
        return false;
    }

    private static void rollback(Connection c, boolean explicit, Exception cause) {
        try {
            if (explicit) {
                try (Statement s = c.createStatement()) {
                    s.execute("ROLLBACK");
                }
            } else {
                c.rollback();
            }
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }

    /** 5 to 10 ms before the second attempt, doubling after each; never spins. */
    static void pause(int attempt) throws SQLException {
        long base = 5L << (attempt - 1);
        try {
            TimeUnit.MILLISECONDS.sleep(base + ThreadLocalRandom.current().nextLong(base + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("Interrupted while retrying a lease transaction", "57014", e);
        }
    }
}
