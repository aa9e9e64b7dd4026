package dev.sno.quarkus.deployment;

import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A database of a test class's own on the build's MySQL 8.0 (test-support's {@code Server.MYSQL}),
 * for the Quarkus applications of MySqlBinaryIdsTest and MySqlDefaultIdsTest. When MySQL is turned
 * off nothing is created, and the classes' {@code @NeedsServers} skips them.
 */
final class MySqlDatabases {

    private static final String SERVER = TestServers.urlUnlessOff(Server.MYSQL);

    private MySqlDatabases() {
    }

    /**
     * Creates the database if it is not there, and returns its JDBC URL (a placeholder when MySQL
     * is turned off).
     */
    static String create(String database) {
        if (SERVER == null) {
            return "jdbc:mysql://mysql-is-turned-off/" + database;
        }
        execute("CREATE DATABASE IF NOT EXISTS " + database);
        return SERVER.replaceFirst("^(jdbc:mysql://[^/?]+)(/[^?]*)?", "$1/" + database);
    }

    /** Drops the database. */
    static void drop(String database) {
        execute("DROP DATABASE IF EXISTS " + database);
    }

    private static void execute(String sql) {
        try (Connection c = DriverManager.getConnection(SERVER); Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }
}
