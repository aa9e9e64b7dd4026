package dev.sno.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * The real databases the tests run against: H2 in memory (always), and PostgreSQL at
 * {@code -Dsno.pg.url}, {@code SNO_PG_URL}, or the server scripts/pg-test-server.sh starts. In CI
 * ({@code CI=true}) PostgreSQL must be reachable; elsewhere its tests are skipped with a reason.
 */
final class Databases {

    static final String H2 = "h2";
    static final String POSTGRES = "postgres";

    private static volatile String pgProblem;
    private static volatile boolean pgChecked;

    private Databases() {
    }

    static List<String> all() {
        return List.of(H2, POSTGRES);
    }

    static String url(String db) {
        if (H2.equals(db)) {
            return "jdbc:h2:mem:sno;DB_CLOSE_DELAY=-1";
        }
        String url = System.getProperty("sno.pg.url");
        if (url == null || url.isEmpty()) {
            url = System.getenv("SNO_PG_URL");
        }
        return url == null || url.isEmpty() ? "jdbc:postgresql://127.0.0.1:54329/sno?user=sno" : url;
    }

    /** A connection to db; skips (or, in CI, fails) the test if PostgreSQL is not there. */
    static Connection connect(String db) throws SQLException {
        if (POSTGRES.equals(db)) {
            requirePostgres();
        }
        return DriverManager.getConnection(url(db));
    }

    static void requirePostgres() {
        if (!pgChecked) {
            synchronized (Databases.class) {
                if (!pgChecked) {
                    DriverManager.setLoginTimeout(5);
                    try (Connection c = DriverManager.getConnection(url(POSTGRES))) {
                        pgProblem = c.isValid(5) ? null : "PostgreSQL connection at " + url(POSTGRES) + " is not valid";
                    } catch (SQLException e) {
                        pgProblem = "no PostgreSQL at " + url(POSTGRES) + " (" + e.getMessage()
                                + "); start one with scripts/pg-test-server.sh start";
                    }
                    pgChecked = true;
                }
            }
        }
        if (pgProblem != null) {
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError("CI=true requires PostgreSQL: " + pgProblem);
            }
            System.out.println("[sno-jdbc] skipping PostgreSQL test: " + pgProblem);
            Assumptions.abort(pgProblem);
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
