package dev.sno.jdbc.lease;

import dev.sno.testsupport.TestServers.Server;
import dev.sno.testsupport.TestServers;
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

/**
 * A real database for the lease tests: H2 in memory, or the PostgreSQL, MariaDB or MySQL server
 * that test-support's {@link TestServers} gives (the user's, or the build's own), MariaDB through
 * MariaDB Connector/J ({@link #MARIADB}) or MySQL Connector/J ({@link #MYSQL_DRIVER}), MySQL 8.0
 * through MySQL Connector/J ({@link #MYSQL}). As a
 * {@link javax.sql.DataSource} it pools connections (every renewal borrows one) and can be cut off, which
 * is what a crashed or partitioned holder looks like to the database: no more writes.
 */
final class LeaseDb extends TestDataSource {

    static final String H2 = "h2";
    static final String POSTGRES = "postgres";
    /** PostgreSQL 18, for the contract test. */
    static final String POSTGRES_18 = "postgres18";
    static final String MARIADB = "mariadb";
    /** The MariaDB server through MySQL Connector/J, as a MySQL application would reach it. */
    static final String MYSQL_DRIVER = "mysql-driver";
    /** MySQL 8.0 through MySQL Connector/J, with MySQL's defaults (REPEATABLE READ, sql_mode). */
    static final String MYSQL = "mysql";

    private final String url;
    private final BlockingQueue<Connection> idle;
    private volatile boolean cut;
    private volatile boolean closed;

    private LeaseDb(String url, int poolSize) {
        this.url = url;
        this.idle = new ArrayBlockingQueue<>(poolSize);
    }

    static List<String> all() {
        return List.of(H2, POSTGRES, MARIADB, MYSQL_DRIVER, MYSQL);
    }

    /** A pooled data source on db; each H2 one is a database of its own. */
    static LeaseDb open(String db, int poolSize) {
        if (POSTGRES.equals(db)) {
            requirePostgres();
            return new LeaseDb(pgUrl(), poolSize);
        }
        if (POSTGRES_18.equals(db)) {
            return new LeaseDb(TestServers.url(Server.POSTGRES_18), poolSize);
        }
        if (MYSQL.equals(db)) {
            return new LeaseDb(mysqlUrl(), poolSize);
        }
        if (MARIADB.equals(db) || MYSQL_DRIVER.equals(db)) {
            return new LeaseDb(MARIADB.equals(db) ? mariaDbUrl() : mysqlDriverUrl(), poolSize);
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
        return TestServers.url(Server.POSTGRES);
    }

    static String mariaDbUrl() {
        return TestServers.url(Server.MARIADB);
    }

    /**
     * The MariaDB server's URL for MySQL Connector/J. The test server has no TLS set up; MySQL
     * Connector/J's default (sslMode=PREFERRED) negotiates it on every new connection, which
     * under load took seconds and timed out.
     */
    static String mysqlDriverUrl() {
        return mariaDbUrl().replaceFirst("^jdbc:mariadb:", "jdbc:mysql:") + "&sslMode=DISABLED";
    }

    static String mysqlUrl() {
        return TestServers.url(Server.MYSQL);
    }

    /** Makes sure the PostgreSQL server is there (see {@link TestServers}). */
    static void requirePostgres() {
        pgUrl();
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
