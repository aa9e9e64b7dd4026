package dev.sno.jdbc.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Preparing a range on MariaDB and MySQL costs one insert statement per 512 new rows, whatever
 * the driver does with a batch: MySQL Connector/J, unless the URL says
 * {@code rewriteBatchedStatements=true} (the build's URLs do not), sends a batch one row at a
 * time, so that the first start of a namespace of 65,536 partitions took 7.5 s on MySQL 8.0
 * against 3 s on PostgreSQL. Counted on the server ({@code Com_insert} of the store's one
 * session), not timed.
 */
class PrepareRoundTripsTest {

    @ParameterizedTest
    @ValueSource(strings = {LeaseDb.MYSQL, LeaseDb.MYSQL_DRIVER, LeaseDb.MARIADB})
    void aRangeIsInsertedInStatementsOf512Rows(String db) throws Exception {
        LeaseDb dataSource = LeaseDb.open(db, 1);
        try {
            JdbcLeaseStore store = JdbcLeaseStore.builder(dataSource).build();
            String ns = "rows-" + UUID.randomUUID().toString().substring(0, 8);
            store.prepare(ns + "-table", 0, 0); // the table exists before counting
            long session = sessionId(dataSource);
            long before = inserts(dataSource);
            store.prepare(ns, 0, 4095);
            long after = inserts(dataSource);
            assertEquals(session, sessionId(dataSource), "the counts are of the store's one session");
            assertEquals(4096, rows(dataSource, ns), "the rows of the range");
            assertEquals(8, after - before, "insert statements for 4,096 new rows on " + db);
            store.prepare(ns, 0, 4095);
            assertEquals(after, inserts(dataSource), "an existing range inserts nothing");
            store.prepare(ns, 4000, 4200);
            assertEquals(after + 1, inserts(dataSource), "105 new rows of a range of 201: one statement");
            assertEquals(4201, rows(dataSource, ns), "the rows after the second range");
        } finally {
            dataSource.close();
        }
    }

    private static long sessionId(LeaseDb dataSource) throws SQLException {
        return query(dataSource, "SELECT CONNECTION_ID()");
    }

    private static long inserts(LeaseDb dataSource) throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SHOW SESSION STATUS LIKE 'Com_insert'")) {
            assertTrue(r.next(), "Com_insert");
            return r.getLong(2);
        }
    }

    private static long rows(LeaseDb dataSource, String ns) throws SQLException {
        return query(dataSource, "SELECT COUNT(*) FROM sno_partition_lease WHERE namespace = '" + ns + "'");
    }

    private static long query(LeaseDb dataSource, String sql) throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
                ResultSet r = s.executeQuery(sql)) {
            assertTrue(r.next(), sql);
            return r.getLong(1);
        }
    }
}
