package dev.sno.jdbc;

import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;

/**
 * The real databases the tests run against: H2 in memory (always); PostgreSQL 15, PostgreSQL 18,
 * MariaDB and MySQL as test-support's {@link TestServers} gives them: the user's server
 * ({@code -Dsno.pg.url} / {@code SNO_PG_URL}, {@code -Dsno.pg18.url} / {@code SNO_PG18_URL},
 * {@code -Dsno.mariadb.url} / {@code SNO_MARIADB_URL}, {@code -Dsno.mysql.url} /
 * {@code SNO_MYSQL_URL}), or the build's own, started for the tests.
 * A missing server fails the test; only a server the user turned off ({@code off}) skips it.
 */
final class Databases {

    static final String H2 = "h2";
    static final String POSTGRES = "postgres";
    static final String POSTGRES_18 = "postgres18";
    static final String MARIADB = "mariadb";
    static final String MYSQL = "mysql";

    private Databases() {
    }

    static List<String> all() {
        return List.of(H2, POSTGRES);
    }

    /** The URL of db, starting the build's server for it if no test has yet. */
    static String url(String db) {
        switch (db) {
            case H2:
                return "jdbc:h2:mem:sno;DB_CLOSE_DELAY=-1";
            case POSTGRES:
                return TestServers.url(Server.POSTGRES);
            case POSTGRES_18:
                return TestServers.url(Server.POSTGRES_18);
            case MARIADB:
                return TestServers.url(Server.MARIADB);
            case MYSQL:
                return TestServers.url(Server.MYSQL);
            default:
                throw new IllegalArgumentException("unknown database " + db);
        }
    }

    /** A connection to db. */
    static Connection connect(String db) throws SQLException {
        return DriverManager.getConnection(url(db));
    }

    static void requirePostgres() {
        require(POSTGRES);
    }

    /** Makes sure db's server is there (started, or the user's reachable): see {@link TestServers}. */
    static void require(String db) {
        url(db);
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
