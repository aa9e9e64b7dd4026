package dev.sno.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The SQL functions on a server of the MySQL family (MariaDB's {@link SnoJdbc#MARIADB_FUNCTIONS},
 * MySQL's {@link SnoJdbc#MYSQL_FUNCTIONS}), in a database of their own, checked against
 * {@link SnoId}: the same names, results and messages on both. Seeded ({@code -Dsno.seed}).
 * Each server's own behaviour (MariaDB's UUID type, MySQL's UUID_TO_BIN) is tested in its subclass.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class MySqlFamilyFunctionsTest {

    static final DateTimeFormatter MICROS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS")
            .withZone(ZoneOffset.UTC);

    String database;
    String url;

    /** The server's name, for the plan printed. */
    abstract String server();

    /** Creates a database named prefix plus a unique suffix on the server; returns its name. */
    abstract String createDatabase(String prefix) throws SQLException;

    /** The server's URL with another database. */
    abstract String url(String database);

    abstract void dropDatabase(String database) throws SQLException;

    /** A data source on url, of the server's own driver. */
    abstract DataSource dataSource(String url) throws SQLException;

    /** SQL that makes sno_bytes a function that only raises 'sno_bytes called'. */
    abstract List<String> replaceSnoBytesWithARaise();

    /**
     * An SQL expression of a parameter given as the 36-character text of a UUID that reaches a
     * function as that text, as the server's own UUID values do.
     */
    abstract String uuidTextParameter();

    /**
     * The message the server signals for the library's message: the same, unless the server
     * bounds the length of a signalled message (MySQL: 128 characters).
     */
    String signalled(String message) {
        return message;
    }

    @BeforeAll
    void installTwiceInADatabaseOfItsOwn() throws SQLException {
        database = createDatabase("sno_fn");
        url = url(database);
        DataSource dataSource = dataSource(url);
        SnoJdbc.installFunctions(dataSource);
        SnoJdbc.installFunctions(dataSource);
    }

    @AfterAll
    void dropDatabase() throws SQLException {
        dropDatabase(database);
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(url);
    }

    @Test
    void installsNineDeterministicNoSqlFunctions() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement();
                ResultSet rows = s.executeQuery("SELECT ROUTINE_NAME, ROUTINE_TYPE, IS_DETERMINISTIC, SQL_DATA_ACCESS"
                        + " FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = '" + database
                        + "' ORDER BY ROUTINE_NAME")) {
            List<String> names = new ArrayList<>();
            while (rows.next()) {
                names.add(rows.getString(1));
                assertEquals("FUNCTION", rows.getString(2), rows.getString(1));
                assertEquals("YES", rows.getString(3), rows.getString(1));
                assertEquals("NO SQL", rows.getString(4), rows.getString(1));
            }
            assertEquals(List.of("sno_bytes", "sno_is_valid", "sno_lower", "sno_meta", "sno_partition", "sno_sequence",
                    "sno_text", "sno_time", "sno_uuid"), names);
        }
    }

    @Test
    void concurrentInstallsAllSucceed() throws Exception {
        DataSource dataSource = dataSource(url);
        int n = 4;
        CyclicBarrier start = new CyclicBarrier(n);
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                done.add(pool.submit(() -> {
                    for (int k = 0; k < 3; k++) {
                        start.await();
                        SnoJdbc.installFunctions(dataSource);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void randomAndEdgeIdsMatchSnoIdFieldByField() throws SQLException {
        long seed = FunctionCases.seed();
        List<SnoId> ids = FunctionCases.idsWithEdges(seed);
        try (Connection c = connect()) {
            try (Statement s = c.createStatement()) {
                s.execute("SET time_zone = '+05:45'"); // must not matter: the functions work in UTC
                s.execute("CREATE TEMPORARY TABLE ids (n INT PRIMARY KEY, b BINARY(16) NOT NULL, t CHAR(16) NOT NULL)");
            }
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO ids VALUES (?, ?, ?)")) {
                for (int i = 0; i < ids.size(); i++) {
                    insert.setInt(1, i);
                    insert.setBytes(2, FunctionCases.image(ids.get(i)));
                    insert.setString(3, ids.get(i).toString());
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            int i = 0;
            try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT n, sno_time(b), sno_meta(b),"
                    + " sno_partition(b), sno_sequence(b), sno_text(b), sno_is_valid(b), sno_uuid(t),"
                    + " sno_bytes(b) FROM ids ORDER BY n")) {
                while (rows.next()) {
                    SnoId id = ids.get(i++);
                    String where = id + " (" + id.toUuid() + "), " + FunctionCases.replay(seed);
                    assertEquals(id.time(), rows.getObject(2, LocalDateTime.class).toInstant(ZoneOffset.UTC), where);
                    assertEquals(id.meta(), rows.getInt(3), where);
                    assertEquals(id.partition(), rows.getInt(4), where);
                    assertEquals(id.sequence(), rows.getInt(5), where);
                    assertEquals(id.toString(), rows.getString(6), where);
                    assertTrue(rows.getBoolean(7), where);
                    assertArrayEquals(FunctionCases.image(id), rows.getBytes(8), where);
                    assertEquals(id, SnoId.fromBytes(rows.getBytes(9)), where);
                }
            }
            assertEquals(ids.size(), i);
        }
    }

    /**
     * The server's message of the error sql raises, checking the SQLState the driver reports for
     * the server's sqlState ({@link #reported}). MariaDB Connector/J prefixes "(conn=N) ", MySQL
     * Connector/J "Data truncation: " to a class-22 error: both are taken off.
     */
    String errorOf(Connection c, String sql, String sqlState, Object... args) {
        SQLException e = assertThrows(SQLException.class, () -> {
            try (PreparedStatement q = c.prepareStatement(sql)) {
                for (int i = 0; i < args.length; i++) {
                    q.setObject(i + 1, args[i]);
                }
                q.executeQuery().close();
            }
        }, sql);
        assertEquals(reported(sqlState), e.getSQLState(), e.getMessage());
        return e.getMessage().replaceFirst("^\\(conn=\\d+\\) ", "").replaceFirst("^Data truncation: ", "");
    }

    /** The SQLState the server's driver reports for an error the server signals with sqlState. */
    String reported(String sqlState) {
        return sqlState;
    }

    /**
     * The readers read a valid 16-byte image without calling sno_bytes (a second stored-function
     * call, which costs the server microseconds), and hand every other value to it. Shown in a
     * database of its own, where sno_bytes is replaced by a function that only raises.
     */
    @Test
    void readersCallSnoBytesOnlyForValuesThatAreNotAValidImage() throws SQLException {
        String own = createDatabase("sno_fast");
        try {
            String ownUrl = url(own);
            SnoJdbc.installFunctions(dataSource(ownUrl));
            try (Connection c = DriverManager.getConnection(ownUrl)) {
                try (Statement s = c.createStatement()) {
                    for (String sql : replaceSnoBytesWithARaise()) {
                        s.execute(sql);
                    }
                }
                SnoId id = SnoId.of(Instant.parse("2026-11-25T18:00:00.008Z"), true, 200, 0xBEEF, 0xCAFE);
                try (PreparedStatement q = c.prepareStatement("SELECT sno_time(?), sno_meta(?), sno_partition(?),"
                        + " sno_sequence(?), sno_text(?), sno_is_valid(?)")) {
                    for (int i = 1; i <= 6; i++) {
                        SnoJdbc.setSnoIdBinary(q, i, id);
                    }
                    try (ResultSet rows = q.executeQuery()) {
                        assertTrue(rows.next());
                        assertEquals(LocalDateTime.ofInstant(id.time(), ZoneOffset.UTC), rows.getObject(1, LocalDateTime.class));
                        assertEquals(List.of(200, 0xBEEF, 0xCAFE), List.of(rows.getInt(2), rows.getInt(3), rows.getInt(4)));
                        assertEquals(id.toString(), rows.getString(5));
                        assertTrue(rows.getBoolean(6));
                    }
                }
                byte[] badTail = new byte[16];
                badTail[15] = 1;
                for (String f : List.of("sno_time", "sno_meta", "sno_partition", "sno_sequence", "sno_text")) {
                    assertEquals("sno_bytes called", errorOf(c, "SELECT " + f + "(?)", "45000", (Object) badTail), f);
                    assertEquals("sno_bytes called", errorOf(c, "SELECT " + f + "(?)", "45000", id.toUuid().toString()), f);
                }
            }
        } finally {
            dropDatabase(own);
        }
    }

    @Test
    void snoUuidRejectsWhatParseRejectsWithItsMessage() throws SQLException {
        long seed = FunctionCases.seed();
        List<String[]> cases = new ArrayList<>(List.of(FunctionCases.INVALID_TEXTS));
        for (String text : FunctionCases.corruptions(new SplittableRandom(seed), 200)) {
            cases.add(new String[] {text,
                    assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(text)).getMessage()});
        }
        try (Connection c = connect()) {
            for (String[] k : cases) {
                assertEquals(k[1], assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(k[0])).getMessage());
                assertEquals(signalled(k[1]), errorOf(c, "SELECT sno_uuid(?)", "22P02", k[0]), FunctionCases.replay(seed));
            }
        }
    }

    /** Issue 30, finding 5: LPAD cut a code point's five hex digits to four ({@code \\u1F60}). */
    @Test
    void aCharacterAboveUffffIsNamedWithAllItsDigits() throws SQLException {
        try (Connection c = connect()) {
            assertEquals(signalled("Invalid sno ID: \"22222222222222\\u1F6002\" (character '\\u1F600' at index 14 is not"
                    + " in the alphabet " + FunctionCases.ALPHABET + ")"),
                    errorOf(c, "SELECT sno_uuid(?)", "22P02", "22222222222222\uD83D\uDE002"));
        }
    }

    @Test
    void readersRejectWhatIsNotASnoImageNamingIt() throws SQLException {
        List<UUID> notSno = List.of(UUID.fromString("0195b2b6-2c4a-7e3f-9b1d-4c2a8e6f1a03"), new UUID(0, 1),
                new UUID(-1, -1), UUID.fromString("01234567-89ab-4def-8123-000000000001"));
        try (Connection c = connect()) {
            for (UUID u : notSno) {
                String expected = assertThrows(InvalidSnoIdException.class, () -> SnoId.fromUuid(u)).getMessage();
                byte[] bytes = ByteBuffer.allocate(16).putLong(u.getMostSignificantBits())
                        .putLong(u.getLeastSignificantBits()).array();
                for (String f : List.of("sno_time", "sno_meta", "sno_partition", "sno_sequence", "sno_text", "sno_bytes")) {
                    assertEquals(signalled(expected), errorOf(c, "SELECT " + f + "(?)", "22023", (Object) bytes), f);
                    assertEquals(signalled(expected), errorOf(c, "SELECT " + f + "(" + uuidTextParameter() + ")", "22023",
                            u.toString()), f);
                }
                assertFalse(value(c, "SELECT sno_is_valid(?)", (Object) bytes), u.toString());
            }
            // Not 16 bytes: named in hexadecimal, never padded or cut into an ID.
            assertEquals(signalled("Invalid sno ID UUID: x'01dcd6500000410a0000' (length 10, expected 16 bytes or the"
                    + " 36-character text of a UUID)"), errorOf(c, "SELECT sno_time(?)", "22023",
                    (Object) SnoId.parse("29gfem22232im222").toBytes()));
            assertEquals(signalled("Invalid sno ID UUID: x'3239676665' (length 5, expected 16 bytes or the 36-character"
                    + " text of a UUID)"), errorOf(c, "SELECT sno_text(?)", "22023", "29gfe"));
            assertFalse(value(c, "SELECT sno_is_valid(?)", (Object) new byte[10]));
            assertFalse(value(c, "SELECT sno_is_valid(?)", (Object) new byte[17]));
            try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT sno_is_valid(NULL),"
                    + " sno_time(NULL), sno_uuid(NULL), sno_lower(NULL), sno_text(NULL), sno_bytes(NULL)")) {
                assertTrue(rows.next());
                for (int i = 1; i <= 6; i++) {
                    assertNull(rows.getObject(i), "column " + i);
                }
            }
        }
    }

    static boolean value(Connection c, String sql, Object arg) throws SQLException {
        try (PreparedStatement q = c.prepareStatement(sql)) {
            q.setObject(1, arg);
            try (ResultSet rows = q.executeQuery()) {
                assertTrue(rows.next());
                return rows.getBoolean(1);
            }
        }
    }

    @Test
    void lowerIsFirstAtAndRejectsTimesOutsideTheRange() throws SQLException {
        long seed = FunctionCases.seed();
        List<Instant> instants = FunctionCases.instants(new SplittableRandom(seed), 5_000);
        try (Connection c = connect()) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TEMPORARY TABLE times (n INT PRIMARY KEY, t DATETIME(6) NOT NULL)");
            }
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO times VALUES (?, ?)")) {
                for (int i = 0; i < instants.size(); i++) {
                    insert.setInt(1, i);
                    insert.setString(2, MICROS.format(instants.get(i)));
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            int i = 0;
            try (Statement s = c.createStatement();
                    ResultSet rows = s.executeQuery("SELECT sno_lower(t) FROM times ORDER BY n")) {
                while (rows.next()) {
                    Instant at = instants.get(i++);
                    assertEquals(SnoId.firstAt(at), SnoJdbc.getSnoId(rows, 1), at + ", " + FunctionCases.replay(seed));
                }
            }
            assertEquals(instants.size(), i);
            for (String[] k : FunctionCases.OUT_OF_RANGE) {
                String expected = FunctionCases.outOfRangeMessage(k[1]);
                assertEquals(expected, assertThrows(InvalidSnoIdException.class,
                        () -> SnoId.firstAt(Instant.parse(k[0]))).getMessage());
                assertEquals(signalled(expected), errorOf(c, "SELECT sno_lower(?)", "22023", MICROS.format(Instant.parse(k[0]))));
            }
        }
    }

    @Test
    void rangeQueryOnBinary16ReturnsExactlyTheIdsOfTheTimeUnitsThroughTheIndex() throws SQLException {
        long seed = FunctionCases.seed();
        SplittableRandom r = new SplittableRandom(seed);
        Instant start = Instant.parse("2026-11-25T18:00:00Z");
        List<SnoId> ids = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            ids.add(SnoId.of(start.plusMillis(r.nextInt(2_000)), r.nextBoolean(), r.nextInt(256), r.nextInt(65536),
                    r.nextInt(65536)));
        }
        List<SnoId> distinct = ids.stream().distinct().sorted().toList();
        try (Connection c = connect()) {
            try (Statement s = c.createStatement()) {
                s.execute("DROP TABLE IF EXISTS ranged");
                s.execute("CREATE TABLE ranged (id BINARY(16) PRIMARY KEY, filler CHAR(100))");
            }
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO ranged (id, filler) VALUES (?, 'x')")) {
                for (SnoId id : distinct) {
                    insert.setBytes(1, FunctionCases.image(id));
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
                    q.setString(1, MICROS.format(a));
                    q.setString(2, MICROS.format(b));
                    List<SnoId> actual = new ArrayList<>();
                    try (ResultSet rows = q.executeQuery()) {
                        while (rows.next()) {
                            actual.add(SnoJdbc.getSnoId(rows, 1));
                        }
                    }
                    assertEquals(expected, actual, "[" + a + ", " + b + "), " + FunctionCases.replay(seed));
                }
            }
            try (Statement s = c.createStatement()) {
                s.execute("ANALYZE TABLE ranged");
                try (ResultSet rows = s.executeQuery("EXPLAIN SELECT id, filler FROM ranged WHERE id >="
                        + " sno_lower('2026-11-25 18:00:00.100') AND id < sno_lower('2026-11-25 18:00:00.200')")) {
                    assertTrue(rows.next());
                    String plan = "type=" + rows.getString("type") + " key=" + rows.getString("key") + " rows="
                            + rows.getString("rows");
                    System.out.println("[sno-jdbc] " + server() + " range query plan: " + plan);
                    assertEquals("range", rows.getString("type"), plan);
                    assertEquals("PRIMARY", rows.getString("key"), plan);
                }
            }
        }
    }
}
