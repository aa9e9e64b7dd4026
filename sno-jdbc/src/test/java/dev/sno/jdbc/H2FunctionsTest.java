package dev.sno.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The SQL functions of {@link SnoJdbc#H2_FUNCTIONS} ({@link H2Functions}) on H2 in memory,
 * checked against {@link SnoId}: the same SQL as on PostgreSQL. Seeded ({@code -Dsno.seed}).
 */
class H2FunctionsTest {

    private static final String URL = "jdbc:h2:mem:snofn;DB_CLOSE_DELAY=-1";

    @BeforeAll
    static void installTwice() throws SQLException {
        JdbcDataSource dataSource = new JdbcDataSource();
        dataSource.setURL(URL);
        SnoJdbc.installFunctions(dataSource);
        SnoJdbc.installFunctions(dataSource);
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(URL);
    }

    @Test
    void installsNineDeterministicAliases() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement();
                ResultSet rows = s.executeQuery("SELECT ROUTINE_NAME, IS_DETERMINISTIC FROM INFORMATION_SCHEMA.ROUTINES"
                        + " WHERE ROUTINE_NAME LIKE 'SNO\\_%' ORDER BY ROUTINE_NAME")) {
            List<String> names = new ArrayList<>();
            while (rows.next()) {
                names.add(rows.getString(1));
                assertEquals("YES", rows.getString(2), rows.getString(1));
            }
            assertEquals(List.of("SNO_BYTES", "SNO_IS_VALID", "SNO_LOWER", "SNO_META", "SNO_PARTITION", "SNO_SEQUENCE",
                    "SNO_TEXT", "SNO_TIME", "SNO_UUID"), names);
        }
    }

    @Test
    void aTestDatabaseRunsTheScriptFromItsUrl() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:h2:mem:init;INIT=RUNSCRIPT FROM 'classpath:"
                + SnoJdbc.H2_FUNCTIONS + "'"); Statement s = c.createStatement();
                ResultSet rows = s.executeQuery("SELECT sno_text(sno_uuid('29gfem22232im222'))")) {
            assertTrue(rows.next());
            assertEquals("29gfem22232im222", rows.getString(1));
        }
    }

    @Test
    void randomAndEdgeIdsMatchSnoIdFieldByField() throws SQLException {
        long seed = FunctionCases.seed();
        List<SnoId> ids = FunctionCases.idsWithEdges(seed);
        try (Connection c = connect()) {
            try (Statement s = c.createStatement()) {
                s.execute("SET TIME ZONE 'Asia/Kathmandu'"); // must not matter
                s.execute("CREATE LOCAL TEMPORARY TABLE ids (n INT PRIMARY KEY, u UUID NOT NULL, t CHAR(16) NOT NULL)");
            }
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO ids VALUES (?, ?, ?)")) {
                for (int i = 0; i < ids.size(); i++) {
                    insert.setInt(1, i);
                    insert.setObject(2, ids.get(i).toUuid());
                    insert.setString(3, ids.get(i).toString());
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            int i = 0;
            try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT n, sno_time(u), sno_meta(u),"
                    + " sno_partition(u), sno_sequence(u), sno_text(u), sno_is_valid(u), sno_uuid(t), sno_bytes(u)"
                    + " FROM ids ORDER BY n")) {
                while (rows.next()) {
                    SnoId id = ids.get(i++);
                    String where = id + " (" + id.toUuid() + "), " + FunctionCases.replay(seed);
                    assertEquals(id.time().atOffset(ZoneOffset.UTC), rows.getObject(2, OffsetDateTime.class), where);
                    assertEquals(id.meta(), rows.getInt(3), where);
                    assertEquals(id.partition(), rows.getInt(4), where);
                    assertEquals(id.sequence(), rows.getInt(5), where);
                    assertEquals(id.toString(), rows.getString(6), where);
                    assertTrue(rows.getBoolean(7), where);
                    assertEquals(id.toUuid(), rows.getObject(8, UUID.class), where);
                    assertArrayEquals(id.toBytes(), rows.getBytes(9), where);
                }
            }
            assertEquals(ids.size(), i);
        }
    }

    /**
     * The message of the error sql raises, after checking its SQLState: H2 passes the function's
     * SQLDataException on with its SQLState and message, the statement appended to the message.
     */
    private static String errorOf(Connection c, String sql, String sqlState, Object arg) {
        SQLException e = assertThrows(SQLException.class, () -> {
            try (PreparedStatement q = c.prepareStatement(sql)) {
                q.setObject(1, arg);
                q.executeQuery().close();
            }
        }, sql);
        assertEquals(sqlState, e.getSQLState(), e.getMessage());
        int end = e.getMessage().indexOf("; SQL statement:");
        assertTrue(end > 0, e.getMessage());
        return e.getMessage().substring(0, end);
    }

    @Test
    void errorsNameTheValueWithTheJavaMessages() throws SQLException {
        long seed = FunctionCases.seed();
        List<String[]> cases = new ArrayList<>(List.of(FunctionCases.INVALID_TEXTS));
        for (String text : FunctionCases.corruptions(new SplittableRandom(seed), 200)) {
            cases.add(new String[] {text,
                    assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(text)).getMessage()});
        }
        try (Connection c = connect()) {
            for (String[] k : cases) {
                assertEquals(k[1], errorOf(c, "SELECT sno_uuid(?)", "22P02", k[0]), FunctionCases.replay(seed));
            }
            for (UUID u : List.of(UUID.fromString("0195b2b6-2c4a-7e3f-9b1d-4c2a8e6f1a03"), new UUID(0, 1),
                    new UUID(-1, -1))) {
                String expected = assertThrows(InvalidSnoIdException.class, () -> SnoId.fromUuid(u)).getMessage();
                for (String f : List.of("sno_time", "sno_meta", "sno_partition", "sno_sequence", "sno_text", "sno_bytes")) {
                    assertEquals(expected, errorOf(c, "SELECT " + f + "(?)", "22023", u), f);
                }
                try (PreparedStatement q = c.prepareStatement("SELECT sno_is_valid(?)")) {
                    q.setObject(1, u);
                    try (ResultSet rows = q.executeQuery()) {
                        assertTrue(rows.next());
                        assertFalse(rows.getBoolean(1), u.toString());
                    }
                }
            }
            for (String[] k : FunctionCases.OUT_OF_RANGE) {
                assertEquals(FunctionCases.outOfRangeMessage(k[1]), errorOf(c, "SELECT sno_lower(?)", "22023",
                        OffsetDateTime.parse(k[0])));
            }
            try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT sno_is_valid(NULL),"
                    + " sno_time(NULL), sno_uuid(NULL), sno_lower(NULL), sno_text(NULL), sno_meta(NULL)")) {
                assertTrue(rows.next());
                for (int i = 1; i <= 6; i++) {
                    assertNull(rows.getObject(i), "column " + i);
                }
            }
        }
    }

    @Test
    void lowerIsFirstAtAndTheRangeQueryIsTheJavaAnswer() throws SQLException {
        long seed = FunctionCases.seed();
        SplittableRandom r = new SplittableRandom(seed);
        try (Connection c = connect()) {
            try (PreparedStatement q = c.prepareStatement("SELECT sno_lower(?)")) {
                for (Instant at : FunctionCases.instants(r, 2_000)) {
                    q.setObject(1, at.atOffset(ZoneOffset.ofHours(-3)));
                    try (ResultSet rows = q.executeQuery()) {
                        assertTrue(rows.next());
                        assertEquals(SnoId.firstAt(at).toUuid(), rows.getObject(1, UUID.class),
                                at + ", " + FunctionCases.replay(seed));
                    }
                }
            }
            Instant start = Instant.parse("2026-11-25T18:00:00Z");
            List<SnoId> ids = new ArrayList<>();
            for (int i = 0; i < 5_000; i++) {
                ids.add(SnoId.of(start.plusMillis(r.nextInt(2_000)), r.nextBoolean(), r.nextInt(256),
                        r.nextInt(65536), r.nextInt(65536)));
            }
            List<SnoId> distinct = ids.stream().distinct().sorted().toList();
            try (Statement s = c.createStatement()) {
                s.execute("CREATE LOCAL TEMPORARY TABLE ranged (id UUID PRIMARY KEY)");
            }
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO ranged VALUES (?)")) {
                for (SnoId id : distinct) {
                    insert.setObject(1, id.toUuid());
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            try (PreparedStatement q = c.prepareStatement("SELECT id FROM ranged"
                    + " WHERE id >= sno_lower(?) AND id < sno_lower(?) ORDER BY id")) {
                for (int k = 0; k < 200; k++) {
                    Instant a = start.plusNanos(r.nextLong(2_100_000_000L) / 1_000 * 1_000 - 50_000_000);
                    Instant b = a.plusNanos(r.nextLong(k % 2 == 0 ? 20_000_000L : 1_000_000_000L) / 1_000 * 1_000);
                    SnoId from = SnoId.firstAt(a);
                    SnoId to = SnoId.firstAt(b);
                    List<SnoId> expected = distinct.stream()
                            .filter(id -> id.timeUnits() >= from.timeUnits() && id.timeUnits() < to.timeUnits()).toList();
                    q.setObject(1, a.atOffset(ZoneOffset.UTC));
                    q.setObject(2, b.atOffset(ZoneOffset.UTC));
                    List<SnoId> actual = new ArrayList<>();
                    try (ResultSet rows = q.executeQuery()) {
                        while (rows.next()) {
                            actual.add(SnoJdbc.getSnoId(rows, 1));
                        }
                    }
                    assertEquals(expected, actual, "[" + a + ", " + b + "), " + FunctionCases.replay(seed));
                }
            }
            try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("EXPLAIN SELECT id FROM ranged"
                    + " WHERE id >= sno_lower(TIMESTAMP WITH TIME ZONE '2026-11-25 18:00:00.100Z')"
                    + " AND id < sno_lower(TIMESTAMP WITH TIME ZONE '2026-11-25 18:00:00.200Z')")) {
                assertTrue(rows.next());
                String plan = rows.getString(1);
                // DETERMINISTIC: H2 evaluates sno_lower of a constant once and uses the key's index.
                assertTrue(plan.contains("PRIMARY_KEY") && plan.contains("ID >= UUID '3e16576a-b200-0000-0000-000000000000'")
                        && plan.contains("ID < UUID '3e16576a-e400-0000-0000-000000000000'"), plan);
            }
        }
    }
}
