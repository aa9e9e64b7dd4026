package dev.sno.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import dev.sno.jdbc.internal.DatabaseValues;
import java.nio.ByteBuffer;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Plain JDBC against real H2 and PostgreSQL. */
class SnoJdbcTest {

    static List<String> databases() {
        return Databases.all();
    }

    private static void recreate(Connection c, String table, String columns) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + table);
            s.execute("CREATE TABLE " + table + " (" + columns + ")");
        }
    }

    /** Random IDs with every byte often 0x00, 0xFF, 0x7F or 0x80 (high bits of every field). */
    static List<SnoId> randomIds(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        Set<SnoId> ids = new HashSet<>();
        while (ids.size() < n) {
            byte[] b = new byte[10];
            for (int i = 0; i < 10; i++) {
                int k = r.nextInt(6);
                b[i] = (byte) (k == 0 ? 0 : k == 1 ? 0xFF : k == 2 ? 0x80 : k == 3 ? 0x7F : r.nextInt(256));
            }
            ids.add(SnoId.fromBytes(b));
        }
        return new ArrayList<>(ids);
    }

    @ParameterizedTest
    @MethodSource("databases")
    void tenThousandRandomIdsRoundTripAndSortInSnoOrder(String db) throws Exception {
        long seed = Long.getLong("sno.seed", System.nanoTime());
        List<SnoId> ids = randomIds(seed, 10_000);
        try (Connection c = Databases.connect(db)) {
            recreate(c, "ids", "id " + Databases.uuidType(db) + " PRIMARY KEY, n INT");
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO ids (id, n) VALUES (?, ?)")) {
                for (int i = 0; i < ids.size(); i++) {
                    SnoJdbc.setSnoId(insert, 1, ids.get(i));
                    insert.setInt(2, i);
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            List<SnoId> ordered = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT id, n FROM ids ORDER BY id")) {
                while (rows.next()) {
                    SnoId id = SnoJdbc.getSnoId(rows, 1);
                    assertEquals(ids.get(rows.getInt(2)), id, () -> "seed " + seed);
                    assertEquals(id, SnoJdbc.getSnoId(rows, "id"));
                    ordered.add(id);
                }
            }
            List<SnoId> expected = new ArrayList<>(ids);
            Collections.sort(expected);
            assertEquals(expected, ordered, () -> db + " ORDER BY id must be sno order (seed " + seed + ")");
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void nullBindsAndReadsAsNull(String db) throws Exception {
        try (Connection c = Databases.connect(db)) {
            recreate(c, "nullable", "k INT PRIMARY KEY, id " + Databases.uuidType(db));
            try (PreparedStatement p = c.prepareStatement("INSERT INTO nullable VALUES (1, ?)")) {
                SnoJdbc.setSnoId(p, 1, null);
                p.executeUpdate();
            }
            try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT id FROM nullable")) {
                rows.next();
                assertNull(SnoJdbc.getSnoId(rows, 1));
                assertNull(SnoJdbc.getSnoId(rows, "id"));
            }
        }
    }

    /** A call whose OUT parameter 1 is the UUID parameter 2 comes as (a function on PostgreSQL). */
    private static CallableStatement echo(Connection c, String db) throws SQLException {
        if (Databases.H2.equals(db)) {
            return c.prepareCall("{? = CALL CAST(? AS UUID)}");
        }
        try (Statement s = c.createStatement()) {
            s.execute("CREATE OR REPLACE FUNCTION echo_uuid(u uuid) RETURNS uuid LANGUAGE sql AS 'SELECT u'");
        }
        return c.prepareCall("{? = call echo_uuid(?)}");
    }

    @ParameterizedTest
    @MethodSource("databases")
    void anOutParameterReadsLikeAColumnAndAMalformedOneIsRefusedNamingIt(String db) throws Exception {
        SnoId id = SnoId.of(Instant.parse("2026-11-27T18:00:00Z"), true, 200, 65535, 1);
        UUID malformed = UUID.fromString("0123abcd-0000-4000-8000-00000000beef");
        try (Connection c = Databases.connect(db); CallableStatement call = echo(c, db)) {
            call.registerOutParameter(1, Types.OTHER);
            call.setObject(2, id.toUuid());
            call.execute();
            assertEquals(id, SnoJdbc.getSnoId(call, 1));

            call.setNull(2, Types.OTHER);
            call.execute();
            assertNull(SnoJdbc.getSnoId(call, 1));

            call.setObject(2, malformed);
            call.execute();
            SQLDataException e = assertThrows(SQLDataException.class, () -> SnoJdbc.getSnoId(call, 1));
            assertEquals(SnoJdbc.SQL_STATE, e.getSQLState());
            assertEquals("Not a sno ID in OUT parameter 1: UUID " + malformed + " (", e.getMessage().substring(0,
                    e.getMessage().indexOf('(') + 1), e.getMessage());
            assertInstanceOf(InvalidSnoIdException.class, e.getCause());
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void timeWindowsSelectExactlyTheRowsCreatedInTheWindow(String db) throws Exception {
        Instant base = Instant.parse("2026-03-01T12:00:00Z");
        List<SnoId> ids = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(42);
        for (int ms = 0; ms < 400; ms++) {
            for (int k = 0; k < 3; k++) {
                ids.add(SnoId.of(base.plusMillis(ms), r.nextBoolean(), r.nextInt(256), r.nextInt(65536), r.nextInt(65536)));
            }
            if (ms % 4 == 0) { // the extremes of each unit: where a wrong bound shows
                ids.add(SnoId.firstAt(base.plusMillis(ms)));
                ids.add(SnoId.lastAt(base.plusMillis(ms)));
            }
        }
        try (Connection c = Databases.connect(db)) {
            recreate(c, "events", "id " + Databases.uuidType(db) + " PRIMARY KEY");
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO events VALUES (?)")) {
                for (SnoId id : new HashSet<>(ids)) {
                    SnoJdbc.setSnoId(insert, 1, id);
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            int[][] windows = {{0, 400}, {10, 20}, {11, 21}, {13, 14}, {101, 102}, {397, 400}, {5, 5}, {-50, 3}};
            for (int[] w : windows) {
                Instant from = base.plusMillis(w[0]);
                Instant to = base.plusMillis(w[1]);
                SnoIdRange range = SnoIdRange.timeWindow(from, to);
                Set<SnoId> expected = new HashSet<>();
                for (SnoId id : ids) {
                    if (!id.time().isBefore(from) && id.time().isBefore(to)) {
                        expected.add(id);
                    }
                }
                Set<SnoId> got = new HashSet<>();
                try (PreparedStatement q = c.prepareStatement("SELECT id FROM events WHERE id >= ? AND id < ?")) {
                    SnoJdbc.setSnoIdRange(q, 1, range);
                    try (ResultSet rows = q.executeQuery()) {
                        while (rows.next()) {
                            got.add(SnoJdbc.getSnoId(rows, 1));
                        }
                    }
                }
                assertEquals(expected, got, () -> db + " window " + from + " .. " + to);
                if (range.isEmpty()) {
                    assertEquals(Set.of(), expected);
                    assertThrows(NoSuchElementException.class, range::last);
                } else {
                    Set<SnoId> between = new HashSet<>();
                    try (PreparedStatement q = c.prepareStatement("SELECT id FROM events WHERE id BETWEEN ? AND ?")) {
                        SnoJdbc.setSnoId(q, 1, range.from());
                        SnoJdbc.setSnoId(q, 2, range.last());
                        try (ResultSet rows = q.executeQuery()) {
                            while (rows.next()) {
                                between.add(SnoJdbc.getSnoId(rows, 1));
                            }
                        }
                    }
                    assertEquals(expected, between, () -> db + " BETWEEN from AND last " + from + " .. " + to);
                    assertTrue(range.contains(range.last()));
                    assertFalse(range.contains(range.to()));
                }
                for (SnoId id : ids) {
                    assertEquals(expected.contains(id), range.contains(id));
                }
            }
        }
    }

    @Test
    void postgresPlansAWindowQueryOnALargeTableWithThePrimaryKeyIndex() throws Exception {
        try (Connection c = Databases.connect(Databases.POSTGRES)) {
            recreate(c, "big", "id uuid PRIMARY KEY, payload int");
            Instant base = Instant.parse("2025-01-01T00:00:00Z");
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO big VALUES (?, ?)")) {
                c.setAutoCommit(false);
                for (int i = 0; i < 200_000; i++) {
                    SnoJdbc.setSnoId(insert, 1, SnoId.of(base.plusMillis(4L * (i / 8)), false, 1, 7, i % 8));
                    insert.setInt(2, i);
                    insert.addBatch();
                    if (i % 10_000 == 9_999) {
                        insert.executeBatch();
                    }
                }
                c.commit();
                c.setAutoCommit(true);
            }
            try (Statement s = c.createStatement()) {
                s.execute("ANALYZE big");
            }
            SnoIdRange range = SnoIdRange.timeWindow(base.plusSeconds(10), base.plusSeconds(11));
            StringBuilder plan = new StringBuilder();
            try (PreparedStatement q = c.prepareStatement("EXPLAIN SELECT * FROM big WHERE id >= ? AND id < ?")) {
                SnoJdbc.setSnoIdRange(q, 1, range);
                try (ResultSet rows = q.executeQuery()) {
                    while (rows.next()) {
                        plan.append(rows.getString(1)).append('\n');
                    }
                }
            }
            assertTrue(plan.toString().contains("big_pkey"), plan.toString());
            assertTrue(!plan.toString().contains("Seq Scan"), plan.toString());
            try (PreparedStatement q = c.prepareStatement("SELECT count(*) FROM big WHERE id >= ? AND id < ?")) {
                SnoJdbc.setSnoIdRange(q, 1, range);
                try (ResultSet rows = q.executeQuery()) {
                    rows.next();
                    assertEquals(250 * 8, rows.getInt(1), "one second of 8 IDs per 4 ms unit");
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void acceptsWhatDriversReturnForOtherColumnTypes(String db) throws Exception {
        SnoId id = SnoId.parse("xxxxxxxx25xxxxxx");
        UUID u = id.toUuid();
        byte[] image = ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits()).array();
        try (Connection c = Databases.connect(db)) {
            recreate(c, "forms", "k INT PRIMARY KEY, b " + Databases.binaryType(db) + ", s VARCHAR(64)");
            try (PreparedStatement p = c.prepareStatement("INSERT INTO forms VALUES (?, ?, ?)")) {
                Object[][] rows = {{1, image, u.toString()}, {2, id.toBytes(), id.toString()},
                        {3, image, u.toString().toUpperCase()}};
                for (Object[] row : rows) {
                    p.setInt(1, (Integer) row[0]);
                    p.setBytes(2, (byte[]) row[1]);
                    p.setString(3, (String) row[2]);
                    p.executeUpdate();
                }
            }
            try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT b, s FROM forms ORDER BY k")) {
                for (int i = 0; i < 3; i++) {
                    rows.next();
                    assertEquals(id, SnoJdbc.getSnoId(rows, "b"));
                    assertEquals(id, SnoJdbc.getSnoId(rows, 2));
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void rejectsValuesThatAreNotSnoIdsNamingColumnValueAndReason(String db) throws Exception {
        try (Connection c = Databases.connect(db)) {
            recreate(c, "bad", "k INT PRIMARY KEY, u " + Databases.uuidType(db) + ", n INT, s VARCHAR(64), b "
                    + Databases.binaryType(db));
            try (PreparedStatement p = c.prepareStatement("INSERT INTO bad VALUES (1, ?, 42, ?, ?)")) {
                p.setObject(1, UUID.fromString("01234567-89ab-cdef-0123-000000000001"));
                p.setString(2, "not a sno id");
                p.setBytes(3, new byte[11]);
                p.executeUpdate();
            }
            try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT u, n, s, b FROM bad")) {
                rows.next();
                SQLDataException tail = assertThrows(SQLDataException.class, () -> SnoJdbc.getSnoId(rows, 1));
                assertEquals("Not a sno ID in column 1 ('" + label(db, "u") + "'): UUID 01234567-89ab-cdef-0123-000000000001"
                        + " (Invalid sno ID UUID: 01234567-89ab-cdef-0123-000000000001 (bytes 10..15 must be zero"
                        + " in the image of a sno ID))", tail.getMessage());
                assertEquals("22000", tail.getSQLState());
                assertInstanceOf(InvalidSnoIdException.class, tail.getCause());

                SQLDataException number = assertThrows(SQLDataException.class, () -> SnoJdbc.getSnoId(rows, "n"));
                assertEquals("Not a sno ID in column 'n': a value of type java.lang.Integer"
                        + " (expected UUID, byte[] or String)", number.getMessage());

                SQLDataException text = assertThrows(SQLDataException.class, () -> SnoJdbc.getSnoId(rows, 3));
                assertTrue(text.getMessage().contains("string \"not a sno id\" (Invalid sno ID: \"not a sno id\""
                        + " (length 12, expected 16))"), text.getMessage());

                SQLDataException bytes = assertThrows(SQLDataException.class, () -> SnoJdbc.getSnoId(rows, "b"));
                assertEquals("Not a sno ID in column 'b': 0x" + "00".repeat(11)
                        + " (length 11, expected 10 (sno) or 16 (UUID) bytes)", bytes.getMessage());
            }
        }
    }

    /**
     * Text read from a column, and the column's label, are quoted escaped and bounded: an ESC
     * sequence and a thousand characters in a column labelled with an ESC come back as
     * {@code \u001B} and {@code ...}, and a 36-character UUID text with an ESC the same way.
     */
    @ParameterizedTest
    @MethodSource("databases")
    void hostileTextAndLabelsAreQuotedEscapedAndBounded(String db) throws Exception {
        String hostile = "\u001b[2J" + "a".repeat(1000) + "\r\nINFO forged";
        String uuidText = "01dcd650-0000-410a-0000-00000000\u001b[2J";
        try (Connection c = Databases.connect(db)) {
            recreate(c, "hostile", "k INT PRIMARY KEY, s VARCHAR(2000)");
            try (PreparedStatement p = c.prepareStatement("INSERT INTO hostile VALUES (?, ?)")) {
                p.setInt(1, 1);
                p.setString(2, hostile);
                p.executeUpdate();
                p.setInt(1, 2);
                p.setString(2, uuidText);
                p.executeUpdate();
            }
            try (Statement s = c.createStatement();
                    ResultSet rows = s.executeQuery("SELECT s AS \"i\u001bd\u202e\" FROM hostile ORDER BY k")) {
                rows.next();
                String parse = assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(hostile)).getMessage();
                SQLDataException e = assertThrows(SQLDataException.class, () -> SnoJdbc.getSnoId(rows, 1));
                assertEquals("Not a sno ID in column 1 ('i\\u001Bd\\u202E'): string \"\\u001B[2J" + "a".repeat(191)
                        + "...\" (" + parse + ")", e.getMessage());
                SQLDataException byLabel = assertThrows(SQLDataException.class,
                        () -> SnoJdbc.getSnoId(rows, "i\u001bd\u202e"));
                assertTrue(byLabel.getMessage().startsWith("Not a sno ID in column 'i\\u001Bd\\u202E': string \"\\u001B[2Jaaa"),
                        byLabel.getMessage());
                rows.next();
                e = assertThrows(SQLDataException.class, () -> SnoJdbc.getSnoId(rows, 1));
                assertEquals("Not a sno ID in column 1 ('i\\u001Bd\\u202E'): string \"01dcd650-0000-410a-0000-00000000\\u001B[2J\""
                        + " (Invalid UUID text: \"01dcd650-0000-410a-0000-00000000\\u001B[2J\" (character at index 32"
                        + " is not a hexadecimal digit))", e.getMessage());
            }
        }
    }

    /** Column labels as the database reports them (H2 upper-cases unquoted names). */
    private static String label(String db, String name) {
        return Databases.H2.equals(db) ? name.toUpperCase() : name;
    }

    @Test
    void uuidTextIsParsedStrictly() {
        assertEquals(UUID.fromString("01dcd650-0000-410a-0000-000000000000"),
                DatabaseValues.parseUuid("01dcd650-0000-410a-0000-000000000000"));
        assertEquals(UUID.fromString("01dcd650-0000-410a-0000-000000000000"),
                DatabaseValues.parseUuid("01DCD650-0000-410A-0000-000000000000"));
        for (String bad : new String[] {"01dcd650-0000-410a-0000+000000000000", "01dcd650-0000-410a-0000-00000000000g",
                "01dcd650-0000-410a-0000-00000000000\uFF11", "01dcd6500-000-410a-0000-000000000000"}) {
            assertThrows(IllegalArgumentException.class, () -> DatabaseValues.parseUuid(bad), bad);
        }
    }
}
