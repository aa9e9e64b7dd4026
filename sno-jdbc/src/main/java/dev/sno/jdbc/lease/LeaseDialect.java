package dev.sno.jdbc.lease;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The databases {@link JdbcLeaseStore} keeps leases in, each with its own table definition, its
 * own expression for the database's time, and its own way to take a free row. Detected once from
 * the connection's {@link DatabaseMetaData}; {@link JdbcLeaseStore.Builder#dialect} overrides
 * the detection. A database that is none of these is refused: a lease protocol on SQL that was
 * never tested on it could hand out a partition twice.
 *
 * <p>Every dialect keeps expiry in the database's own clock and in UTC, whatever the session's
 * time zone: PostgreSQL and H2 in {@code TIMESTAMP WITH TIME ZONE} columns, MariaDB and MySQL in
 * {@code DATETIME(6)} columns written and compared with {@code UTC_TIMESTAMP(6)}.
 */
public enum LeaseDialect {

    /** PostgreSQL 12 or later: acquires with {@code FOR UPDATE SKIP LOCKED}. */
    POSTGRESQL("PostgreSQL", Syntax.STANDARD, SkipLockedAcquisition.INSTANCE, true,
            "INSERT INTO " + LeaseDialect.TABLE + " (namespace, partition_no, epoch, updated_at)"
                    + " SELECT ?, g, 0, CURRENT_TIMESTAMP FROM generate_series(?, ?) g ON CONFLICT DO NOTHING",
            "ANALYZE " + LeaseDialect.TABLE, Statements.PLAIN),

    /** MariaDB 10.6 or later: acquires with {@code FOR UPDATE SKIP LOCKED}; times in UTC. */
    MARIADB("MariaDB", Syntax.MYSQL, SkipLockedAcquisition.INSTANCE, true, null,
            "ANALYZE TABLE " + LeaseDialect.TABLE, Statements.BOUND),

    /**
     * MySQL 8.0.1 or later: the MariaDB dialect's SQL, which MySQL 8 accepts. Tested here with
     * MySQL Connector/J against MariaDB; MySQL servers themselves are not part of the build.
     */
    MYSQL("MySQL", MARIADB),

    /** H2 2.x: acquires with a conditional update. */
    H2("H2", Syntax.STANDARD, ConditionalUpdateAcquisition.INSTANCE, false,
            "MERGE INTO " + LeaseDialect.TABLE
                    + " t USING (SELECT CAST(? AS VARCHAR(64)) ns, X p FROM SYSTEM_RANGE(?, ?)) s"
                    + " ON t.namespace = s.ns AND t.partition_no = s.p"
                    + " WHEN NOT MATCHED THEN INSERT (namespace, partition_no, epoch, updated_at)"
                    + " VALUES (s.ns, s.p, 0, CURRENT_TIMESTAMP)",
            "ANALYZE TABLE " + LeaseDialect.TABLE, Statements.BOUND);

    static final String TABLE = "sno_partition_lease";

    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)");

    private final String product;
    private final Syntax syntax;
    private final Acquisition acquisition;
    private final boolean setIsolation;
    private final String bulkInsert;
    private final String analyze;
    private final Statements statements;

    LeaseDialect(String product, Syntax syntax, Acquisition acquisition, boolean setIsolation, String bulkInsert,
            String analyze, Statements statements) {
        this.product = product;
        this.syntax = syntax;
        this.acquisition = acquisition;
        this.setIsolation = setIsolation;
        this.bulkInsert = bulkInsert;
        this.analyze = analyze;
        this.statements = statements;
    }

    /** A database under another name that runs another dialect's SQL. */
    LeaseDialect(String product, LeaseDialect sameSql) {
        this(product, sameSql.syntax, sameSql.acquisition, sameSql.setIsolation, sameSql.bulkInsert, sameSql.analyze,
                sameSql.statements);
    }

    /**
     * The DDL of the lease table and its index in this dialect, for schema migration tools: one
     * or two statements, each ending with {@code ;} and a line break, all {@code IF NOT EXISTS}.
     *
     * @return the DDL
     */
    public String ddl() {
        return "CREATE TABLE IF NOT EXISTS " + TABLE + " (\n"
                + "    namespace     " + syntax.namespaceType + "  NOT NULL,\n"
                + "    partition_no  INTEGER      NOT NULL,\n"
                + "    epoch         BIGINT       NOT NULL,\n"
                + "    holder_token  VARCHAR(32),\n"
                + "    holder_host   VARCHAR(255),\n"
                + "    holder_pid    BIGINT,\n"
                + "    expires_at    " + syntax.timeType + ",\n"
                + "    updated_at    " + syntax.timeType + " NOT NULL,\n"
                + "    seq_min       INTEGER,\n"
                + "    seq_max       INTEGER,\n"
                + "    seq           BIGINT,\n"
                + "    now_unit      BIGINT,\n"
                + "    wall_hi       BIGINT,\n"
                + "    wall_safe     BIGINT,\n"
                + "    drifts        BIGINT,\n"
                + "    PRIMARY KEY (namespace, partition_no)" + syntax.indexAndEnd();
    }

    /**
     * The dialect of a database, from its metadata.
     *
     * @param meta  the connection's metadata, not null
     * @return the dialect
     * @throws SQLException if the metadata cannot be read, or the database is none of the
     *     supported ones or too old; the message names it and its version
     */
    public static LeaseDialect of(DatabaseMetaData meta) throws SQLException {
        String product = meta.getDatabaseProductName();
        String version = meta.getDatabaseProductVersion();
        LeaseDialect d;
        int major = meta.getDatabaseMajorVersion();
        int minor = meta.getDatabaseMinorVersion();
        if ("PostgreSQL".equals(product)) {
            d = major >= 12 ? POSTGRESQL : null;
        } else if ("MariaDB".equals(product) || version != null && version.contains("MariaDB")) {
            // MySQL Connector/J on MariaDB says "MySQL" and, for 11.x, may report 5.5.5-prefixed
            // versions: read the MariaDB version from the text.
            int[] v = mariaDbVersion(version, major, minor);
            d = v[0] > 10 || v[0] == 10 && v[1] >= 6 ? MARIADB : null;
        } else if ("MySQL".equals(product)) {
            d = major >= 8 ? MYSQL : null;
        } else if ("H2".equals(product)) {
            d = major >= 2 ? H2 : null;
        } else {
            throw new SQLException("sno partition leases support PostgreSQL 12+, MariaDB 10.6+, MySQL 8 and H2 2.x;"
                    + " this database is " + product + " " + version
                    + " (its SQL for leases was never tested: pass JdbcLeaseStore.Builder.dialect(..) only if it is"
                    + " one of those under another name)", SqlStates.FEATURE_NOT_SUPPORTED);
        }
        if (d == null) {
            throw new SQLException("sno partition leases need PostgreSQL 12+, MariaDB 10.6+ (FOR UPDATE SKIP LOCKED),"
                    + " MySQL 8 or H2 2.x; this database is " + product + " " + version,
                    SqlStates.FEATURE_NOT_SUPPORTED);
        }
        return d;
    }

    private static int[] mariaDbVersion(String version, int major, int minor) {
        if (version != null) {
            String v = version.startsWith("5.5.5-") ? version.substring(6) : version;
            Matcher m = VERSION.matcher(v);
            if (m.find()) {
                return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
            }
        }
        return new int[] {major, minor};
    }

    /** The database's time now, as the expression this dialect compares expiries with. */
    String now() {
        return syntax.now;
    }

    /** The expression for the database's now plus a lease duration. */
    String expiry(Duration leaseDuration) {
        return syntax.now + " + " + syntax.interval(leaseDuration);
    }

    /** The condition of a free row: never held, released, or expired by the database's clock. */
    String free() {
        return "(expires_at IS NULL OR expires_at < " + syntax.now + ")";
    }

    /**
     * How this dialect takes a free row: {@code FOR UPDATE SKIP LOCKED}, or a conditional
     * update.
     */
    Acquisition acquisition() {
        return acquisition;
    }

    /**
     * The statement that makes the acquiring transaction READ COMMITTED, whatever the server's
     * default, as its first statement; null where the default already is (H2). Transaction
     * scoped: it leaves no session state behind for a pooler to carry to someone else.
     */
    String readCommitted() {
        return setIsolation ? "SET TRANSACTION ISOLATION LEVEL READ COMMITTED" : null;
    }

    /** The statement that inserts the missing rows of a range in one go, or null to batch them. */
    String bulkInsert() {
        return bulkInsert;
    }

    /**
     * The statement that inserts rows unless they exist, where bulkInsert is null: {@code rows}
     * rows of two parameters each (namespace, partition), in one statement, so that a range costs
     * one round trip per {@code rows} rows whatever the driver does with a batch (MySQL
     * Connector/J sends a batch one statement at a time unless the URL says
     * {@code rewriteBatchedStatements=true}).
     */
    String insertRows(int rows) {
        StringBuilder b = new StringBuilder(80 + rows * (16 + syntax.now.length()))
                .append("INSERT IGNORE INTO ").append(TABLE).append(" (namespace, partition_no, epoch, updated_at) VALUES ");
        for (int i = 0; i < rows; i++) {
            b.append(i == 0 ? "" : ", ").append("(?, ?, 0, ").append(syntax.now).append(')');
        }
        return b.toString();
    }

    /** The statement that refreshes the planner's statistics of the table. */
    String analyze() {
        return analyze;
    }

    /**
     * Whether every statement runs as a plain {@link java.sql.Statement} with its arguments
     * written into its text ({@link Sql}), and every transaction is opened and ended by plain
     * {@code BEGIN}, {@code COMMIT} and {@code ROLLBACK} statements ({@link Tx}): PostgreSQL,
     * whose driver turns statements into named server-side ones that a pooler in transaction
     * mode does not carry from one transaction to the next.
     */
    boolean plainStatements() {
        return statements == Statements.PLAIN;
    }

    /** Names the database as messages do. */
    String product() {
        return product;
    }

    /** How the statements reach the server. */
    private enum Statements {
        /** Plain statements with their arguments written in, plain {@code BEGIN}/{@code COMMIT}. */
        PLAIN,
        /** Prepared statements with bound arguments (prepared on the client by the driver). */
        BOUND
    }

    /** What MariaDB and MySQL write differently from PostgreSQL and H2. */
    private enum Syntax {

        /** PostgreSQL and H2: zoned times; the index created by a statement of its own. */
        STANDARD("VARCHAR(64)", "TIMESTAMP WITH TIME ZONE", "CURRENT_TIMESTAMP") {
            @Override
            String interval(Duration d) {
                return "INTERVAL '" + d.toSeconds() + "." + String.format("%03d", d.toMillisPart()) + "' SECOND";
            }

            @Override
            String indexAndEnd() {
                return "\n);\n" + "CREATE INDEX IF NOT EXISTS " + TABLE + "_by_age ON " + TABLE
                        + " (namespace, updated_at, partition_no);\n";
            }
        },

        /**
         * MariaDB and MySQL: namespaces in UTF-8 compared byte by byte (the server's default
         * character set and collation may hold no {@code e\u0301} and take {@code %3f} for
         * {@code %3F}, so that two namespaces would share rows); {@code DATETIME(6)} in UTC; the
         * index inside {@code CREATE TABLE} (MySQL has no {@code CREATE INDEX IF NOT EXISTS}).
         */
        MYSQL("VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin", "DATETIME(6)", "UTC_TIMESTAMP(6)") {
            @Override
            String interval(Duration d) {
                return "INTERVAL " + d.toNanos() / 1000 + " MICROSECOND";
            }

            @Override
            String indexAndEnd() {
                return ",\n    INDEX " + TABLE + "_by_age (namespace, updated_at, partition_no)\n);\n";
            }
        };

        final String namespaceType;
        final String timeType;
        final String now;

        Syntax(String namespaceType, String timeType, String now) {
            this.namespaceType = namespaceType;
            this.timeType = timeType;
            this.now = now;
        }

        /** An interval of a lease duration, to add to {@link #now}. */
        abstract String interval(Duration leaseDuration);

        /** The end of {@code CREATE TABLE} after the primary key, with the index's DDL. */
        abstract String indexAndEnd();
    }
}
