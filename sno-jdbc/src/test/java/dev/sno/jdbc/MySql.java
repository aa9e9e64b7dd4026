package dev.sno.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Databases of their own on the test MySQL ({@link Databases#MYSQL}), so that tests do not meet
 * each other's tables and functions, nor those of other tests sharing the server.
 */
final class MySql {

    private MySql() {
    }

    /** Creates a database named prefix plus a unique suffix (skips the test without a server). */
    static String createDatabase(String prefix) throws SQLException {
        String name = prefix + "_" + Long.toHexString(System.nanoTime());
        try (Connection c = DriverManager.getConnection(Databases.url(Databases.MYSQL));
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        return name;
    }

    /** The server's URL with another database. */
    static String url(String database) {
        return Databases.url(Databases.MYSQL).replaceFirst("^(jdbc:mysql://[^/?]+)(/[^?]*)?", "$1/" + database);
    }

    static void dropDatabase(String database) throws SQLException {
        if (database != null) {
            try (Connection c = DriverManager.getConnection(Databases.url(Databases.MYSQL));
                    Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + database);
            }
        }
    }
}
