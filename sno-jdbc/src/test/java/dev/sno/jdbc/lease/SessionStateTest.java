package dev.sno.jdbc.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.PartitionLease;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Lease statements leave nothing on the server's session, so that a pooler in transaction mode
 * (PgBouncer) may run each transaction on another server connection: after an acquisition, 25
 * renewals, a release and a second acquisition through one reused connection, PostgreSQL's
 * session has no prepared statement (pgjdbc names one after its {@code prepareThreshold} of 5
 * runs of a {@code PreparedStatement}'s text, and names {@code COMMIT} at once when
 * {@code Connection.commit()} runs it) and MariaDB's has counted no server-side prepare since
 * the namespace's rows were inserted. The namespace carries a quote and a backslash, which inlined arguments must keep.
 */
class SessionStateTest {

    private static final Duration LEASE = Duration.ofSeconds(30);

    static Iterable<String> databases() {
        return LeaseDb.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void renewalsThroughOneConnectionLeaveNoStatementOnTheServer(String db) throws Exception {
        LeaseDb ds = LeaseDb.open(db, 1);
        try {
            String namespace = "it's a \\ns " + UUID.randomUUID().toString().substring(0, 8);
            assertEquals(0, serverPrepares(ds, db), db + ": a new connection");
            JdbcLeaseStore store = JdbcLeaseStore.builder(ds).build();
            store.prepare(namespace, 0, 1);
            // MariaDB: a counter. The rows' batch insert in prepare() goes through the driver's
            // bulk protocol, which prepares on the server (once per namespace; MaxScale and
            // ProxySQL carry prepared statements across backends). PostgreSQL: the statements
            // that exist, none even after prepare().
            long afterPrepare = db.equals(LeaseDb.POSTGRES) ? 0 : serverPrepares(ds, db);

            PartitionLease lease = acquire(store, namespace, "a".repeat(32));
            for (int i = 1; i <= 25; i++) {
                GeneratorSnapshot s = new GeneratorSnapshot(lease.partition(), 0, 65535, i, 1000 + i, 2000 + i,
                        2000 + i, 0);
                assertTrue(store.renew(lease, "a".repeat(32), LEASE, s), "renewal " + i);
            }
            assertFalse(store.renew(lease, "b".repeat(32), LEASE,
                    new GeneratorSnapshot(lease.partition(), 0, 65535, 99, 1099, 2099, 2099, 0)),
                    "a renewal with another token writes nothing");
            assertTrue(store.release(lease, "a".repeat(32)));
            PartitionLease again = acquire(store, namespace, "c".repeat(32));

            try (Connection c = ds.getConnection();
                    PreparedStatement q = c.prepareStatement("SELECT epoch, seq, holder_token FROM "
                            + LeaseDialect.TABLE + " WHERE namespace = ? AND partition_no = ?")) {
                q.setString(1, namespace);
                q.setInt(2, again.partition());
                try (ResultSet r = q.executeQuery()) {
                    assertTrue(r.next(), "the row of " + namespace + " as written");
                    assertEquals(again.epoch(), r.getLong(1));
                    assertEquals("c".repeat(32), r.getString(3));
                    if (again.partition() == lease.partition()) {
                        assertEquals(25, r.getLong(2), "the last renewal's state, kept through the release");
                    }
                }
            }
            assertEquals(afterPrepare, serverPrepares(ds, db),
                    db + ": server-side prepared statements made by lease calls, COMMIT included");
        } finally {
            ds.close();
        }
    }

    @Test
    void inlinedArgumentsAreEscapeStringsAndNumbers() {
        assertEquals("SELECT 1 FROM t WHERE a = E'it''s a \\\\ns' AND b = 7 AND c = -9000000000",
                Sql.of("SELECT 1 FROM t WHERE a = ? AND b = ? AND c = ?", "it's a \\ns", 7, -9_000_000_000L)
                        .inlined());
        assertEquals("2 arguments for 1 placeholders in SELECT ?",
                assertThrows(IllegalStateException.class, () -> Sql.of("SELECT ?", 1, 2).inlined()).getMessage());
        assertEquals("1 arguments for more placeholders in SELECT ?, ?",
                assertThrows(IllegalStateException.class, () -> Sql.of("SELECT ?, ?", 1).inlined()).getMessage());
    }

    private static PartitionLease acquire(JdbcLeaseStore store, String namespace, String token) throws Exception {
        LeaseStore.Grant g = store.acquire(new LeaseStore.Claim(namespace, 0, 1, LEASE, token, "test-host", 1))
                .orElseThrow();
        return new PartitionLease(namespace, g.partition(), g.epoch(), "test-host", 1);
    }

    /**
     * The server-side prepared statements of the pool's one connection: those PostgreSQL's
     * session holds, or the prepares MariaDB's session has counted; 0 for H2, which has no
     * pooler in front of it.
     */
    private static long serverPrepares(LeaseDb ds, String db) throws SQLException {
        String sql = switch (db) {
            case LeaseDb.POSTGRES -> "SELECT COUNT(*) FROM pg_prepared_statements";
            case LeaseDb.MARIADB, LeaseDb.MYSQL_DRIVER ->
                    "SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS WHERE VARIABLE_NAME = 'COM_STMT_PREPARE'";
            default -> null;
        };
        if (sql == null) {
            return 0;
        }
        try (Connection c = ds.getConnection(); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            assertTrue(r.next(), sql);
            return r.getLong(1);
        }
    }
}
