package dev.sno.micronaut.data;

import dev.sno.SnoId;
import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import io.micronaut.context.ApplicationContext;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A schema (PostgreSQL 18) or database (MariaDB 11.4) of its own on the build's server, with the
 * readings table made over JDBC, and a Micronaut context whose default R2DBC data source
 * ({@code r2dbc.datasources.default}) is it. The JDBC URL is kept for checks outside Micronaut.
 */
record R2dbcDb(DataTarget target, String jdbcUrl, String admin, String drop, ApplicationContext context)
        implements AutoCloseable {

    /** jdbc:DRIVER://HOST:PORT/DATABASE?user=U[&password=P...] as TestServers gives them. */
    private static final Pattern JDBC = Pattern.compile("jdbc:([a-z]+)://([^/?]+)/([^?]*)\\?(.*)");

    /** Opens a fresh schema or database for PostgreSQL 18 or MariaDB. */
    static R2dbcDb open(DataTarget target) throws SQLException {
        String name = "sno_mn_r2_" + Long.toHexString(System.nanoTime());
        String admin = TestServers.url(target == DataTarget.POSTGRES_18 ? Server.POSTGRES_18 : Server.MARIADB);
        Matcher m = JDBC.matcher(admin);
        if (!m.matches() || (target != DataTarget.POSTGRES_18 && target != DataTarget.MARIADB)) {
            throw new IllegalArgumentException("no R2DBC target: " + target + " at " + admin);
        }
        Map<String, String> params = new HashMap<>();
        for (String pair : m.group(4).split("&")) {
            int eq = pair.indexOf('=');
            params.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        String jdbcUrl;
        String r2dbcUrl;
        String drop;
        if (target == DataTarget.POSTGRES_18) {
            execute(admin, "CREATE SCHEMA " + name);
            jdbcUrl = admin + "&currentSchema=" + name;
            r2dbcUrl = "r2dbc:postgresql://" + m.group(2) + "/" + m.group(3) + "?schema=" + name;
            drop = "DROP SCHEMA " + name + " CASCADE";
        } else {
            execute(admin, "CREATE DATABASE " + name);
            jdbcUrl = "jdbc:" + m.group(1) + "://" + m.group(2) + "/" + name + "?" + m.group(4);
            r2dbcUrl = "r2dbc:mariadb://" + m.group(2) + "/" + name;
            drop = "DROP DATABASE " + name;
        }
        execute(jdbcUrl, "CREATE TABLE sno_reading (id " + target.idType + " PRIMARY KEY, text VARCHAR(200) NOT NULL)");
        Map<String, Object> properties = new HashMap<>();
        properties.put("r2dbc.datasources.default.url", r2dbcUrl);
        properties.put("r2dbc.datasources.default.username", params.get("user"));
        if (params.containsKey("password")) {
            properties.put("r2dbc.datasources.default.password", params.get("password"));
        }
        properties.put("sno.install", false); // many contexts in one JVM; the generator is TestGenerator's
        properties.put("test.app", "data");
        return new R2dbcDb(target, jdbcUrl, admin, drop, ApplicationContext.run(properties));
    }

    /** The context's reactive repository for the target's entity. */
    @SuppressWarnings("unchecked")
    ReactiveReadings<Row> readings() {
        Class<? extends ReactiveReadings<?>> type = target == DataTarget.POSTGRES_18
                ? PostgresR2dbcReadings.class : MySqlR2dbcReadings.class;
        return (ReactiveReadings<Row>) context.getBean(type);
    }

    /** A new entity of the repository's type. */
    Row row(SnoId id, String text) {
        return target.binary() ? new BinaryReading(id, text) : new Reading(id, text);
    }

    @Override
    public void close() throws SQLException {
        context.close();
        execute(admin, drop);
    }

    private static void execute(String url, String statement) throws SQLException {
        try (Connection c = DataTarget.connect(url); Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }
}
