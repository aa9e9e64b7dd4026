package dev.sno.example.reactive;

import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;

/**
 * The example on a real PostgreSQL (r2dbc-postgresql) at {@code -Dsno.pg.url} or
 * {@code SNO_PG_URL} (a JDBC URL; default: the server scripts/pg-test-server.sh starts), in a
 * schema of its own that it drops at the end. Skipped without a server, except in CI
 * ({@code CI=true}), where it fails.
 */
class PostgresTicketHttpTest extends TicketHttpTest {

    private static String jdbcUrl;
    private static String schema;

    @BeforeAll
    static void startOnPostgres() {
        String url = System.getProperty("sno.pg.url");
        if (url == null || url.isEmpty()) {
            url = System.getenv("SNO_PG_URL");
        }
        if (url == null || url.isEmpty()) {
            url = "jdbc:postgresql://127.0.0.1:54329/sno?user=sno";
        }
        jdbcUrl = url;
        schema = "sno_example_" + UUID.randomUUID().toString().substring(0, 8);
        DriverManager.setLoginTimeout(5);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        } catch (SQLException e) {
            String problem = "no PostgreSQL at " + url + " (" + e.getMessage() + ")";
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError("CI=true requires PostgreSQL: " + problem, e);
            }
            System.out.println("[examples] skipping PostgreSQL: " + problem);
            Assumptions.abort(problem);
        }
        start(r2dbc(url, schema));
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        stop();
        if (schema != null) {
            try (Connection c = DriverManager.getConnection(jdbcUrl); Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE"); // this class's own schema only
            }
        }
    }

    /** Boot's R2DBC arguments for a PostgreSQL JDBC URL ({@code jdbc:postgresql://host:port/db?user=..&password=..}). */
    static String[] r2dbc(String jdbc, String schema) {
        URI uri = URI.create(jdbc.substring("jdbc:".length()));
        List<String> args = new ArrayList<>();
        args.add("--spring.r2dbc.url=r2dbc:postgresql://" + uri.getHost() + ":" + (uri.getPort() < 0 ? 5432 : uri.getPort())
                + uri.getPath() + "?schema=" + schema);
        if (uri.getQuery() != null) {
            for (String pair : uri.getQuery().split("&")) {
                String[] kv = pair.split("=", 2);
                if (kv[0].equals("user")) {
                    args.add("--spring.r2dbc.username=" + kv[1]);
                } else if (kv[0].equals("password")) {
                    args.add("--spring.r2dbc.password=" + kv[1]);
                }
            }
        }
        return args.toArray(String[]::new);
    }
}
