package dev.sno.micronaut.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import reactor.core.publisher.Flux;

/**
 * Micronaut Data R2DBC with {@code SnoId} identifiers, through the same generation and converters
 * as JDBC: PostgreSQL 18 (r2dbc-postgresql, a UUID column through {@link SnoIdUuidConverter}) and
 * MariaDB 11.4 (r2dbc-mariadb, {@code BINARY(16)} through {@link SnoIdBinaryConverter}). A null ID
 * is generated on insert with the annotation's metabyte, a given one kept; 200 seeded IDs over 15
 * years, inserted shuffled, come back {@code ORDER BY id} in sno order; 10 seeded windows through
 * a derived finder select what {@link SnoIdRange#contains} selects. Seeded ({@code -Dsno.seed},
 * printed on failure).
 */
class SnoDataR2dbcTest {

    private static final Instant START = Instant.parse("2015-01-01T00:00:00Z");
    private static final long SPAN_MILLIS = Instant.parse("2030-01-01T00:00:00Z").toEpochMilli() - START.toEpochMilli();

    private static Instant instant(Random random) {
        return START.plusMillis((long) (random.nextDouble() * SPAN_MILLIS));
    }

    @ParameterizedTest
    @EnumSource(value = DataTarget.class, names = {"POSTGRES_18", "MARIADB"})
    void aNullIdIsGeneratedWithTheMetabyteAndAGivenIdIsKept(DataTarget target) throws Exception {
        try (R2dbcDb db = R2dbcDb.open(target)) {
            ReactiveReadings<Row> readings = db.readings();
            Row generated = readings.save(db.row(null, "generated")).block();
            assertEquals(7, generated.id().meta());
            assertEquals(TestGenerator.PARTITION, generated.id().partition());
            SnoId given = SnoId.of(Instant.parse("2019-03-04T05:06:07Z"), true, 0xfe, 0xabcd, 0x8001);
            assertEquals(given, readings.save(db.row(given, "given")).block().id());
            assertEquals("given", readings.findById(given).block().text());
            assertEquals(generated, readings.findById(generated.id()).block());
            try (Connection c = DataTarget.connect(db.jdbcUrl());
                    PreparedStatement q = c.prepareStatement("SELECT id FROM sno_reading WHERE text = ?")) {
                q.setString(1, "given");
                try (ResultSet rows = q.executeQuery()) {
                    assertTrue(rows.next());
                    if (target.binary()) {
                        assertArrayEquals(SnoDataJdbcTest.image(given), rows.getBytes(1), "the 16 image bytes");
                    } else {
                        assertEquals(given.toUuid(), rows.getObject(1, UUID.class), "the UUID image");
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = DataTarget.class, names = {"POSTGRES_18", "MARIADB"})
    void seededIdsComeBackInSnoOrderAndWindowsSelectWhatContainsSelects(DataTarget target) throws Exception {
        long seed = Long.getLong("sno.seed", System.nanoTime());
        String replay = "seed " + seed + " (replay with -Dsno.seed=" + seed + ")";
        Random random = new Random(seed);
        List<SnoId> ids = SnoDataJdbcTest.seededIds(random);
        List<SnoId> shuffled = new ArrayList<>(ids);
        Collections.shuffle(shuffled, random);
        try (R2dbcDb db = R2dbcDb.open(target)) {
            ReactiveReadings<Row> readings = db.readings();
            // one by one, in the shuffled order (saveAll may batch)
            Flux.fromIterable(shuffled).concatMap(id -> readings.save(db.row(id, "given " + id))).blockLast();
            List<SnoId> sorted = ids.stream().sorted().toList();
            assertEquals(sorted, readings.ordered().map(Row::id).collectList().block(),
                    () -> target + ": ORDER BY id is not sno order, " + replay);
            for (int i = 0; i < 10; i++) {
                Instant a = instant(random);
                Instant b = instant(random);
                SnoId x = ids.get(random.nextInt(ids.size()));
                SnoId y = ids.get(random.nextInt(ids.size()));
                SnoIdRange window = i % 2 == 0
                        ? SnoIdRange.timeWindow(a.isBefore(b) ? a : b, a.isBefore(b) ? b : a)
                        : x.compareTo(y) <= 0 ? new SnoIdRange(x, y) : new SnoIdRange(y, x);
                List<SnoId> expected = sorted.stream().filter(window::contains).toList();
                assertEquals(expected, readings.findIn(window).map(Row::id).collectList().block(),
                        () -> target + ": window " + window + ", " + replay);
            }
        }
    }
}
