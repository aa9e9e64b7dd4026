package dev.sno.micronaut.data;

import dev.sno.SnoId;
import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import io.micronaut.context.ApplicationContext;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A database for the Micronaut Data tests: a schema (PostgreSQL) or database (MariaDB, MySQL) of
 * its own on the build's server, or an H2 database in memory, with the readings table, and a
 * Micronaut context whose default data source is it.
 */
enum DataTarget {
    H2("UUID", H2Readings.class),
    POSTGRES_18("uuid", PostgresReadings.class),
    MARIADB("BINARY(16)", MySqlReadings.class),
    MYSQL("BINARY(16)", MySqlReadings.class);

    private static final AtomicInteger H2_DATABASES = new AtomicInteger();

    final String idType;
    final Class<? extends Readings<?>> repository;

    DataTarget(String idType, Class<? extends Readings<?>> repository) {
        this.idType = idType;
        this.repository = repository;
    }

    boolean binary() {
        return idType.startsWith("BINARY");
    }

    /** An open database and its context. */
    record Db(DataTarget target, String url, ApplicationContext context, String drop, String admin)
            implements AutoCloseable {

        @SuppressWarnings("unchecked")
        Readings<Row> readings() {
            return (Readings<Row>) context.getBean(target.repository);
        }

        /** A new entity of the repository's type. */
        Row row(SnoId id, String text) {
            return target.binary() ? new BinaryReading(id, text) : new Reading(id, text);
        }

        /** Runs statements through a connection of the test's own, outside Micronaut. */
        void execute(String... statements) throws SQLException {
            try (Connection c = connect(url); Statement s = c.createStatement()) {
                for (String statement : statements) {
                    s.execute(statement);
                }
            }
        }

        @Override
        public void close() throws SQLException {
            context.close();
            try (Connection c = connect(admin); Statement s = c.createStatement()) {
                s.execute(drop);
            }
        }
    }

    /** Creates the database and its table, then starts a context on it with the given settings. */
    Db open(String... settings) throws SQLException {
        String name = "sno_mn_" + Long.toHexString(System.nanoTime());
        String admin;
        String url;
        String drop;
        switch (this) {
            case H2 -> {
                url = "jdbc:h2:mem:sno_mn_" + H2_DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1";
                admin = url;
                drop = "SHUTDOWN";
            }
            case POSTGRES_18 -> {
                admin = TestServers.url(Server.POSTGRES_18);
                execute(admin, "CREATE SCHEMA " + name);
                url = admin + (admin.contains("?") ? "&" : "?") + "currentSchema=" + name;
                drop = "DROP SCHEMA " + name + " CASCADE";
            }
            case MARIADB, MYSQL -> {
                admin = TestServers.url(this == MARIADB ? Server.MARIADB : Server.MYSQL);
                execute(admin, "CREATE DATABASE " + name);
                url = admin.replaceFirst("^(jdbc:[a-z]+://[^/?]+)(/[^?]*)?", "$1/" + name);
                drop = "DROP DATABASE " + name;
            }
            default -> throw new AssertionError(this);
        }
        execute(url, "CREATE TABLE sno_reading (id " + idType + " PRIMARY KEY, text VARCHAR(200) NOT NULL)");
        Map<String, Object> properties = new HashMap<>();
        properties.put("datasources.default.url", url);
        properties.put("datasources.default.maximum-pool-size", 2);
        properties.put("datasources.default.minimum-idle", 0);
        properties.put("sno.install", false); // many contexts in one JVM; the generator is TestGenerator's
        properties.put("test.app", "data");
        for (String setting : settings) {
            int eq = setting.indexOf('=');
            properties.put(setting.substring(0, eq), setting.substring(eq + 1));
        }
        return new Db(this, url, ApplicationContext.run(properties), drop, admin);
    }

    /** A connection of the test's own; H2 as Micronaut's data source logs in (user sa). */
    static Connection connect(String url) throws SQLException {
        return url.startsWith("jdbc:h2:") ? DriverManager.getConnection(url, "sa", "") : DriverManager.getConnection(url);
    }

    private static void execute(String url, String statement) throws SQLException {
        try (Connection c = connect(url); Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }
}
