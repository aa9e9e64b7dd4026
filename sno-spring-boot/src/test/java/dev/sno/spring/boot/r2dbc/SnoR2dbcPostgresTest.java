package dev.sno.spring.boot.r2dbc;

import dev.sno.testsupport.TestServers.Server;
import dev.sno.testsupport.TestServers;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Spring Data R2DBC with the starter on a real PostgreSQL (r2dbc-postgresql), the one
 * test-support's TestServers gives (a JDBC URL: the user's {@code SNO_PG_URL}, or the build's
 * own), in a schema of its own that it drops at the end.
 */
class SnoR2dbcPostgresTest extends SnoR2dbcChecks {

    private static String jdbcUrl;
    private static String schema;
    private static String[] properties;

    @BeforeAll
    static void createSchema() throws SQLException {
        String url = TestServers.url(Server.POSTGRES);
        jdbcUrl = url;
        String name = "sno_r2dbc_" + UUID.randomUUID().toString().substring(0, 8);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + name);
        }
        schema = name;
        properties = r2dbc(url, schema);
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        if (schema != null) {
            try (Connection c = DriverManager.getConnection(jdbcUrl); Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA " + schema + " CASCADE"); // this class's own schema and tables only
            }
        }
    }

    /**
     * Boot's R2DBC properties for a PostgreSQL JDBC URL ({@code jdbc:postgresql://host:port/db?user=..&password=..}),
     * in the given schema.
     */
    static String[] r2dbc(String jdbc, String schema) {
        URI uri = URI.create(jdbc.substring("jdbc:".length()));
        List<String> props = new ArrayList<>();
        props.add("spring.r2dbc.url=r2dbc:postgresql://" + uri.getHost() + ":" + (uri.getPort() < 0 ? 5432 : uri.getPort())
                + uri.getPath() + "?schema=" + schema);
        if (uri.getQuery() != null) {
            for (String pair : uri.getQuery().split("&")) {
                String[] kv = pair.split("=", 2);
                if (kv[0].equals("user")) {
                    props.add("spring.r2dbc.username=" + kv[1]);
                } else if (kv[0].equals("password")) {
                    props.add("spring.r2dbc.password=" + kv[1]);
                }
            }
        }
        return props.toArray(String[]::new);
    }

    @Override
    String[] database() {
        return properties;
    }

    @Override
    String uuidType() {
        return "uuid";
    }

    @Override
    String binaryType() {
        return "bytea";
    }
}
