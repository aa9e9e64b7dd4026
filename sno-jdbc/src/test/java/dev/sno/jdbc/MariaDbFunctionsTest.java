package dev.sno.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoId;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * The SQL functions of {@link SnoJdbc#MARIADB_FUNCTIONS} on a real MariaDB (11.4 in CI): the
 * family's cases, and MariaDB's UUID type.
 */
class MariaDbFunctionsTest extends MySqlFamilyFunctionsTest {

    @Override
    String server() {
        return "MariaDB";
    }

    @Override
    String createDatabase(String prefix) throws SQLException {
        return MariaDb.createDatabase(prefix);
    }

    @Override
    String url(String database) {
        return MariaDb.url(database);
    }

    @Override
    void dropDatabase(String database) throws SQLException {
        MariaDb.dropDatabase(database);
    }

    @Override
    DataSource dataSource(String url) throws SQLException {
        return new MariaDbDataSource(url);
    }

    @Override
    List<String> replaceSnoBytesWithARaise() {
        return List.of("CREATE OR REPLACE FUNCTION sno_bytes(u VARBINARY(255)) RETURNS BINARY(10)"
                + " DETERMINISTIC NO SQL BEGIN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'sno_bytes called';"
                + " RETURN NULL; END");
    }

    /** MariaDB passes a UUID-typed expression that is not a column to a binary parameter as its text. */
    @Override
    String uuidTextParameter() {
        return "CAST(? AS UUID)";
    }

    @Test
    void readersTakeUuidColumnsAndUuidExpressions() throws SQLException {
        // A UUID column reaches a function as its 16 bytes, CAST(... AS UUID) as its 36-character
        // text; both read the same. Only IDs the UUID type accepts (see ColumnOrderTest).
        SnoId id = SnoId.of(Instant.parse("2026-11-25T18:00:00Z"), true, 7, 0x1234, 0x8765);
        try (Connection c = connect()) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TEMPORARY TABLE u (id UUID)");
                s.execute("INSERT INTO u VALUES ('" + id.toUuid() + "')");
            }
            try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT sno_text(id),"
                    + " sno_text(CAST('" + id.toUuid() + "' AS UUID)), sno_partition(id), sno_is_valid(id),"
                    + " sno_is_valid(CAST('" + id.toUuid() + "' AS UUID)), sno_is_valid(UUID()) FROM u")) {
                assertTrue(rows.next());
                assertEquals(id.toString(), rows.getString(1));
                assertEquals(id.toString(), rows.getString(2));
                assertEquals(0x1234, rows.getInt(3));
                assertTrue(rows.getBoolean(4));
                assertTrue(rows.getBoolean(5));
                assertFalse(rows.getBoolean(6), "a UUIDv1 from UUID()");
            }
        }
    }
}
