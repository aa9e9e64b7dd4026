package dev.sno.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.UUID;

/**
 * The databases of the decision table's environments ({@link DecisionCases#url}): a PostgreSQL
 * schema or a MySQL database of their own on the build's servers ({@link TestServers}), with or
 * without the lease table, and a SQLite file.
 */
final class DecisionDatabases {

    /** Why MySQL is not there (turned off: {@code SNO_MYSQL_URL=off}), once asked; null if it is. */
    private static String mysqlMissing;
    private static boolean mysqlAsked;

    private DecisionDatabases() {
    }

    /** A new PostgreSQL schema; its URL (the server's, with {@code currentSchema}). */
    static String postgresSchema(boolean withTable) {
        String url = TestServers.url(TestServers.Server.POSTGRES);
        String schema = newName();
        String schemaUrl = url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
            if (withTable) {
                s.execute("SET search_path TO " + schema);
                createLeaseTable(s, "POSTGRESQL");
            }
        } catch (SQLException | ReflectiveOperationException e) {
            throw new IllegalStateException("CREATE SCHEMA " + schema + " on " + url, e);
        }
        return schemaUrl;
    }

    /**
     * Why the build's MySQL cannot be had (the user turned it off), or empty; asks
     * {@link TestServers} once per JVM, which starts the server if this is the build's first test
     * to need it.
     */
    static synchronized Optional<String> mysqlMissing() {
        if (!mysqlAsked) {
            mysqlAsked = true;
            try {
                TestServers.url(TestServers.Server.MYSQL);
            } catch (org.opentest4j.TestAbortedException off) {
                mysqlMissing = off.getMessage();
            }
        }
        return Optional.ofNullable(mysqlMissing);
    }

    /**
     * A new database on the build's MySQL, with the lease table if asked; its URL (the server's,
     * with the database in place of the server's own, the same parameters).
     */
    static String mysqlDatabase(boolean withTable) {
        String url = TestServers.url(TestServers.Server.MYSQL);
        String database = newName();
        String databaseUrl = withDatabase(url, database);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + database);
        } catch (SQLException e) {
            throw new IllegalStateException("CREATE DATABASE " + database + " on " + url, e);
        }
        if (withTable) {
            try (Connection c = DriverManager.getConnection(databaseUrl); Statement s = c.createStatement()) {
                createLeaseTable(s, "MYSQL");
            } catch (SQLException | ReflectiveOperationException e) {
                throw new IllegalStateException("the lease table in " + databaseUrl, e);
            }
        }
        return databaseUrl;
    }

    /** Drops the lease table of a database if it has one: for a case that creates it. */
    static void dropLeaseTable(String url) {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS sno_partition_lease");
        } catch (SQLException e) {
            throw new IllegalStateException("DROP TABLE sno_partition_lease in " + url, e);
        }
    }

    /**
     * A JDBC URL as sno's messages show it: up to its parameters ({@code ?} or {@code ;}),
     * without a user and password before the host.
     */
    static String shown(String url) {
        String u = url.replaceFirst("//[^/?#@\\[\\]]*@", "//");
        int end = u.length();
        for (char c : new char[] {'?', ';'}) {
            int i = u.indexOf(c);
            if (i >= 0 && i < end) {
                end = i;
            }
        }
        return u.substring(0, end);
    }

    /** A MySQL URL with another database: the path after the host, before the parameters. */
    static String withDatabase(String url, String database) {
        int hosts = url.indexOf("//") + 2;
        int query = url.indexOf('?', hosts);
        int end = query < 0 ? url.length() : query;
        int slash = url.indexOf('/', hosts);
        int path = slash >= 0 && slash < end ? slash : end;
        return url.substring(0, path) + "/" + database + url.substring(end);
    }

    /** A new SQLite file's URL: a database leases do not support. */
    static String sqlite() {
        try {
            Path f = Files.createTempFile("sno-cases", ".db");
            f.toFile().deleteOnExit();
            return "jdbc:sqlite:" + f;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String newName() {
        return "cases_" + UUID.randomUUID().toString().substring(0, 8);
    }

    /**
     * Creates the lease table with sno-jdbc's own DDL of a dialect, read reflectively:
     * test-support is compiled into modules without sno-jdbc.
     */
    private static void createLeaseTable(Statement s, String dialectName) throws SQLException,
            ReflectiveOperationException {
        Object dialect = Class.forName("dev.sno.jdbc.lease.LeaseDialect").getField(dialectName).get(null);
        String ddl = (String) dialect.getClass().getMethod("ddl").invoke(dialect);
        for (String statement : ddl.split(";")) {
            if (!statement.isBlank()) {
                s.execute(statement);
            }
        }
    }
}
