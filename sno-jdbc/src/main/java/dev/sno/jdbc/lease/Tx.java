package dev.sno.jdbc.lease;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * Connections and transactions of the lease store: each unit of work on a connection of its
 * own, borrowed and returned at once, and tried again ({@link RetryPolicy#CONFLICTS}) when the
 * database reports a serialization failure or a deadlock ({@link SqlStates#transientConflict}).
 * The connection's auto-commit mode is restored; no other session setting is touched.
 */
final class Tx {


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
     * null), and commits; rolls back and retries on a transient conflict. Where the dialect runs
     * {@linkplain LeaseDialect#plainStatements() plain statements} (PostgreSQL), the transaction
     * is opened and ended by plain {@code BEGIN}, {@code COMMIT} and {@code ROLLBACK} statements
     * in auto-commit mode: pgjdbc's {@link Connection#commit()} runs {@code COMMIT} as a named
     * server-side statement, which a pooler in transaction mode may not carry over to the next
     * transaction's server connection.
     */
    <T> T inTransaction(LeaseDialect d, String first, Work<T> work) throws SQLException {
        boolean explicit = d.plainStatements();
        return RetryPolicy.CONFLICTS.run(SqlStates::transientConflict, () -> {
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
                    throw e;
                } finally {
                    c.setAutoCommit(auto);
                }
            }
        });
    }

    /** Runs work in auto-commit mode (each statement its own transaction), with the same retries. */
    <T> T autoCommit(Work<T> work) throws SQLException {
        return RetryPolicy.CONFLICTS.run(SqlStates::transientConflict, () -> {
            try (Connection c = dataSource.getConnection()) {
                boolean auto = c.getAutoCommit();
                c.setAutoCommit(true);
                try {
                    return work.run(c);
                } finally {
                    c.setAutoCommit(auto);
                }
            }
        });
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
}
