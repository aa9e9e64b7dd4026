package dev.sno.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Runs the SQL-function script of a connection's database product ({@link SnoJdbc#installFunctions}). */
final class FunctionInstaller {

    /** Advisory lock key that serializes concurrent installations on PostgreSQL: "sno_func" in ASCII. */
    private static final long PG_INSTALL_LOCK = 0x736E_6F5F_6675_6E63L;

    /** Named lock that serializes concurrent installations on MariaDB and MySQL (GET_LOCK is per server). */
    private static final String MARIADB_INSTALL_LOCK = "dev.sno.jdbc.functions";

    /** How long an installation waits for another one on MariaDB or MySQL, in seconds. */
    private static final int MARIADB_LOCK_SECONDS = 60;

    private FunctionInstaller() {
    }

    static void install(Connection connection) throws SQLException {
        String product = connection.getMetaData().getDatabaseProductName();
        if ("PostgreSQL".equals(product)) {
            installPostgres(connection, read(SnoJdbc.POSTGRESQL_FUNCTIONS));
        } else if ("MariaDB".equals(product)) {
            installMySqlFamily(connection, statements(read(SnoJdbc.MARIADB_FUNCTIONS)));
        } else if ("MySQL".equals(product)) {
            installMySqlFamily(connection, statements(read(SnoJdbc.MYSQL_FUNCTIONS)));
        } else if ("H2".equals(product)) {
            try (Statement statement = connection.createStatement()) {
                for (String sql : statements(read(SnoJdbc.H2_FUNCTIONS))) {
                    statement.execute(sql);
                }
            }
        } else {
            throw new SQLFeatureNotSupportedException("sno SQL functions exist for PostgreSQL, MariaDB, MySQL and H2,"
                    + " not for the database product '" + product + "'");
        }
    }

    /** The whole script in one transaction, behind a transaction-level advisory lock. */
    private static void installPostgres(Connection connection, String script) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
            statement.execute("SELECT pg_advisory_xact_lock(" + PG_INSTALL_LOCK + ")");
            statement.execute(script);
            connection.commit();
        } catch (SQLException | RuntimeException e) {
            try {
                connection.rollback();
            } catch (SQLException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        } finally {
            connection.setAutoCommit(autoCommit);
        }
    }

    /**
     * One statement at a time (MariaDB's and MySQL's DDL commits by itself, so there is no
     * transaction to roll back), behind a named lock: without it, concurrent CREATE OR REPLACE
     * FUNCTION statements (MariaDB), or DROP and CREATE FUNCTION pairs (MySQL), may fail each other.
     */
    private static void installMySqlFamily(Connection connection, List<String> statements) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            try (ResultSet rows = statement.executeQuery("SELECT GET_LOCK('" + MARIADB_INSTALL_LOCK + "', "
                    + MARIADB_LOCK_SECONDS + ")")) {
                if (!rows.next() || rows.getInt(1) != 1) {
                    throw new SQLException("another installation of the sno SQL functions held the lock '"
                            + MARIADB_INSTALL_LOCK + "' for more than " + MARIADB_LOCK_SECONDS + " s");
                }
            }
            try {
                for (String sql : statements) {
                    statement.execute(sql);
                }
            } finally {
                statement.execute("DO RELEASE_LOCK('" + MARIADB_INSTALL_LOCK + "')");
            }
        }
    }

    /**
     * The statements of a script in the mariadb client's format: a statement ends at a line
     * ending with the current delimiter (";" until a {@code DELIMITER} line changes it);
     * comment lines and blank lines between statements are dropped.
     */
    static List<String> statements(String script) {
        List<String> statements = new ArrayList<>();
        String delimiter = ";";
        StringBuilder current = new StringBuilder();
        for (String line : script.split("\r?\n", -1)) {
            String trimmed = line.strip();
            if (current.length() == 0 && (trimmed.isEmpty() || trimmed.startsWith("--"))) {
                continue;
            }
            if (current.length() == 0 && trimmed.regionMatches(true, 0, "DELIMITER ", 0, 10)) {
                delimiter = trimmed.substring(10).strip();
                continue;
            }
            if (trimmed.endsWith(delimiter)) {
                current.append(line, 0, line.lastIndexOf(delimiter));
                String sql = current.toString().strip();
                if (!sql.isEmpty()) {
                    statements.add(sql);
                }
                current.setLength(0);
            } else {
                current.append(line).append('\n');
            }
        }
        if (!current.toString().isBlank()) {
            throw new IllegalStateException("script ends inside a statement (no closing '" + delimiter + "'): "
                    + current.toString().strip());
        }
        return statements;
    }

    static String read(String resource) throws SQLException {
        try (InputStream in = SnoJdbc.class.getResourceAsStream("/" + resource)) {
            if (in == null) {
                throw new SQLException("resource " + resource + " is missing from sno-jdbc");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new SQLException("cannot read resource " + resource + ": " + e, e);
        }
    }
}
