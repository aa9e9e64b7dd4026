package dev.sno.jdbc.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sno.testsupport.LeaseLatency;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 19's numbers for the database store, measured as every store's LatencyTest measures
 * them (test-support's {@link LeaseLatency}): acquire and renew latency (median, p99) in a
 * namespace of all 65,536 partitions with 1,000 of them held, one caller at a time, and the first
 * prepare of a namespace; per database and driver (MariaDB through both drivers, and MySQL 8.0
 * through MySQL Connector/J with MySQL's defaults). What is asserted is the behaviour (1,000
 * distinct partitions, every renewal written, 1,000 rows held at epoch 1); the figures are printed
 * for docs/performance.md, which gives date, CPU and versions.
 */
class LeaseLatencyTest {

    @ParameterizedTest
    @ValueSource(strings = {LeaseDb.POSTGRES, LeaseDb.MARIADB, LeaseDb.MYSQL_DRIVER, LeaseDb.MYSQL, LeaseDb.H2})
    void acquireAndRenewWithAThousandPartitionsHeld(String dbName) throws Exception {
        LeaseDb db = LeaseDb.open(dbName, 4);
        try {
            JdbcLeaseStore store = JdbcPartitionLeases.store(db).build();
            String ns = "lat-" + UUID.randomUUID().toString().substring(0, 8);
            long t0 = System.nanoTime();
            store.prepare(ns, 0, 0xFFFF);
            long prepareNanos = System.nanoTime() - t0;
            t0 = System.nanoTime();
            store.prepare(ns, 0, 0xFFFF);
            long againNanos = System.nanoTime() - t0;
            LeaseLatency l = LeaseLatency.measure(store, ns, 1_000, 1);
            assertEquals(1_000, heldAtEpochOne(db, ns), "rows held at epoch 1");
            System.out.printf(Locale.ROOT, "[numbers %s] 65,536 partitions, 1,000 held, one caller: acquire median"
                    + " %.2f ms, p99 %.2f ms; renew median %.2f ms, p99 %.2f ms; first prepare of the namespace %.0f ms,"
                    + " again %.1f ms%n", dbName, l.acquire(50), l.acquire(99), l.renew(50), l.renew(99),
                    prepareNanos / 1e6, againNanos / 1e6);
        } finally {
            db.close();
        }
    }

    private static int heldAtEpochOne(LeaseDb db, String ns) throws Exception {
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM"
                + " sno_partition_lease WHERE namespace = ? AND epoch = 1 AND holder_token IS NOT NULL")) {
            s.setString(1, ns);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }
}
