package dev.sno.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mysql.cj.jdbc.MysqlDataSource;
import dev.sno.SnoId;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The SQL functions of {@link SnoJdbc#MYSQL_FUNCTIONS} on a real MySQL (8.0.33 in CI): the
 * family's cases, with the same results and messages as MariaDB's, and MySQL's own
 * UUID_TO_BIN and BIN_TO_UUID.
 */
class MySqlFunctionsTest extends MySqlFamilyFunctionsTest {

    @Override
    String server() {
        return "MySQL";
    }

    @Override
    String createDatabase(String prefix) throws SQLException {
        return MySql.createDatabase(prefix);
    }

    @Override
    String url(String database) {
        return MySql.url(database);
    }

    /**
     * MySQL Connector/J reports every error of SQLSTATE class 22 as a {@link java.sql.DataTruncation},
     * whose SQLState is 22001, whatever the server signalled (see
     * {@link #connectorJReportsTheFunctionsErrorsAsDataTruncation}).
     */
    @Override
    String reported(String sqlState) {
        return sqlState.startsWith("22") ? "22001" : sqlState;
    }

    @Override
    void dropDatabase(String database) throws SQLException {
        MySql.dropDatabase(database);
    }

    @Override
    DataSource dataSource(String url) {
        MysqlDataSource dataSource = new MysqlDataSource();
        dataSource.setURL(url);
        return dataSource;
    }

    @Override
    List<String> replaceSnoBytesWithARaise() {
        return List.of("DROP FUNCTION sno_bytes", "CREATE FUNCTION sno_bytes(u VARBINARY(255)) RETURNS BINARY(10)"
                + " DETERMINISTIC NO SQL BEGIN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'sno_bytes called';"
                + " RETURN NULL; END");
    }

    /**
     * MySQL's MESSAGE_TEXT holds at most 128 characters (a longer one fails the SIGNAL itself in
     * strict mode), so the script cuts a longer message to 125 and "...".
     */
    @Override
    String signalled(String message) {
        return message.length() <= 128 ? message : message.substring(0, 125) + "...";
    }

    /** MySQL has no UUID type: its UUIDs are text (UUID(), BIN_TO_UUID), passed as text. */
    @Override
    String uuidTextParameter() {
        return "?";
    }

    /**
     * BIN_TO_UUID and UUID_TO_BIN without the swap flag keep a sno image as it is; with the swap
     * flag (1), made for UUIDv1's time fields, UUID_TO_BIN moves bytes 0..7 and yields another
     * valid-looking ID: the docs say never to use it with sno IDs.
     */
    @Test
    void uuidToBinKeepsTheImageOnlyWithoutTheSwapFlag() throws SQLException {
        SnoId id = SnoId.of(Instant.parse("2026-11-25T18:00:00Z"), true, 7, 0x1234, 0x8765);
        try (Connection c = connect(); PreparedStatement q = c.prepareStatement("SELECT sno_text(UUID_TO_BIN(?)),"
                + " BIN_TO_UUID(?), sno_text(BIN_TO_UUID(?)), sno_is_valid(UUID_TO_BIN(?, 1)),"
                + " sno_text(UUID_TO_BIN(?, 1))")) {
            q.setString(1, id.toUuid().toString());
            SnoJdbc.setSnoIdBinary(q, 2, id);
            SnoJdbc.setSnoIdBinary(q, 3, id);
            q.setString(4, id.toUuid().toString());
            q.setString(5, id.toUuid().toString());
            try (ResultSet rows = q.executeQuery()) {
                assertTrue(rows.next());
                assertEquals(id.toString(), rows.getString(1));
                assertEquals(id.toUuid().toString(), rows.getString(2));
                assertEquals(id.toString(), rows.getString(3));
                assertTrue(rows.getBoolean(4), "the swapped bytes still end in six zero bytes");
                assertNotEquals(id.toString(), rows.getString(5), "the swap flag makes another ID");
            }
        }
    }

    /**
     * Why MySQL has a script of its own: MariaDB's does not run there. MySQL has no
     * {@code CREATE OR REPLACE FUNCTION} (a syntax error, 1064), and its regular expressions refuse
     * binary strings (3995), which MariaDB's functions match UUID text and sno text as.
     */
    @Test
    void theMariaDbScriptIsNotMySqls() throws SQLException {
        String first = FunctionInstaller.statements(FunctionInstaller.read(SnoJdbc.MARIADB_FUNCTIONS)).get(0);
        try (Connection c = connect(); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.execute(first));
            assertEquals(1064, e.getErrorCode(), e.getMessage());
            SQLException regexp = assertThrows(SQLException.class,
                    () -> s.executeQuery("SELECT CAST('abc' AS BINARY) REGEXP '^[a-c]+$'").close());
            assertEquals(3995, regexp.getErrorCode(), regexp.getMessage());
        }
    }

    /**
     * What an application sees through Connector/J (9.5 here): the functions' errors (SQLSTATE
     * 22023 and 22P02 on the server, error 1644) arrive as {@link java.sql.DataTruncation} with
     * SQLState 22001 and the message after "Data truncation: ", with
     * {@code jdbcCompliantTruncation=false} as well (that setting is about warnings on writes).
     */
    @Test
    void connectorJReportsTheFunctionsErrorsAsDataTruncation() throws SQLException {
        for (String url : List.of(MySql.url(database), MySql.url(database) + "&jdbcCompliantTruncation=false")) {
            try (Connection c = DriverManager.getConnection(url)) {
                SQLException e = assertThrows(SQLException.class, () -> {
                    try (PreparedStatement q = c.prepareStatement("SELECT sno_uuid(?)")) {
                        q.setString(1, "29gfe");
                        q.executeQuery().close();
                    }
                });
                assertTrue(e instanceof java.sql.DataTruncation, url + ": " + e.getClass().getName());
                assertEquals("22001", e.getSQLState(), url);
                assertEquals(1644, e.getErrorCode(), url);
                assertEquals("Data truncation: Invalid sno ID: \"29gfe\" (length 5, expected 16)", e.getMessage(), url);
            }
        }
    }
}
