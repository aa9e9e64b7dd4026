package dev.sno.jdbc.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import dev.sno.lease.PartitionLease;
import dev.sno.testsupport.TestServers;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGStatement;

/**
 * Leases through PgBouncer in transaction mode, with pgjdbc's default {@code prepareThreshold}
 * (5) and one client connection that the store borrows for every call, as from a pool, so that
 * the driver's per-connection statement cache is in play: acquire, renew 25 times, release,
 * acquire again; every call must succeed. pgjdbc prepares on the server, under a name of its
 * client connection ({@code S_1}, {@code S_2}, ...), each statement it has run
 * {@code prepareThreshold} times on that connection, and its own {@code COMMIT} at the first
 * commit (unless the connection's {@code prepareThreshold} is 0); afterwards it sends only the
 * name. In transaction mode the next transaction may run on another server connection, which
 * lacks the statement ({@code prepared statement "S_1" does not exist}) or holds another
 * client's statement of that name ({@code ... "S_1" already exists}). In auto-commit mode pgjdbc
 * prepares again and retries once after "does not exist"; inside a transaction, as in an
 * acquisition, it cannot.
 *
 * <p>Runs only when {@code -Dsno.pgbouncer.url} or {@code SNO_PGBOUNCER_URL} is set, which only
 * {@code scripts/debian-servers.sh} does: no Maven artifact ships PgBouncer. Every other build
 * skips it, and the build's test summary names it (test-support's {@code TestServers.external}). The script starts Debian's PgBouncer in transaction
 * mode in front of the build's PostgreSQL, with {@code server_reset_query = DISCARD ALL} and
 * {@code server_reset_query_always = 1}, so that no server-side state outlives a transaction.
 * That makes certain what transaction mode does by chance when a fleet of clients shares several
 * server connections (PgBouncer's documentation: the setting "changes non-deterministic breakage
 * to deterministic breakage"); with PgBouncer's defaults a single client would always get its
 * one server connection back. The test first checks that the pooler does drop prepared
 * statements between transactions, so that it cannot pass against a plain server or a pooler
 * that keeps them.
 */
class PgBouncerLeaseTest {

    private static final Duration LEASE = Duration.ofSeconds(60);
    private static final int RENEWALS = 25;
    private static final String NEEDS = "; this test needs PgBouncer in transaction mode that resets its server"
            + " connections after every transaction (scripts/debian-servers.sh)";

    @Test
    void leasesThroughTransactionModeWithTheDriversDefaultPrepareThreshold() throws Exception {
        String url = TestServers.external("PgBouncer in transaction mode", "sno.pgbouncer.url", "SNO_PGBOUNCER_URL",
                "Debian's pgbouncer package; scripts/debian-servers.sh installs it, starts it and runs this test");
        assertFalse(url.contains("prepareThreshold"), "the test is about the driver's default prepareThreshold: " + url);
        poolerDropsServerSideStatementsBetweenTransactions(url);

        try (OneConnection ds = new OneConnection(url)) {
            assertEquals(5, ds.real.unwrap(PGConnection.class).getPrepareThreshold(), "pgjdbc's default");
            JdbcLeaseStore store = JdbcPartitionLeases.store(ds).build();
            String ns = "bouncer-" + UUID.randomUUID().toString().substring(0, 8);
            call("prepare", () -> {
                store.prepare(ns, 0, 0);
                return null;
            });
            String token = token();
            Grant first = call("the first acquisition", () -> store.acquire(claim(ns, token))).orElseThrow();
            assertEquals(0, first.partition());
            PartitionLease lease = new PartitionLease(ns, 0, first.epoch(), "pgbouncer-test", 1);
            GeneratorSnapshot last = null;
            for (int i = 1; i <= RENEWALS; i++) {
                GeneratorSnapshot s = new GeneratorSnapshot(0, 0, 65535, i, 1_000 + i, 1_000 + i, 1_000, i);
                assertTrue(call("renewal " + i + " of " + RENEWALS, () -> store.renew(lease, token, LEASE, s)),
                        "renewal " + i + " was refused: the lease was lost");
                last = s;
            }
            assertTrue(call("the release", () -> store.release(lease, token)), "the release found the lease lost");
            String next = token();
            Grant second = call("the second acquisition", () -> store.acquire(claim(ns, next))).orElseThrow();
            assertEquals(0, second.partition());
            assertEquals(first.epoch() + 1, second.epoch());
            assertEquals(last, second.state(), "the state of the last renewal is what the next holder gets");
            PartitionLease again = new PartitionLease(ns, 0, second.epoch(), "pgbouncer-test", 1);
            assertTrue(call("the second release", () -> store.release(again, next)));
        }
    }

    /**
     * The premise: a statement that pgjdbc prepared on the server is gone from the server
     * session that the next transaction gets. Against a plain server, or a pooler that keeps
     * server-side state between transactions, this fails.
     */
    private static void poolerDropsServerSideStatementsBetweenTransactions(String url) {
        try (Connection c = DriverManager.getConnection(url); PreparedStatement p = c.prepareStatement("SELECT 1")) {
            boolean named = false;
            for (int i = 0; i < 10 && !named; i++) {
                named = p.unwrap(PGStatement.class).isUseServerPrepare(); // this execution names it
                p.executeQuery().close();
            }
            assertTrue(named, "pgjdbc never prepared the statement on the server");
            try (Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("SELECT count(*) FROM pg_prepared_statements WHERE statement = 'SELECT 1'")) {
                assertTrue(r.next());
                assertEquals(0, r.getInt(1), "the server-side statement outlived its transaction at " + url + NEEDS);
            }
        } catch (SQLException e) {
            throw new AssertionError("checking the pooler at " + url + " failed: " + e + NEEDS, e);
        }
    }

    private static Claim claim(String ns, String token) {
        return new Claim(ns, 0, 0, LEASE, token, "pgbouncer-test", 1);
    }

    private static String token() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    /** A store call; its failure fails the test naming the call. */
    private interface Call<T> {
        T run() throws IOException;
    }

    private static <T> T call(String what, Call<T> call) {
        try {
            return call.run();
        } catch (IOException e) {
            throw new AssertionError(what + " through PgBouncer failed: " + e.getMessage(), e);
        }
    }

    /**
     * One client connection, lent to one borrower at a time: close() gives it back. Like a
     * connection pool of one, it keeps the driver's per-connection statement cache from call to
     * call.
     */
    private static final class OneConnection extends TestDataSource implements AutoCloseable {
        final Connection real;
        private boolean lent;

        OneConnection(String url) throws SQLException {
            real = DriverManager.getConnection(url);
        }

        @Override
        public synchronized Connection getConnection() throws SQLException {
            if (lent) {
                throw new SQLException("the one connection is lent out already", "08001");
            }
            lent = true;
            boolean[] back = {false};
            return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
                    new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                        if (method.getName().equals("close")) {
                            synchronized (this) {
                                if (!back[0]) {
                                    back[0] = true;
                                    lent = false;
                                }
                            }
                            return null;
                        }
                        if (method.getName().equals("isClosed") && back[0]) {
                            return true;
                        }
                        if (back[0]) {
                            throw new SQLException("connection given back already");
                        }
                        try {
                            return method.invoke(real, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }

        @Override
        public void close() throws SQLException {
            real.close();
        }
    }
}
