package dev.sno.jdbc.lease;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A real database for the lease tests: H2 in memory, the PostgreSQL server at
 * {@code -Dsno.pg.url}, {@code SNO_PG_URL} or scripts/pg-test-server.sh's default, or the
 * MariaDB server at {@code -Dsno.mariadb.url}, {@code SNO_MARIADB_URL} or
 * scripts/mariadb-test-server.sh's default, through MariaDB Connector/J ({@link #MARIADB}) or
 * MySQL Connector/J ({@link #MYSQL_DRIVER}). In CI ({@code CI=true}) the servers must be there;
 * elsewhere their tests are skipped. As a
 * {@link javax.sql.DataSource} it pools connections (every renewal borrows one) and can be cut off, which
 * is what a crashed or partitioned holder looks like to the database: no more writes.
 */
final class LeaseDb extends TestDataSource {

    static final String H2 = "h2";
    static final String POSTGRES = "postgres";
    static final String MARIADB = "mariadb";
    /** The MariaDB server through MySQL Connector/J, as a MySQL application would reach it. */
    static final String MYSQL_DRIVER = "mysql-driver";

    private static final java.util.Map<String, String> PROBLEMS = new java.util.concurrent.ConcurrentHashMap<>();

    private static volatile String pgProblem;
    private static volatile boolean pgChecked;

    private final String url;
    private final BlockingQueue<Connection> idle;
    private volatile boolean cut;
    private volatile boolean closed;

    private LeaseDb(String url, int poolSize) {
        this.url = url;
        this.idle = new ArrayBlockingQueue<>(poolSize);
    }

    static List<String> all() {
        return List.of(H2, POSTGRES, MARIADB, MYSQL_DRIVER);
    }

    /** A pooled data source on db; each H2 one is a database of its own. */
    static LeaseDb open(String db, int poolSize) {
        if (POSTGRES.equals(db)) {
            requirePostgres();
            return new LeaseDb(pgUrl(), poolSize);
        }
        if (MARIADB.equals(db) || MYSQL_DRIVER.equals(db)) {
            String url = MARIADB.equals(db) ? mariaDbUrl() : mysqlDriverUrl();
            require(db, url, "scripts/mariadb-test-server.sh start");
            return new LeaseDb(url, poolSize);
        }
        return new LeaseDb("jdbc:h2:mem:lease-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1", poolSize);
    }

    /** A pool on a database given by its URL (child JVMs). */
    static LeaseDb forUrl(String url, int poolSize) {
        return new LeaseDb(url, poolSize);
    }

    /** Another pool on the same database. */
    LeaseDb sibling(int poolSize) {
        return new LeaseDb(url, poolSize);
    }

    String url() {
        return url;
    }

    static String pgUrl() {
        String u = System.getProperty("sno.pg.url");
        if (u == null || u.isEmpty()) {
            u = System.getenv("SNO_PG_URL");
        }
        return u == null || u.isEmpty() ? "jdbc:postgresql://127.0.0.1:54329/sno?user=sno" : u;
    }

    static String mariaDbUrl() {
        String u = System.getProperty("sno.mariadb.url");
        if (u == null || u.isEmpty()) {
            u = System.getenv("SNO_MARIADB_URL");
        }
        return u == null || u.isEmpty() ? "jdbc:mariadb://127.0.0.1:33069/sno?user=sno&password=sno" : u;
    }

    /**
     * The MariaDB server's URL for MySQL Connector/J. The test server has no TLS set up; MySQL
     * Connector/J's default (sslMode=PREFERRED) negotiates it on every new connection, which
     * under load took seconds and timed out.
     */
    static String mysqlDriverUrl() {
        return mariaDbUrl().replaceFirst("^jdbc:mariadb:", "jdbc:mysql:") + "&sslMode=DISABLED";
    }

    /** Skips (or, in CI, fails) the test if the server at url cannot be reached. */
    static void require(String db, String url, String howToStart) {
        String problem = PROBLEMS.computeIfAbsent(db, k -> {
            DriverManager.setLoginTimeout(5);
            try (Connection c = DriverManager.getConnection(url)) {
                return c.isValid(5) ? "" : db + " connection at " + url + " is not valid";
            } catch (SQLException e) {
                return "no " + db + " at " + url + " (" + e.getMessage() + "); start one with " + howToStart;
            }
        });
        if (!problem.isEmpty()) {
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError("CI=true requires " + db + ": " + problem);
            }
            System.out.println("[sno-jdbc] skipping " + db + " test: " + problem);
            Assumptions.abort(problem);
        }
    }

    static void requirePostgres() {
        if (!pgChecked) {
            synchronized (LeaseDb.class) {
                if (!pgChecked) {
                    DriverManager.setLoginTimeout(5);
                    try (Connection c = DriverManager.getConnection(pgUrl())) {
                        pgProblem = c.isValid(5) ? null : "PostgreSQL connection at " + pgUrl() + " is not valid";
                    } catch (SQLException e) {
                        pgProblem = "no PostgreSQL at " + pgUrl() + " (" + e.getMessage()
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

    /** Cuts this data source off the database (true) or reconnects it (false). */
    void cut(boolean off) {
        cut = off;
        if (off) {
            drain();
        }
    }

    void close() {
        closed = true;
        drain();
    }

    private void drain() {
        Connection c;
        while ((c = idle.poll()) != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // closing a broken connection
            }
        }
    }

    @Override
    public Connection getConnection() throws SQLException {
        if (cut || closed) {
            throw new SQLException("test data source is cut off from the database", "08001");
        }
        Connection real = idle.poll();
        if (real == null) {
            real = DriverManager.getConnection(url);
        }
        return pooled(real);
    }

    /** A connection whose close() returns it to the pool, unless it broke or we are cut. */
    private Connection pooled(Connection real) {
        boolean[] broken = {false};
        boolean[] done = {false};
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("close")) {
                        if (!done[0]) {
                            done[0] = true;
                            if (broken[0] || cut || closed || !idle.offer(real)) {
                                real.close();
                            }
                        }
                        return null;
                    }
                    if (done[0]) {
                        throw new SQLException("connection returned to the pool");
                    }
                    try {
                        return method.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        if (e.getCause() instanceof SQLException s
                                && (s.getSQLState() == null || s.getSQLState().startsWith("08") || s.getSQLState().startsWith("57"))) {
                            broken[0] = true;
                        }
                        throw e.getCause();
                    }
                });
    }

    /** Waits for a condition, failing after the timeout. */
    static void await(String what, long timeoutMillis, Check check) throws Exception {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (!check.holds()) {
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("timed out after " + timeoutMillis + " ms waiting for " + what);
            }
            Thread.sleep(10);
        }
    }

    /** A condition to wait for. */
    interface Check {
        boolean holds() throws Exception;
    }
}
