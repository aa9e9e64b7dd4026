package dev.sno.example;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;

/**
 * The example application on PostgreSQL at {@code -Dsno.pg.url} or {@code SNO_PG_URL} (default:
 * the server scripts/pg-test-server.sh starts). Skipped without one, except in CI
 * ({@code CI=true}), where it fails.
 */
class PostgresHttpTest extends ExampleHttpTest {

    @BeforeAll
    static void startOnPostgres() {
        start("--spring.datasource.url=" + postgres());
    }

    /** The PostgreSQL URL; aborts the test without a server, except in CI ({@code CI=true}), where it fails. */
    static String postgres() {
        String url = System.getProperty("sno.pg.url");
        if (url == null || url.isEmpty()) {
            url = System.getenv("SNO_PG_URL");
        }
        if (url == null || url.isEmpty()) {
            url = "jdbc:postgresql://127.0.0.1:54329/sno?user=sno";
        }
        DriverManager.setLoginTimeout(5);
        try (Connection c = DriverManager.getConnection(url)) {
            c.isValid(5);
        } catch (SQLException e) {
            String problem = "no PostgreSQL at " + url + " (" + e.getMessage() + ")";
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError("CI=true requires PostgreSQL: " + problem, e);
            }
            System.out.println("[examples] skipping PostgreSQL: " + problem);
            Assumptions.abort(problem);
        }
        return url;
    }
}
