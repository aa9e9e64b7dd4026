package dev.sno.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoId;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.mariadb.jdbc.MariaDbDataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Does {@code ORDER BY id} return sno order in each column type we recommend (PostgreSQL 15 and 18
 * {@code uuid}, MariaDB {@code BINARY(16)}, H2 {@code UUID}), and does a time window through
 * {@code sno_lower} return exactly the Java-side answer? And what MariaDB's {@code UUID} type does
 * instead (SPEC.md section 10.2). 100,000 IDs in sno order over 50 time units (25 consecutive, 25
 * spread from 2010 to 2079), every partition high nibble, sequences from 0 up and anywhere up to
 * 0xFFFF, inserted in a seeded random order ({@code -Dsno.seed}).
 */
class ColumnOrderTest {

    /** Time units: 50 (100,000 IDs) unless -Dsno.order.units says otherwise. */
    private static final int UNITS = Integer.getInteger("sno.order.units", 50);
    private static final int PARTITIONS = 16;
    private static final int SEQUENCES = 125;
    private static final DateTimeFormatter MICROS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS")
            .withZone(ZoneOffset.UTC);

    /** The IDs in generation (= sno) order, and a seeded shuffle of them to insert. */
    private record Ids(List<SnoId> ordered, List<SnoId> shuffled, long seed) {
    }

    private static Ids ids() {
        long seed = FunctionCases.seed();
        SplittableRandom r = new SplittableRandom(seed);
        List<Instant> times = new ArrayList<>();
        Instant now = Instant.parse("2026-11-25T18:00:00Z");
        for (int i = 0; i < UNITS / 2; i++) {
            times.add(now.plusMillis(4L * i)); // consecutive units
            long span = SnoId.MAX_TIME.toEpochMilli() - SnoId.EPOCH.toEpochMilli();
            times.add(SnoId.EPOCH.plusMillis(r.nextLong(span + 1))); // anywhere in the range
        }
        times.sort(null);
        List<SnoId> ordered = new ArrayList<>();
        for (Instant t : times) {
            for (int p = 0; p < PARTITIONS; p++) {
                int partition = p << 12 | r.nextInt(0x1000); // every high nibble: every "UUID version"
                int meta = r.nextInt(256);
                boolean tickTock = r.nextBoolean();
                for (int s = 0; s < SEQUENCES; s++) {
                    // Half from 0 up, as a generator makes them; half anywhere in 0..0xFFFF.
                    int sequence = s < SEQUENCES / 2 ? s : r.nextInt(0x10000);
                    ordered.add(SnoId.of(t, tickTock, meta, partition, sequence));
                }
            }
        }
        ordered = ordered.stream().distinct().sorted().toList();
        List<SnoId> shuffled = new ArrayList<>(ordered);
        Collections.shuffle(shuffled, new Random(seed));
        return new Ids(ordered, shuffled, seed);
    }

    private static List<SnoId> read(Connection c, String sql) throws SQLException {
        List<SnoId> ids = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery(sql)) {
            while (rows.next()) {
                ids.add(SnoJdbc.getSnoId(rows, 1));
            }
        }
        return ids;
    }

    /** 50 windows over the consecutive units: exactly the IDs whose time unit is in [unit(a), unit(b)). */
    private static void checkWindows(Connection c, Ids ids, String sql, boolean textTimes) throws SQLException {
        SplittableRandom r = new SplittableRandom(ids.seed());
        Instant start = Instant.parse("2026-11-25T18:00:00Z");
        try (PreparedStatement q = c.prepareStatement(sql)) {
            for (int k = 0; k < 50; k++) {
                Instant a = start.plusNanos(r.nextLong(220_000_000L) / 1_000 * 1_000 - 10_000_000);
                Instant b = a.plusNanos(r.nextLong(60_000_000L) / 1_000 * 1_000);
                long from = SnoId.firstAt(a).timeUnits();
                long to = SnoId.firstAt(b).timeUnits();
                List<SnoId> expected = ids.ordered().stream()
                        .filter(id -> id.timeUnits() >= from && id.timeUnits() < to).toList();
                q.setObject(1, textTimes ? MICROS.format(a) : a.atOffset(ZoneOffset.UTC));
                q.setObject(2, textTimes ? MICROS.format(b) : b.atOffset(ZoneOffset.UTC));
                List<SnoId> actual = new ArrayList<>();
                try (ResultSet rows = q.executeQuery()) {
                    while (rows.next()) {
                        actual.add(SnoJdbc.getSnoId(rows, 1));
                    }
                }
                assertEquals(expected, actual, "[" + a + ", " + b + "), " + FunctionCases.replay(ids.seed()));
            }
        }
    }

    @Test
    void postgres15UuidKeepsSnoOrder() throws SQLException {
        postgres(Databases.POSTGRES);
    }

    @Test
    void postgres18UuidKeepsSnoOrder() throws SQLException {
        postgres(Databases.POSTGRES_18);
    }

    private static void postgres(String db) throws SQLException {
        Databases.require(db);
        Ids ids = ids();
        String schema = "sno_order_" + Long.toHexString(System.nanoTime());
        String base = Databases.url(db);
        try (Connection admin = DriverManager.getConnection(base); Statement s = admin.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
            try {
                PGSimpleDataSource dataSource = new PGSimpleDataSource();
                dataSource.setURL(base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema);
                SnoJdbc.installFunctions(dataSource);
                try (Connection c = dataSource.getConnection()) {
                    try (Statement t = c.createStatement()) {
                        t.execute("CREATE TABLE ordered (id uuid PRIMARY KEY)");
                    }
                    try (PreparedStatement insert = c.prepareStatement("INSERT INTO ordered SELECT unnest(?::uuid[])")) {
                        for (int from = 0; from < ids.shuffled().size(); from += 20_000) {
                            List<SnoId> chunk = ids.shuffled().subList(from, Math.min(from + 20_000, ids.shuffled().size()));
                            insert.setArray(1, c.createArrayOf("uuid", chunk.stream().map(SnoId::toUuid).toArray()));
                            insert.executeUpdate();
                        }
                    }
                    assertEquals(ids.ordered(), read(c, "SELECT id FROM ordered ORDER BY id"),
                            db + " uuid ORDER BY id, " + FunctionCases.replay(ids.seed()));
                    checkWindows(c, ids, "SELECT id FROM ordered WHERE id >= sno_lower(?::timestamptz)"
                            + " AND id < sno_lower(?::timestamptz) ORDER BY id", false);
                }
            } finally {
                s.execute("DROP SCHEMA " + schema + " CASCADE");
            }
        }
    }

    @Test
    void h2UuidKeepsSnoOrder() throws SQLException {
        Ids ids = ids();
        JdbcDataSource dataSource = new JdbcDataSource();
        dataSource.setURL("jdbc:h2:mem:order;DB_CLOSE_DELAY=-1");
        SnoJdbc.installFunctions(dataSource);
        try (Connection c = dataSource.getConnection()) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE LOCAL TEMPORARY TABLE ordered (id UUID PRIMARY KEY)");
            }
            insertAll(c, "INSERT INTO ordered VALUES (?)", ids.shuffled(), false);
            assertEquals(ids.ordered(), read(c, "SELECT id FROM ordered ORDER BY id"),
                    "H2 UUID ORDER BY id, " + FunctionCases.replay(ids.seed()));
            checkWindows(c, ids, "SELECT id FROM ordered WHERE id >= sno_lower(?) AND id < sno_lower(?) ORDER BY id",
                    false);
        }
    }

    private static void insertAll(Connection c, String sql, List<SnoId> ids, boolean binary) throws SQLException {
        try (PreparedStatement insert = c.prepareStatement(sql)) {
            for (int i = 0; i < ids.size(); i++) {
                if (binary) {
                    insert.setBytes(1, FunctionCases.image(ids.get(i)));
                } else {
                    insert.setObject(1, ids.get(i).toUuid());
                }
                insert.addBatch();
                if (i % 10_000 == 9_999 || i == ids.size() - 1) {
                    insert.executeBatch();
                }
            }
        }
    }

    @Test
    void mariaDbBinary16KeepsSnoOrder() throws SQLException {
        Ids ids = ids();
        String database = MariaDb.createDatabase("sno_order");
        try {
            SnoJdbc.installFunctions(new MariaDbDataSource(MariaDb.url(database)));
            try (Connection c = DriverManager.getConnection(MariaDb.url(database))) {
                try (Statement s = c.createStatement()) {
                    s.execute("CREATE TABLE ordered (id BINARY(16) PRIMARY KEY)");
                }
                insertAll(c, "INSERT INTO ordered VALUES (?)", ids.shuffled(), true);
                assertEquals(ids.ordered(), read(c, "SELECT id FROM ordered ORDER BY id"),
                        "MariaDB BINARY(16) ORDER BY id, " + FunctionCases.replay(ids.seed()));
                checkWindows(c, ids, "SELECT id FROM ordered WHERE id >= sno_lower(?) AND id < sno_lower(?)"
                        + " ORDER BY id", true);
            }
        } finally {
            MariaDb.dropDatabase(database);
        }
    }

    /**
     * MariaDB's rule (10.10.6+, 11.x) for UUID text: invalid when the version nibble is 8 or more
     * and byte 8, as a signed char, is in 1..128 ("version >= 8 and variant 0").
     */
    static boolean mariaDbRejects(byte[] image) {
        return (image[6] & 0x80) != 0 && image[8] != 0 && (image[8] & 0xFF) <= 0x80;
    }

    /** MariaDB stores a UUID with its groups in reverse order when version is 1..5 and the variant bit is set. */
    static boolean mariaDbSwaps(byte[] image) {
        return image[6] > 0 && image[6] < 0x60 && (image[8] & 0x80) != 0;
    }

    /** The bytes MariaDB's UUID index compares: the groups reversed for swapped values. */
    static byte[] mariaDbRecord(byte[] m) {
        if (!mariaDbSwaps(m)) {
            return m.clone();
        }
        byte[] r = new byte[16];
        System.arraycopy(m, 10, r, 0, 6);
        System.arraycopy(m, 8, r, 6, 2);
        System.arraycopy(m, 6, r, 8, 2);
        System.arraycopy(m, 4, r, 10, 2);
        System.arraycopy(m, 0, r, 12, 4);
        return r;
    }

    @Test
    void mariaDbUuidRejectsSomeSnoIdsAndDoesNotKeepSnoOrder() throws SQLException {
        Ids ids = ids();
        List<SnoId> accepted = ids.shuffled().stream().filter(id -> !mariaDbRejects(FunctionCases.image(id))).toList();
        List<SnoId> rejected = ids.shuffled().stream().filter(id -> mariaDbRejects(FunctionCases.image(id))).toList();
        String database = MariaDb.createDatabase("sno_order");
        try (Connection c = DriverManager.getConnection(MariaDb.url(database))) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE ordered (id UUID PRIMARY KEY)");
                s.execute("CREATE TABLE lost (id UUID)");
            }
            // 1. Text (how the driver sends a java.util.UUID): refused for the "impossible" ones.
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO lost VALUES (?)")) {
                for (SnoId id : rejected.subList(0, 50)) {
                    insert.setString(1, id.toUuid().toString());
                    SQLException e = assertThrows(SQLException.class, insert::executeUpdate, id.toUuid().toString());
                    assertTrue(e.getMessage().contains("Incorrect uuid value: '" + id.toUuid() + "'"), e.getMessage());
                }
                // 2. Binary: accepted, but read back as another UUID, the groups reversed.
                for (SnoId id : rejected.subList(0, 50)) {
                    insert.setBytes(1, FunctionCases.image(id));
                    insert.executeUpdate();
                }
            }
            List<String> back = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT CAST(id AS CHAR) FROM lost")) {
                while (rows.next()) {
                    back.add(rows.getString(1));
                }
            }
            for (SnoId id : rejected.subList(0, 50)) {
                byte[] m = FunctionCases.image(id);
                byte[] swapped = new byte[16];
                System.arraycopy(m, 12, swapped, 0, 4);
                System.arraycopy(m, 10, swapped, 4, 2);
                System.arraycopy(m, 8, swapped, 6, 2);
                System.arraycopy(m, 6, swapped, 8, 2);
                System.arraycopy(m, 0, swapped, 10, 6);
                String expected = uuid(swapped).toString();
                assertTrue(back.contains(expected), id.toUuid() + " should read back as " + expected);
                assertFalse(back.contains(id.toUuid().toString()), id.toUuid() + " read back unchanged");
            }
            // 3. The others go in, and ORDER BY follows MariaDB's record order, not sno order.
            insertAll(c, "INSERT INTO ordered VALUES (?)", accepted, false);
            List<SnoId> actual = read(c, "SELECT id FROM ordered ORDER BY id");
            List<SnoId> snoOrder = accepted.stream().sorted().toList();
            assertNotEquals(snoOrder, actual);
            Comparator<SnoId> byRecord = Comparator.comparing(id -> mariaDbRecord(FunctionCases.image(id)),
                    Arrays::compareUnsigned);
            assertEquals(accepted.stream().sorted(byRecord).toList(), actual,
                    "MariaDB UUID ORDER BY follows the swapped-record model, " + FunctionCases.replay(ids.seed()));
            long swapped = accepted.stream().filter(id -> mariaDbSwaps(FunctionCases.image(id))).count();
            int misplaced = 0;
            for (int i = 0; i < actual.size(); i++) {
                misplaced += actual.get(i).equals(snoOrder.get(i)) ? 0 : 1;
            }
            System.out.printf("[sno-jdbc] MariaDB UUID: %d of %d IDs refused as text (%.1f%%), %d of the %d"
                    + " accepted stored swapped (%.1f%%); ORDER BY puts %d at another place than sno order%n",
                    rejected.size(), ids.ordered().size(), 100.0 * rejected.size() / ids.ordered().size(), swapped,
                    accepted.size(), 100.0 * swapped / accepted.size(), misplaced);
        } finally {
            MariaDb.dropDatabase(database);
        }
    }

    private static UUID uuid(byte[] b) {
        ByteBuffer buffer = ByteBuffer.wrap(b);
        return new UUID(buffer.getLong(), buffer.getLong());
    }
}
