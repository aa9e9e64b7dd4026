package dev.sno.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Assumptions;

/**
 * The real databases the tests run against: H2 in memory (always); PostgreSQL at
 * {@code -Dsno.pg.url}, {@code SNO_PG_URL}, or the server scripts/pg-test-server.sh starts;
 * PostgreSQL 18 at {@code -Dsno.pg18.url}, {@code SNO_PG18_URL}, or scripts/pg18-test-server.sh's;
 * MariaDB at {@code -Dsno.mariadb.url}, {@code SNO_MARIADB_URL}, or scripts/mariadb-test-server.sh's.
 * In CI ({@code CI=true}) each server must be reachable; elsewhere its tests are skipped with a
 * printed reason.
 */
final class Databases {

    static final String H2 = "h2";
    static final String POSTGRES = "postgres";
    static final String POSTGRES_18 = "postgres18";
    static final String MARIADB = "mariadb";

    /** Per server: null when reachable, else why not. Filled on first use. */
    private static final Map<String, Optional<String>> PROBLEMS = new ConcurrentHashMap<>();

    private Databases() {
    }

    static List<String> all() {
        return List.of(H2, POSTGRES);
    }

    static String url(String db) {
        switch (db) {
            case H2:
                return "jdbc:h2:mem:sno;DB_CLOSE_DELAY=-1";
            case POSTGRES:
                return configured("sno.pg.url", "SNO_PG_URL", "jdbc:postgresql://127.0.0.1:54329/sno?user=sno");
            case POSTGRES_18:
                return configured("sno.pg18.url", "SNO_PG18_URL", "jdbc:postgresql://127.0.0.1:54318/sno?user=sno");
            case MARIADB:
                return configured("sno.mariadb.url", "SNO_MARIADB_URL",
                        "jdbc:mariadb://127.0.0.1:33069/sno?user=sno&password=sno");
            default:
                throw new IllegalArgumentException("unknown database " + db);
        }
    }

    private static String configured(String property, String variable, String fallback) {
        String url = System.getProperty(property);
        if (url == null || url.isEmpty()) {
            url = System.getenv(variable);
        }
        return url == null || url.isEmpty() ? fallback : url;
    }

    /** A connection to db; skips (or, in CI, fails) the test if the server is not there. */
    static Connection connect(String db) throws SQLException {
        require(db);
        return DriverManager.getConnection(url(db));
    }

    static void requirePostgres() {
        require(POSTGRES);
    }

    /** Skips the test (in CI: fails it) when db's server cannot be reached. */
    static void require(String db) {
        if (H2.equals(db)) {
            return;
        }
        Optional<String> problem = PROBLEMS.computeIfAbsent(db, Databases::probe);
        if (problem.isPresent()) {
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError("CI=true requires " + db + ": " + problem.get());
            }
            System.out.println("[sno-jdbc] skipping " + db + " test: " + problem.get());
            Assumptions.abort(problem.get());
        }
    }

    private static Optional<String> probe(String db) {
        String script = POSTGRES.equals(db) ? "scripts/pg-test-server.sh"
                : POSTGRES_18.equals(db) ? "scripts/pg18-test-server.sh" : "scripts/mariadb-test-server.sh";
        DriverManager.setLoginTimeout(5);
        try (Connection c = DriverManager.getConnection(url(db))) {
            return c.isValid(5) ? Optional.empty() : Optional.of("connection at " + url(db) + " is not valid");
        } catch (SQLException e) {
            return Optional.of("no server at " + url(db) + " (" + e.getMessage() + "); start one with " + script
                    + " start");
        }
    }

    /** The column type of a UUID column. */
    static String uuidType(String db) {
        return H2.equals(db) ? "UUID" : "uuid";
    }

    /** The column type of a variable-length binary column. */
    static String binaryType(String db) {
        return H2.equals(db) ? "VARBINARY(64)" : "bytea";
    }
}
