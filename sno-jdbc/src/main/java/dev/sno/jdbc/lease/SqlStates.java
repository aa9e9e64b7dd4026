package dev.sno.jdbc.lease;

import java.sql.SQLException;

/**
 * Every SQL state and vendor error code the lease store reads or reports, in one place: which
 * failures a retry may cure, which mean that the table is missing, and the states of the
 * failures the store raises itself.
 */
final class SqlStates {

    /** Serialization failure; the store also reports free rows that stayed locked with it. */
    static final String SERIALIZATION_FAILURE = "40001";

    /** PostgreSQL's "relation does not exist": the store reports a missing table with it. */
    static final String UNDEFINED_TABLE = "42P01";

    /** Query canceled: the store reports an interrupted retry pause with it. */
    static final String QUERY_CANCELED = "57014";

    /** Feature not supported: a database the leases do not support. */
    static final String FEATURE_NOT_SUPPORTED = "0A000";

    private static final String DEADLOCK = "40P01";
    private static final String UNIQUE_VIOLATION = "23505";
    private static final String SYNTAX_OR_ACCESS_CLASS = "42";

    /** MySQL and MariaDB: deadlock found when trying to get a lock. */
    private static final int MYSQL_DEADLOCK = 1213;
    /** MariaDB: "Record has changed since last read" (innodb_snapshot_isolation). */
    private static final int MYSQL_RECORD_CHANGED = 1020;
    /** MySQL and MariaDB: lock wait timeout exceeded. */
    private static final int MYSQL_LOCK_WAIT_TIMEOUT = 1205;

    private SqlStates() {
    }

    /**
     * A failure that the same work may not meet again: a serialization failure (SQL state
     * 40001: PostgreSQL under SERIALIZABLE or REPEATABLE READ, MySQL's and MariaDB's deadlock),
     * a deadlock (40P01; MySQL/MariaDB error 1213), MariaDB's "Record has changed since last
     * read" under {@code innodb_snapshot_isolation} (error 1020), a lock wait timeout (1205).
     * Looks along the chain of {@link SQLException#getNextException()}.
     */
    static boolean transientConflict(SQLException e) {
        for (SQLException s = e; s != null; s = s.getNextException()) {
            String state = s.getSQLState();
            int code = s.getErrorCode();
            if (SERIALIZATION_FAILURE.equals(state) || DEADLOCK.equals(state) || code == MYSQL_DEADLOCK
                    || code == MYSQL_RECORD_CHANGED || code == MYSQL_LOCK_WAIT_TIMEOUT) {
                return true;
            }
            if (s.getNextException() == s) {
                break;
            }
        }
        return false;
    }

    /**
     * An SQL state of class 42 (syntax error or access rule violation): what every supported
     * database answers for a table that does not exist, or that this user may not read.
     */
    static boolean noSuchTable(SQLException e) {
        return e.getSQLState() != null && e.getSQLState().startsWith(SYNTAX_OR_ACCESS_CLASS);
    }

    /**
     * A duplicate key (23505): H2's {@code MERGE} does not see rows a concurrent preparer has not
     * committed, and then violates the key.
     */
    static boolean uniqueViolation(SQLException e) {
        return UNIQUE_VIOLATION.equals(e.getSQLState());
    }
}
