package dev.sno.jdbc.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoGenerator;
import dev.sno.StateStoreException;
import dev.sno.lease.LeaseListener;
import dev.sno.lease.PartitionLease;
import dev.sno.lease.PartitionLeases;
import dev.sno.testsupport.LogCapture;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 19's deployment findings: what a real deployment does to leases that a test on one
 * session with default settings never shows.
 */
class LeaseDeploymentTest {

    /** The exhausted pool's late renewal is logged: asserted, not printed. */
    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    /**
     * Two clients whose sessions are 25 hours apart in time zone (MariaDB allows -12:59 to
     * +13:00). With a {@code DATETIME} column and {@code CURRENT_TIMESTAMP} (the session's local
     * time), the client at UTC+13 wrote an expiry that the client at UTC-12 read as long past,
     * and took over a live lease. Expiries are now written and compared in UTC
     * ({@code UTC_TIMESTAMP(6)}). PostgreSQL and H2 keep {@code TIMESTAMP WITH TIME ZONE}, an
     * absolute time whatever the session's zone.
     */
    @ParameterizedTest
    @ValueSource(strings = {LeaseDb.MARIADB, LeaseDb.MYSQL_DRIVER})
    void clientsInDistantTimeZonesNeverTakeALiveLease(String dbName) throws Exception {
        LeaseDb base = LeaseDb.open(dbName, 1);
        base.close();
        // MariaDB Connector/J takes the URL's text as is; MySQL Connector/J decodes %2B to '+'.
        String east = base.url() + "&sessionVariables=time_zone='" + (LeaseDb.MARIADB.equals(dbName) ? "+" : "%2B")
                + "13:00'";
        String west = base.url() + "&sessionVariables=time_zone='-12:00'";
        assertEquals("+13:00", sessionZone(east), "the session setting took effect");
        assertEquals("-12:00", sessionZone(west), "the session setting took effect");
        String ns = "tz-" + UUID.randomUUID().toString().substring(0, 8);
        LeaseDb eastDb = LeaseDb.forUrl(east, 2);
        LeaseDb westDb = LeaseDb.forUrl(west, 2);
        try (SnoGenerator holder = JdbcPartitionLeases.builder(eastDb).namespace(ns).partitions(5, 5)
                .leaseDuration(Duration.ofSeconds(60)).build().acquire()) {
            holder.next(1);
            PartitionLeases other = JdbcPartitionLeases.builder(westDb).namespace(ns).partitions(5, 5).build();
            assertThrows(IllegalStateException.class, other::acquire, "the lease is live for the western client too");
            assertEquals(1L, LeaseRows.epoch(westDb, ns, 5));
        } finally {
            eastDb.close();
            westDb.close();
        }
    }

    private static String sessionZone(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            var r = s.executeQuery("SELECT @@session.time_zone");
            r.next();
            return r.getString(1);
        }
    }

    /**
     * A pool of one connection that the application holds. The renewal used to wait for a
     * connection under the generator's lock for the pool's whole timeout (28 s and 88 s measured
     * with HikariCP), blocking {@code next()} and reporting nothing. Now the holder hears
     * {@code renewalFailed} at its fence deadline, no {@code next()} waits longer than the fence
     * interval (2.5 s here; the pool's timeout is 30 s), and the lease recovers once the
     * application gives the connection back.
     */
    @ParameterizedTest
    @ValueSource(strings = {LeaseDb.H2, LeaseDb.MARIADB, LeaseDb.POSTGRES})
    void anExhaustedPoolIsReportedAtTheDeadlineAndNeverBlocksNext(String dbName) throws Exception {
        LeaseDb real = LeaseDb.open(dbName, 1);
        OneConnection pool = new OneConnection(real);
        List<String> events = new CopyOnWriteArrayList<>();
        LeaseListener listener = new LeaseListener() {
            @Override
            public void renewalFailed(PartitionLease lease, Exception cause) {
                events.add("failed");
            }

            @Override
            public void leaseRecovered(PartitionLease lease) {
                events.add("recovered");
            }
        };
        String ns = "pool-" + UUID.randomUUID().toString().substring(0, 8);
        Duration lease = Duration.ofSeconds(3); // fence interval 2.5 s
        try (SnoGenerator g = JdbcPartitionLeases.builder(pool).namespace(ns).partitions(0, 3).leaseDuration(lease)
                .listener(listener).build().acquire()) {
            g.next(1);
            long longestNanos = 0;
            try (Connection appHolds = pool.getConnection()) {
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5); // well past the fence deadline
                long bound = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                // 5 s, and on until the failed renewal was reported (late on a busy machine), at most 30 s
                while (System.nanoTime() - until < 0 || !events.contains("failed") && System.nanoTime() - bound < 0) {
                    long t0 = System.nanoTime();
                    try {
                        g.next(1);
                    } catch (StateStoreException fenced) {
                        // past the deadline without a renewal: refused, promptly
                    }
                    longestNanos = Math.max(longestNanos, System.nanoTime() - t0);
                    TimeUnit.MILLISECONDS.sleep(5);
                }
                assertTrue(appHolds.isValid(1));
            }
            assertTrue(events.contains("failed"), "renewalFailed was reported: " + events);
            assertTrue(longestNanos < TimeUnit.MILLISECONDS.toNanos(2_500),
                    "the longest next() took " + longestNanos / 1_000_000 + " ms; the fence interval is 2.5 s");
            LeaseDb.await("the recovery", 10_000, () -> events.contains("recovered"));
            g.next(1);
            System.out.printf("[pool of 1] %s: longest next() while the app held the only connection: %d ms%n",
                    dbName, longestNanos / 1_000_000);
            logs.expect(Level.WARNING, "did not answer the renew");
            logs.allow(Level.INFO, "works again");
        } finally {
            real.close();
        }
    }

    /**
     * The application's role may read and write the lease table but does not own it (a
     * migration tool's role created it). {@code build()} used to run {@code CREATE INDEX IF NOT
     * EXISTS} anyway and failed with "must be owner of table"; it now runs no DDL when the table
     * exists.
     */
    @Test
    void aRoleThatMayOnlyReadAndWriteTheTableLeases() throws Exception {
        LeaseDb owner = LeaseDb.open(LeaseDb.POSTGRES, 2);
        String schema = "own_" + UUID.randomUUID().toString().substring(0, 8);
        String role = "app_" + schema;
        try (Connection c = owner.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
            s.execute("SET search_path = " + schema);
            for (String ddl : JdbcPartitionLeases.DDL.split(";\n")) {
                s.execute(ddl);
            }
            s.execute("CREATE ROLE " + role + " LOGIN");
            s.execute("GRANT USAGE ON SCHEMA " + schema + " TO " + role);
            s.execute("GRANT SELECT, INSERT, UPDATE ON " + schema + ".sno_partition_lease TO " + role);
        }
        String url = owner.url().replaceFirst("user=sno", "user=" + role) + "&currentSchema=" + schema;
        LeaseDb app = LeaseDb.forUrl(url, 2);
        try (SnoGenerator g = JdbcPartitionLeases.builder(app).namespace("owned").partitions(0, 9).build().acquire()) {
            assertEquals(0, g.next(1).partition());
        } finally {
            app.close();
            owner.close();
        }
    }

    /** A pool of exactly one connection: getConnection waits up to 30 s for it, as HikariCP does. */
    private static final class OneConnection extends TestDataSource {
        private final DataSource real;
        private final Semaphore permit = new Semaphore(1);

        OneConnection(DataSource real) {
            this.real = real;
        }

        @Override
        public Connection getConnection() throws SQLException {
            try {
                if (!permit.tryAcquire(30, TimeUnit.SECONDS)) {
                    throw new SQLException("Connection is not available, request timed out after 30000ms", "08001");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted", "08001", e);
            }
            Connection c = real.getConnection();
            boolean[] released = {false};
            return (Connection) java.lang.reflect.Proxy.newProxyInstance(Connection.class.getClassLoader(),
                    new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                        if (method.getName().equals("close")) {
                            if (!released[0]) {
                                released[0] = true;
                                c.close();
                                permit.release();
                            }
                            return null;
                        }
                        try {
                            return method.invoke(c, args);
                        } catch (java.lang.reflect.InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }
    }
}
