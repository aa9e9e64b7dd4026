package dev.sno.micronaut.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import io.micronaut.data.exceptions.DataAccessException;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Micronaut Data JDBC with {@code SnoId} identifiers on H2 and PostgreSQL 18 (UUID columns) and on
 * MariaDB 11.4 and MySQL 8.0 ({@code BINARY(16)} through {@link SnoIdBinaryConverter}): 200
 * seeded IDs over 15 years, inserted shuffled, come back {@code ORDER BY id} in sno order, and 10
 * seeded windows through a derived finder select what {@link SnoIdRange#contains} selects. Seeded
 * ({@code -Dsno.seed}, printed on failure).
 */
class SnoDataJdbcTest {

    private static final Instant START = Instant.parse("2015-01-01T00:00:00Z");
    private static final long SPAN_MILLIS = Instant.parse("2030-01-01T00:00:00Z").toEpochMilli() - START.toEpochMilli();

    private static String replay(long seed) {
        return "seed " + seed + " (replay with -Dsno.seed=" + seed + ")";
    }

    private static Instant instant(Random random) {
        return START.plusMillis((long) (random.nextDouble() * SPAN_MILLIS));
    }

    /** 200 distinct IDs over 15 years, every byte varied (the metabyte and counters above 0x7f too). */
    static List<SnoId> seededIds(Random random) {
        Set<SnoId> ids = new LinkedHashSet<>();
        while (ids.size() < 200) {
            ids.add(SnoId.of(instant(random), random.nextBoolean(), random.nextInt(256), random.nextInt(65536),
                    random.nextInt(65536)));
        }
        return new ArrayList<>(ids);
    }

    @ParameterizedTest
    @EnumSource(DataTarget.class)
    void seededIdsComeBackInSnoOrderAndWindowsSelectWhatContainsSelects(DataTarget target) throws Exception {
        long seed = Long.getLong("sno.seed", System.nanoTime());
        Random random = new Random(seed);
        List<SnoId> ids = seededIds(random);
        List<SnoId> shuffled = new ArrayList<>(ids);
        Collections.shuffle(shuffled, random);
        try (DataTarget.Db db = target.open()) {
            Readings<Row> readings = db.readings();
            for (SnoId id : shuffled) {
                readings.save(db.row(id, "given " + id));
            }
            List<SnoId> sorted = ids.stream().sorted().toList();
            assertEquals(sorted, readings.ordered().stream().map(Row::id).toList(),
                    () -> target + ": ORDER BY id is not sno order, " + replay(seed));
            for (int i = 0; i < 10; i++) {
                Instant a = instant(random);
                Instant b = instant(random);
                SnoIdRange window = i % 2 == 0
                        ? SnoIdRange.timeWindow(a.isBefore(b) ? a : b, a.isBefore(b) ? b : a)
                        : ordered(ids.get(random.nextInt(ids.size())), ids.get(random.nextInt(ids.size())));
                List<SnoId> expected = sorted.stream().filter(window::contains).toList();
                assertEquals(expected, readings.findIn(window).stream().map(Row::id).toList(),
                        () -> target + ": window " + window + ", " + replay(seed));
            }
        }
    }

    private static SnoIdRange ordered(SnoId a, SnoId b) {
        return a.compareTo(b) <= 0 ? new SnoIdRange(a, b) : new SnoIdRange(b, a);
    }

    @ParameterizedTest
    @EnumSource(DataTarget.class)
    void aNullIdIsGeneratedWithTheMetabyteAndAGivenIdIsKept(DataTarget target) throws Exception {
        try (DataTarget.Db db = target.open()) {
            Readings<Row> readings = db.readings();
            Row generated = readings.save(db.row(null, "generated"));
            assertEquals(7, generated.id().meta());
            assertEquals(TestGenerator.PARTITION, generated.id().partition());
            SnoId given = SnoId.of(Instant.parse("2019-03-04T05:06:07Z"), true, 0xfe, 0xabcd, 0x8001);
            assertEquals(given, readings.save(db.row(given, "given")).id());
            assertEquals("given", readings.findById(given).orElseThrow().text());
            assertEquals(generated, readings.findById(generated.id()).orElseThrow());
            try (Connection c = DataTarget.connect(db.url());
                    PreparedStatement q = c.prepareStatement("SELECT id FROM sno_reading WHERE text = ?")) {
                q.setString(1, "given");
                try (ResultSet rows = q.executeQuery()) {
                    assertTrue(rows.next());
                    if (target.binary()) {
                        assertArrayEquals(image(given), rows.getBytes(1), "the 16 image bytes");
                    } else {
                        assertEquals(given.toUuid(), rows.getObject(1, UUID.class), "the UUID image");
                    }
                }
            }
        }
    }

    static byte[] image(SnoId id) {
        UUID u = id.toUuid();
        return ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits()).array();
    }

    @ParameterizedTest
    @EnumSource(DataTarget.class)
    void aStoredValueThatIsNoSnoIdIsRefusedNamingIt(DataTarget target) throws Exception {
        try (DataTarget.Db db = target.open()) {
            String hostile = target.binary() ? "X'0123456789abcdef0123456789abcdef'"
                    : "'01234567-89ab-cdef-0123-456789abcdef'";
            db.execute("INSERT INTO sno_reading (id, text) VALUES (" + hostile + ", 'hostile')");
            DataAccessException e = assertThrows(DataAccessException.class, () -> db.readings().ordered());
            Throwable cause = e;
            while (cause != null && !(cause instanceof InvalidSnoIdException)) {
                cause = cause.getCause();
            }
            assertTrue(cause != null, () -> "no InvalidSnoIdException in " + e);
            assertTrue(cause.getMessage().contains("01234567-89ab-cdef-0123-456789abcdef"), cause::getMessage);
            assertTrue(e.getMessage().contains(cause.getMessage()), e::getMessage);
        }
    }
}
