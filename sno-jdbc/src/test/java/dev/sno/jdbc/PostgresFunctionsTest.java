package dev.sno.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.postgresql.ds.PGSimpleDataSource;
import org.postgresql.util.PSQLException;

/**
 * The SQL functions of {@link SnoJdbc#POSTGRESQL_FUNCTIONS} on a real PostgreSQL, in a schema of
 * their own, checked against {@link SnoId}. Seeded ({@code -Dsno.seed}, {@code -Dsno.cases}).
 * {@link Postgres18FunctionsTest} runs every test again on PostgreSQL 18.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresFunctionsTest {

    private static final String ALPHABET = "23456789abcdefghijklmnopqrstuvwx";
    private static final int BATCH = 2_000;

    private String schema;
    private String url;

    /** The server: {@link Databases#POSTGRES} here. */
    String database() {
        return Databases.POSTGRES;
    }

    @BeforeAll
    void installTwiceInASchemaOfItsOwn() throws SQLException {
        Databases.require(database());
        String base = Databases.url(database());
        schema = "sno_fn_" + Long.toHexString(System.nanoTime());
        try (Connection c = DriverManager.getConnection(base); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
        url = base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setURL(url);
        SnoJdbc.installFunctions(dataSource);
        SnoJdbc.installFunctions(dataSource);
    }

    @AfterAll
    void dropSchema() throws SQLException {
        if (schema != null) {
            try (Connection c = DriverManager.getConnection(Databases.url(database()));
                    Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA " + schema + " CASCADE");
            }
        }
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(url);
    }

    @Test
    void installsImmutableParallelSafeFunctionsIdempotently() throws SQLException {
        // The readers that validate are not STRICT, so that PostgreSQL inlines them (a CASE is not
        // strict); sno_invalid must not be STRICT, its second argument is always NULL.
        List<String> notStrict = List.of("sno_bytes", "sno_invalid", "sno_meta", "sno_partition", "sno_sequence",
                "sno_time");
        try (Connection c = connect(); Statement s = c.createStatement();
                ResultSet rows = s.executeQuery("SELECT proname, provolatile, proisstrict, proparallel FROM pg_proc"
                        + " WHERE pronamespace = '" + schema + "'::regnamespace ORDER BY proname")) {
            List<String> names = new ArrayList<>();
            while (rows.next()) {
                String name = rows.getString(1);
                names.add(name);
                assertEquals("i", rows.getString(2), name);
                assertEquals(!notStrict.contains(name), rows.getBoolean(3), name + " strict");
                assertEquals("s", rows.getString(4), name);
            }
            assertEquals(List.of("sno_bytes", "sno_invalid", "sno_is_valid", "sno_lower", "sno_meta", "sno_partition",
                    "sno_sequence", "sno_text", "sno_time", "sno_uuid"), names);
        }
    }

    /** The lines of EXPLAIN (VERBOSE) of sql, run by s. */
    private static String explain(Statement s, String sql) throws SQLException {
        StringBuilder plan = new StringBuilder();
        try (ResultSet rows = s.executeQuery("EXPLAIN (VERBOSE) " + sql)) {
            while (rows.next()) {
                plan.append(rows.getString(1)).append('\n');
            }
        }
        return plan.toString();
    }

    private static final List<String> INLINED = List.of("sno_time", "sno_meta", "sno_partition", "sno_sequence",
            "sno_bytes", "sno_is_valid");

    @Test
    void readersAreInlinedIntoTheQuery() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE inlined (id uuid)");
            for (String f : INLINED) {
                for (String sql : List.of("SELECT " + f + "(id) FROM inlined",
                        "SELECT id FROM inlined WHERE " + f + "(id) IS NOT NULL ORDER BY " + f + "(id)")) {
                    String plan = explain(s, sql);
                    // Inlined: the plan shows the function's body on the column, not a call of it.
                    assertFalse(plan.contains(f + "("), sql + "\n" + plan);
                    assertTrue(plan.contains("uuid_send(id)"), sql + "\n" + plan);
                }
            }
            // A parameter (prepared statement, generic plan) is inlined too.
            s.execute("SET plan_cache_mode = force_generic_plan");
            s.execute("PREPARE read_time(uuid) AS SELECT sno_time($1)");
            String plan = explain(s, "EXECUTE read_time('01dcd650-0000-410a-0000-000000000000')");
            assertFalse(plan.contains("sno_time("), plan);
            assertTrue(plan.contains("uuid_send($1)"), plan);
            s.execute("DEALLOCATE read_time");
            s.execute("DROP TABLE inlined");
        }
    }

    @Test
    void inlinedReadersStillRejectAUuidThatIsNotASnoImageNamingIt() throws SQLException {
        UUID bad = UUID.fromString("0195b2b6-2c4a-7e3f-9b1d-4c2a8e6f1a03");
        String expected = "Invalid sno ID UUID: " + bad + " (bytes 10..15 must be zero in the image of a sno ID)";
        SnoId good = SnoId.of(Instant.parse("2026-11-25T18:00:00Z"), false, 1, 2, 3);
        try (Connection c = connect()) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE mixed (n int, id uuid)");
                s.execute("INSERT INTO mixed SELECT n, '" + good.toUuid() + "' FROM generate_series(1, 100) n");
                s.execute("INSERT INTO mixed VALUES (101, '" + bad + "'), (102, NULL)");
                s.execute("ANALYZE mixed");
            }
            for (String f : INLINED) {
                if (f.equals("sno_is_valid")) {
                    continue;
                }
                for (String sql : List.of("SELECT " + f + "(id) FROM mixed",
                        "SELECT n FROM mixed WHERE " + f + "(id) IS NOT NULL",
                        "SELECT n FROM mixed ORDER BY " + f + "(id)",
                        "SELECT count(DISTINCT " + f + "(id)) FROM mixed")) {
                    try (Statement s = c.createStatement()) {
                        assertFalse(explain(s, sql).contains(f + "("), sql);
                    }
                    assertEquals(expected, errorOf(c, sql, "22023"), sql);
                }
                // A parameter in a generic plan, and a constant (folded while planning).
                try (Statement s = c.createStatement()) {
                    s.execute("SET plan_cache_mode = force_generic_plan");
                }
                assertEquals(expected, errorOf(c, "SELECT " + f + "(?::uuid)", "22023", bad), f);
                assertEquals(expected, errorOf(c, "SELECT " + f + "('" + bad + "'::uuid)", "22023"), f);
                try (Statement s = c.createStatement()) {
                    s.execute("RESET plan_cache_mode");
                }
            }
            try (Statement s = c.createStatement();
                    ResultSet rows = s.executeQuery("SELECT sno_time(id), sno_meta(id), sno_partition(id),"
                            + " sno_sequence(id), sno_bytes(id), sno_is_valid(id) FROM mixed WHERE n IN (1, 102) ORDER BY n")) {
                assertTrue(rows.next());
                assertEquals(good.time(), rows.getObject(1, OffsetDateTime.class).toInstant());
                assertEquals(List.of(1, 2, 3), List.of(rows.getInt(2), rows.getInt(3), rows.getInt(4)));
                assertEquals(good, SnoId.fromBytes(rows.getBytes(5)));
                assertTrue(rows.getBoolean(6));
                assertTrue(rows.next());
                for (int i = 1; i <= 6; i++) {
                    assertEquals(null, rows.getObject(i), "NULL in, column " + i);
                }
            }
            // An index on an expression: building it over the bad row fails naming it; without that
            // row it builds, queries use it, and inserting the bad row fails naming it.
            assertEquals(expected, errorOf(c, "CREATE INDEX mixed_time ON mixed (sno_time(id))", "22023"));
            try (Statement s = c.createStatement()) {
                s.execute("DELETE FROM mixed WHERE n = 101");
                s.execute("CREATE INDEX mixed_time ON mixed (sno_time(id))");
                s.execute("ANALYZE mixed");
                s.execute("SET enable_seqscan = off");
                String plan = explain(s, "SELECT n FROM mixed WHERE sno_time(id) >= '2026-11-25 18:00:00Z'");
                assertTrue(plan.contains("mixed_time"), plan);
                s.execute("RESET enable_seqscan");
            }
            assertEquals(expected, errorOf(c, "INSERT INTO mixed VALUES (101, ?::uuid)", "22023", bad));
            try (Statement s = c.createStatement()) {
                s.execute("DROP TABLE mixed");
            }
        }
    }

    @Test
    void schemaQualifiedCallsWorkWithAnySearchPath() throws SQLException {
        // The readers' bodies call sno_invalid: bound when created, not looked up in the caller's
        // search_path.
        UUID bad = UUID.fromString("0195b2b6-2c4a-7e3f-9b1d-4c2a8e6f1a03");
        SnoId good = SnoId.of(Instant.parse("2026-11-25T18:00:00Z"), true, 7, 8, 9);
        try (Connection c = DriverManager.getConnection(Databases.url(database()))) {
            try (Statement s = c.createStatement()) {
                s.execute("SET search_path TO pg_catalog");
            }
            try (PreparedStatement q = c.prepareStatement("SELECT " + schema + ".sno_time(?), " + schema + ".sno_meta(?)")) {
                q.setObject(1, good.toUuid());
                q.setObject(2, good.toUuid());
                try (ResultSet rows = q.executeQuery()) {
                    assertTrue(rows.next());
                    assertEquals(good.time(), rows.getObject(1, OffsetDateTime.class).toInstant());
                    assertEquals(7, rows.getInt(2));
                }
            }
            assertEquals("Invalid sno ID UUID: " + bad + " (bytes 10..15 must be zero in the image of a sno ID)",
                    errorOf(c, "SELECT " + schema + ".sno_partition(?)", "22023", bad));
        }
    }

    @Test
    void concurrentInstallsAllSucceed() throws Exception {
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setURL(url);
        int n = 4;
        CyclicBarrier start = new CyclicBarrier(n);
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                done.add(pool.submit(() -> {
                    for (int k = 0; k < 5; k++) {
                        start.await();
                        SnoJdbc.installFunctions(dataSource);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(); // without the advisory lock: "tuple concurrently updated"
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void randomIdsMatchSnoIdFieldByField() throws SQLException {
        long seed = Long.getLong("sno.seed", System.nanoTime());
        int n = Integer.getInteger("sno.cases", 20_000);
        try {
            checkFields(SnoJdbcTest.randomIds(seed, n));
        } catch (AssertionError | SQLException e) {
            throw new AssertionError("failed with seed " + seed + " (replay with -Dsno.seed=" + seed + "): " + e, e);
        }
    }

    @Test
    void edgeCasesMatchSnoIdFieldByField() throws SQLException {
        Instant t = Instant.parse("2026-11-25T18:00:00.004Z");
        checkFields(List.of(
                SnoId.ZERO,
                SnoId.MAX,
                SnoId.of(SnoId.EPOCH, false, 0, 0, 0),
                SnoId.of(SnoId.EPOCH, true, 255, 65535, 65535),
                SnoId.of(SnoId.MAX_TIME, false, 0, 0, 0),
                SnoId.of(SnoId.MAX_TIME, true, 255, 65535, 65535),
                SnoId.of(t, false, 0, 0, 0),
                SnoId.of(t, true, 0, 0, 0),
                SnoId.of(t, true, 255, 0, 0),
                SnoId.of(t, false, 0, 65535, 0),
                SnoId.of(t, false, 0, 0, 65535),
                SnoId.of(t, false, 128, 32768, 32768),
                SnoId.of(t, false, 127, 32767, 32767),
                SnoId.parse("29gfem22232im222")));
    }

    /**
     * Checks every function on ids against SnoId, one query per batch, in a session whose time
     * zone is not UTC (the functions must not depend on it).
     */
    private void checkFields(List<SnoId> ids) throws SQLException {
        try (Connection c = connect()) {
            try (Statement s = c.createStatement()) {
                s.execute("SET TIME ZONE 'Asia/Kathmandu'");
            }
            try (PreparedStatement q = c.prepareStatement("SELECT x.u, sno_time(x.u), sno_meta(x.u), sno_partition(x.u),"
                    + " sno_sequence(x.u), sno_text(x.u), sno_is_valid(x.u), sno_uuid(sno_text(x.u)), sno_uuid(x.t),"
                    + " sno_bytes(x.u)"
                    + " FROM unnest(?::uuid[], ?::text[]) WITH ORDINALITY AS x(u, t, i) ORDER BY x.i")) {
                for (int from = 0; from < ids.size(); from += BATCH) {
                    List<SnoId> batch = ids.subList(from, Math.min(ids.size(), from + BATCH));
                    UUID[] uuids = new UUID[batch.size()];
                    String[] texts = new String[batch.size()];
                    for (int i = 0; i < uuids.length; i++) {
                        uuids[i] = batch.get(i).toUuid();
                        texts[i] = batch.get(i).toString();
                    }
                    Array u = c.createArrayOf("uuid", uuids);
                    Array t = c.createArrayOf("text", texts);
                    q.setArray(1, u);
                    q.setArray(2, t);
                    int i = 0;
                    try (ResultSet rows = q.executeQuery()) {
                        while (rows.next()) {
                            SnoId id = batch.get(i++);
                            String where = id + " (" + id.toUuid() + ")";
                            assertEquals(id.toUuid(), rows.getObject(1, UUID.class), where);
                            assertEquals(id.time(), rows.getObject(2, OffsetDateTime.class).toInstant(), where);
                            assertEquals(id.meta(), rows.getInt(3), where);
                            assertEquals(id.partition(), rows.getInt(4), where);
                            assertEquals(id.sequence(), rows.getInt(5), where);
                            assertEquals(id.toString(), rows.getString(6), where);
                            assertTrue(rows.getBoolean(7), where);
                            assertEquals(id.toUuid(), rows.getObject(8, UUID.class), where);
                            assertEquals(id.toUuid(), rows.getObject(9, UUID.class), where);
                            assertEquals(SnoId.fromBytes(rows.getBytes(10)), id, where);
                        }
                    }
                    assertEquals(batch.size(), i);
                    u.free();
                    t.free();
                }
            }
        }
    }

    /** The server's own message of the error that sql raises, after checking its SQLState. */
    private static String errorOf(Connection c, String sql, String sqlState, Object... args) {
        PSQLException e = assertThrows(PSQLException.class, () -> {
            try (PreparedStatement q = c.prepareStatement(sql)) {
                for (int i = 0; i < args.length; i++) {
                    q.setObject(i + 1, args[i]);
                }
                q.executeQuery().close();
            }
        }, sql);
        assertEquals(sqlState, e.getSQLState(), e.getMessage());
        return e.getServerErrorMessage().getMessage();
    }

    @Test
    void snoUuidRejectsWhatParseRejectsWithItsMessage() throws SQLException {
        String[][] cases = {
            {"", "Invalid sno ID: \"\" (length 0, expected 16)"},
            {"29gfem22232im22", "Invalid sno ID: \"29gfem22232im22\" (length 15, expected 16)"},
            {"29gfem22232im2222", "Invalid sno ID: \"29gfem22232im2222\" (length 17, expected 16)"},
            {" 29gfem22232im222", "Invalid sno ID: \" 29gfem22232im222\" (length 17, expected 16)"},
            {"29gfem22232im22y", "Invalid sno ID: \"29gfem22232im22y\" (character 'y' at index 15 is not in the alphabet "
                    + ALPHABET + ")"},
            {"z9gfem22232im222", "Invalid sno ID: \"z9gfem22232im222\" (character 'z' at index 0 is not in the alphabet "
                    + ALPHABET + ")"},
            {"29GFEM22232IM222", "Invalid sno ID: \"29GFEM22232IM222\" (character 'G' at index 2 is not in the alphabet "
                    + ALPHABET + ")"},
            {"29gfem22232im220", "Invalid sno ID: \"29gfem22232im220\" (character '0' at index 15 is not in the alphabet "
                    + ALPHABET + ")"},
            {"29gfem21232im222", "Invalid sno ID: \"29gfem21232im222\" (character '1' at index 7 is not in the alphabet "
                    + ALPHABET + ")"},
            {"29gfem22\u013232im222", "Invalid sno ID: \"29gfem22\\u013232im222\" (character '\\u0132' at index 8 is not in"
                    + " the alphabet " + ALPHABET + ")"},
            {"29gfem22232im2\t2", "Invalid sno ID: \"29gfem22232im2\\u00092\" (character '\\u0009' at index 14 is not in"
                    + " the alphabet " + ALPHABET + ")"},
            {"29gfem22232im2'2", "Invalid sno ID: \"29gfem22232im2\\'2\" (character '\\'' at index 14 is not in the"
                    + " alphabet " + ALPHABET + ")"},
            {"29gfem22\"\\2im222", "Invalid sno ID: \"29gfem22\\\"\\\\2im222\" (character '\\\"' at index 8 is not in the"
                    + " alphabet " + ALPHABET + ")"},
            {"x".repeat(45), "Invalid sno ID: \"" + "x".repeat(40) + "\"... (length 45, expected 16)"},
        };
        try (Connection c = connect()) {
            for (String[] k : cases) {
                assertEquals(k[1], errorOf(c, "SELECT sno_uuid(?)", "22P02", k[0]), k[0]);
                // The Java library says the same, word for word.
                assertEquals(k[1], assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(k[0])).getMessage());
            }
        }
    }

    /** Issue 30, finding 5: LPAD cut a code point's five hex digits to four ({@code \\u1F60}). */
    @Test
    void aCharacterAboveUffffIsNamedWithAllItsDigits() throws SQLException {
        try (Connection c = connect()) {
            assertEquals("Invalid sno ID: \"22222222222222\\u1F6002\" (character '\\u1F600' at index 14 is not in the"
                    + " alphabet " + FunctionCases.ALPHABET + ")",
                    errorOf(c, "SELECT sno_uuid(?)", "22P02", "22222222222222\uD83D\uDE002"));
        }
    }

    @Test
    void snoUuidRejectsRandomCorruptionsAsParseDoes() throws SQLException {
        long seed = Long.getLong("sno.seed", System.nanoTime());
        SplittableRandom r = new SplittableRandom(seed);
        String others = "01yzAXZ -_.'\"\\\u00e9\u0132\u00ff\u007f\n";
        try (Connection c = connect()) {
            for (int k = 0; k < 200; k++) {
                StringBuilder text = new StringBuilder(SnoJdbcTest.randomIds(r.nextLong(), 1).get(0).toString());
                int bad = 1 + r.nextInt(3);
                for (int j = 0; j < bad; j++) {
                    text.setCharAt(r.nextInt(16), others.charAt(r.nextInt(others.length())));
                }
                if (r.nextInt(4) == 0) {
                    text.setLength(r.nextInt(16));
                }
                String s = text.toString();
                String expected = assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(s)).getMessage();
                assertEquals(expected, errorOf(c, "SELECT sno_uuid(?)", "22P02", s),
                        "seed " + seed + " (replay with -Dsno.seed=" + seed + ")");
            }
        }
    }

    @Test
    void isValidIsFalseForUuidsThatAreNotSnoImagesAndTheOthersRaise() throws SQLException {
        SplittableRandom r = new SplittableRandom(Long.getLong("sno.seed", System.nanoTime()));
        // A UUIDv7: 48-bit Unix milliseconds, version 7, 12 random bits, variant 10, 62 random bits.
        long msb = System.currentTimeMillis() << 16 | 0x7000 | r.nextInt(0x1000);
        long lsb = 0x8000_0000_0000_0000L | r.nextLong() >>> 2;
        UUID v7 = new UUID(msb, lsb | 1);
        List<UUID> notSno = List.of(v7, new UUID(0, 1), new UUID(0, 0x0000_8000_0000_0000L),
                new UUID(-1, -1),
                UUID.fromString("01234567-89ab-cdef-0123-000000000001"));
        try (Connection c = connect()) {
            try (Statement s = c.createStatement();
                    ResultSet rows = s.executeQuery("SELECT bool_or(sno_is_valid(gen_random_uuid()))"
                            + " FROM generate_series(1, 1000)")) {
                assertTrue(rows.next());
                assertFalse(rows.getBoolean(1), "some gen_random_uuid() passed");
            }
            for (UUID u : notSno) {
                try (PreparedStatement q = c.prepareStatement("SELECT sno_is_valid(?)")) {
                    q.setObject(1, u);
                    try (ResultSet rows = q.executeQuery()) {
                        assertTrue(rows.next());
                        assertFalse(rows.getBoolean(1), u.toString());
                    }
                }
                String expected = assertThrows(InvalidSnoIdException.class, () -> SnoId.fromUuid(u)).getMessage();
                assertEquals("Invalid sno ID UUID: " + u + " (bytes 10..15 must be zero in the image of a sno ID)",
                        expected);
                for (String f : List.of("sno_time", "sno_meta", "sno_partition", "sno_sequence", "sno_text", "sno_bytes")) {
                    assertEquals(expected, errorOf(c, "SELECT " + f + "(?)", "22023", u), f);
                }
            }
            try (Statement s = c.createStatement();
                    ResultSet rows = s.executeQuery("SELECT sno_is_valid(NULL), sno_time(NULL), sno_uuid(NULL),"
                            + " sno_lower(NULL), sno_text(NULL), sno_meta(NULL), sno_partition(NULL), sno_sequence(NULL),"
                            + " sno_bytes(NULL)")) {
                assertTrue(rows.next());
                for (int i = 1; i <= 9; i++) {
                    assertEquals(null, rows.getObject(i), "column " + i);
                }
            }
        }
    }

    /** Random instants in [EPOCH, MAX_TIME], to the microsecond (PostgreSQL's precision). */
    private static List<Instant> randomInstants(SplittableRandom r, int n) {
        long lo = SnoId.EPOCH.getEpochSecond() * 1_000_000;
        long hi = SnoId.MAX_TIME.toEpochMilli() * 1_000;
        List<Instant> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long micros = lo + r.nextLong(hi - lo + 1);
            list.add(Instant.EPOCH.plus(micros, ChronoUnit.MICROS));
        }
        return list;
    }

    @Test
    void lowerIsFirstAtForRandomAndBoundaryInstants() throws SQLException {
        long seed = Long.getLong("sno.seed", System.nanoTime());
        List<Instant> instants = new ArrayList<>(randomInstants(new SplittableRandom(seed), 10_000));
        Instant t = Instant.parse("2026-11-25T18:00:00.004Z");
        instants.addAll(List.of(SnoId.EPOCH, SnoId.EPOCH.plusNanos(3_999_000), SnoId.EPOCH.plusMillis(4),
                SnoId.MAX_TIME, SnoId.MAX_TIME.minusNanos(1_000), t, t.minusNanos(1_000), t.plusNanos(3_999_000),
                t.plusMillis(4), Instant.parse("2026-11-25T18:00:00.0079Z")));
        String[] texts = instants.stream().map(Instant::toString).toArray(String[]::new);
        try (Connection c = connect()) {
            try (Statement s = c.createStatement()) {
                s.execute("SET TIME ZONE 'America/St_Johns'");
            }
            try (PreparedStatement q = c.prepareStatement("SELECT x.t, sno_lower(x.t::timestamptz)"
                    + " FROM unnest(?::text[]) WITH ORDINALITY AS x(t, i) ORDER BY x.i")) {
                q.setArray(1, c.createArrayOf("text", texts));
                int i = 0;
                try (ResultSet rows = q.executeQuery()) {
                    while (rows.next()) {
                        Instant at = instants.get(i++);
                        assertEquals(SnoId.firstAt(at).toUuid(), rows.getObject(2, UUID.class),
                                at + ", seed " + seed + " (replay with -Dsno.seed=" + seed + ")");
                    }
                }
                assertEquals(instants.size(), i);
            }
        }
    }

    @Test
    void lowerRejectsTimesOutsideTheSnoRange() throws SQLException {
        String range = " (must be in [2010-01-01T00:00:00Z, 2079-09-07T15:47:35.548Z])";
        String[][] cases = {
            {"2009-12-31T23:59:59.999999Z", "Invalid sno ID time: 2009-12-31T23:59:59.999999Z" + range},
            {"2009-12-31T23:59:59.999Z", "Invalid sno ID time: 2009-12-31T23:59:59.999Z" + range},
            {"1970-01-01T00:00:00Z", "Invalid sno ID time: 1970-01-01T00:00:00Z" + range},
            {"2079-09-07T15:47:35.548001Z", "Invalid sno ID time: 2079-09-07T15:47:35.548001Z" + range},
            {"2079-09-07T15:47:35.549Z", "Invalid sno ID time: 2079-09-07T15:47:35.549Z" + range},
            {"2100-01-01T00:00:00Z", "Invalid sno ID time: 2100-01-01T00:00:00Z" + range},
            {"infinity", "Invalid sno ID time: infinity" + range},
            {"-infinity", "Invalid sno ID time: -infinity" + range},
        };
        try (Connection c = connect()) {
            try (Statement s = c.createStatement()) {
                s.execute("SET TIME ZONE 'Europe/Berlin'");
            }
            for (String[] k : cases) {
                assertEquals(k[1], errorOf(c, "SELECT sno_lower(?::timestamptz)", "22023", k[0]), k[0]);
                if (!k[0].endsWith("infinity")) {
                    // The Java library says the same, word for word.
                    assertEquals(k[1], assertThrows(InvalidSnoIdException.class,
                            () -> SnoId.firstAt(Instant.parse(k[0]))).getMessage());
                }
            }
        }
    }

    @Test
    void rangeQueryReturnsExactlyTheIdsOfTheTimeUnitsAndUsesTheIndex() throws SQLException {
        long seed = Long.getLong("sno.seed", System.nanoTime());
        SplittableRandom r = new SplittableRandom(seed);
        // 5,000 IDs over 2 seconds (500 units), both timelines, any payload.
        Instant start = Instant.parse("2026-11-25T18:00:00Z");
        List<SnoId> ids = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            ids.add(SnoId.of(start.plusMillis(r.nextInt(2_000)), r.nextBoolean(), r.nextInt(256), r.nextInt(65536),
                    r.nextInt(65536)));
        }
        try (Connection c = connect()) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE ranged (id uuid PRIMARY KEY)");
            }
            try (PreparedStatement insert = c.prepareStatement(
                    "INSERT INTO ranged SELECT DISTINCT unnest(?::uuid[])")) {
                insert.setArray(1, c.createArrayOf("uuid", ids.stream().map(SnoId::toUuid).toArray()));
                insert.executeUpdate();
            }
            List<SnoId> distinct = ids.stream().distinct().sorted().toList();
            try (PreparedStatement q = c.prepareStatement("SELECT id FROM ranged"
                    + " WHERE id >= sno_lower(?::timestamptz) AND id < sno_lower(?::timestamptz) ORDER BY id")) {
                for (int k = 0; k < 200; k++) {
                    Instant a = start.plusNanos(r.nextLong(2_100_000_000L) / 1_000 * 1_000 - 50_000_000);
                    Instant b = a.plusNanos(r.nextLong(k % 2 == 0 ? 20_000_000L : 1_000_000_000L) / 1_000 * 1_000);
                    SnoId from = SnoId.firstAt(a);
                    SnoId to = SnoId.firstAt(b);
                    List<SnoId> expected = distinct.stream()
                            .filter(id -> id.compareTo(from) >= 0 && id.compareTo(to) < 0).toList();
                    // The same, by time units: both timelines of [unit(a), unit(b)).
                    assertEquals(expected, distinct.stream().filter(id -> id.timeUnits() >= from.timeUnits()
                            && id.timeUnits() < to.timeUnits()).toList());
                    q.setString(1, a.toString());
                    q.setString(2, b.toString());
                    List<SnoId> actual = new ArrayList<>();
                    try (ResultSet rows = q.executeQuery()) {
                        while (rows.next()) {
                            actual.add(SnoJdbc.getSnoId(rows, 1));
                        }
                    }
                    assertEquals(expected, actual, "[" + a + ", " + b + "), seed " + seed
                            + " (replay with -Dsno.seed=" + seed + ")");
                }
            }
            try (Statement s = c.createStatement()) {
                s.execute("ANALYZE ranged");
                s.execute("SET enable_seqscan = off");
                StringBuilder plan = new StringBuilder();
                try (ResultSet rows = s.executeQuery("EXPLAIN SELECT id FROM ranged"
                        + " WHERE id >= sno_lower('2026-11-25 18:00:00.100Z') AND id < sno_lower('2026-11-25 18:00:00.200Z')")) {
                    while (rows.next()) {
                        plan.append(rows.getString(1)).append('\n');
                    }
                }
                System.out.println("[sno-jdbc] range query plan (enable_seqscan = off):\n" + plan);
                assertTrue(plan.toString().matches("(?s).*(Index Only Scan|Index Scan|Bitmap Index Scan) .*ranged_pkey.*"),
                        plan.toString());
                // sno_lower is IMMUTABLE: the planner folds it to a constant in the index condition.
                assertTrue(plan.toString().contains("'3e16576a-b200-0000-0000-000000000000'::uuid"), plan.toString());
                assertFalse(plan.toString().contains("sno_lower"), plan.toString());
            }
        }
    }
}
