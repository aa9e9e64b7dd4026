package dev.sno.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoId;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;

/**
 * Every test of {@link PostgresFunctionsTest} again on PostgreSQL 18 (scripts/pg18-test-server.sh,
 * {@code SNO_PG18_URL}), and what PostgreSQL 18's own UUID functions make of sno UUID images:
 * {@code uuidv7()} values are not sno images, and {@code uuid_extract_version} and
 * {@code uuid_extract_timestamp} misread sno images (the numbers are in docs/uuidv7.md).
 */
class Postgres18FunctionsTest extends PostgresFunctionsTest {

    private static final Instant T = Instant.parse("2026-11-25T18:00:00Z");

    @Override
    String database() {
        return Databases.POSTGRES_18;
    }

    @Test
    void serverIsPostgres18() throws SQLException {
        try (Connection c = connect()) {
            assertEquals(18, c.getMetaData().getDatabaseMajorVersion());
        }
    }

    @Test
    void uuidv7ValuesAreNeverSnoImagesAndTheReadersRejectThem() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            try (ResultSet rows = s.executeQuery("SELECT count(*) FILTER (WHERE sno_is_valid(u)),"
                    + " count(*) FILTER (WHERE uuid_extract_version(u) = 7) FROM (SELECT uuidv7() AS u"
                    + " FROM generate_series(1, 10000)) v")) {
                assertTrue(rows.next());
                assertEquals(0, rows.getInt(1), "uuidv7() values that sno_is_valid accepted");
                assertEquals(10_000, rows.getInt(2));
            }
            PSQLException e = assertThrows(PSQLException.class, () -> s.executeQuery("SELECT sno_time(uuidv7())"));
            assertEquals("22023", e.getSQLState());
            assertTrue(e.getServerErrorMessage().getMessage().endsWith(
                    " (bytes 10..15 must be zero in the image of a sno ID)"), e.getMessage());
        }
    }

    /** The version PostgreSQL reports, and the timestamp it extracts, for a sno ID's image. */
    private Object[] natives(Connection c, SnoId id) throws SQLException {
        try (PreparedStatement q = c.prepareStatement(
                "SELECT uuid_extract_version(?::uuid), uuid_extract_timestamp(?::uuid), sno_time(?::uuid)")) {
            for (int i = 1; i <= 3; i++) {
                q.setObject(i, id.toUuid());
            }
            try (ResultSet rows = q.executeQuery()) {
                assertTrue(rows.next());
                OffsetDateTime extracted = rows.getObject(2, OffsetDateTime.class);
                OffsetDateTime snoTime = rows.getObject(3, OffsetDateTime.class);
                assertEquals(id.time(), snoTime.toInstant(), "sno_time reads the ID right");
                return new Object[] {rows.getObject(1), extracted == null ? null : extracted.toInstant()};
            }
        }
    }

    @Test
    void nativeUuidFunctionsMisreadSnoImages() throws SQLException {
        try (Connection c = connect()) {
            // Partition 0x7123 puts 7 where a UUID keeps its version; sequence 0x8001 puts the
            // RFC variant bits (10) where a UUID keeps its variant: PostgreSQL takes it for a
            // UUIDv7 and reads the first 48 bits (time units and tick-tock) as Unix milliseconds.
            SnoId v7 = SnoId.of(T, false, 0, 0x7123, 0x8001);
            assertEquals(UUID.fromString("3e16576a-8000-7123-8001-000000000000"), v7.toUuid());
            Object[] n = natives(c, v7);
            assertEquals(7, n[0]);
            assertEquals(Instant.parse("4133-04-03T00:00:00Z"), n[1]);
            // Partition 0x1123: a "UUIDv1", whose 60-bit Gregorian timestamp lands in 1842.
            SnoId v1 = SnoId.of(T, false, 0, 0x1123, 0x8001);
            n = natives(c, v1);
            assertEquals(1, n[0]);
            assertEquals(Instant.parse("1842-10-17T05:27:55.280778Z"), n[1]);
            // Partition 0x4123: "version 4", no timestamp; 0x6123: "version 6", which PostgreSQL
            // does not extract a timestamp from either.
            n = natives(c, SnoId.of(T, false, 0, 0x4123, 0x8001));
            assertEquals(4, n[0]);
            assertNull(n[1]);
            n = natives(c, SnoId.of(T, false, 0, 0x6123, 0x8001));
            assertEquals(6, n[0]);
            assertNull(n[1]);
            // A sequence below 0x8000 (the usual case: sequences start at 0 in every time unit)
            // gives the NCS variant (0): no version, no timestamp.
            n = natives(c, SnoId.of(T, false, 0, 0x7123, 0x0001));
            assertNull(n[0]);
            assertNull(n[1]);
            // Variant bits 10 exactly when the sequence is in [0x8000, 0xBFFF], a quarter of all
            // sequences; then the version is the partition's high nibble.
            assertVersionIsPartitionNibble(c);
        }
    }

    /** Over every partition nibble and sequence byte: a version exactly for sequences 0x8000..0xBFFF. */
    private static void assertVersionIsPartitionNibble(Connection c) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT uuid_extract_version(?::uuid)")) {
            for (int nibble = 0; nibble < 16; nibble++) {
                for (int high = 0; high < 256; high += 0x10) {
                    SnoId id = SnoId.of(T, true, 0xA5, nibble << 12 | 0x0123, high << 8 | 0x45);
                    q.setObject(1, id.toUuid());
                    try (ResultSet rows = q.executeQuery()) {
                        assertTrue(rows.next());
                        Object version = rows.getObject(1);
                        if (high >= 0x80 && high <= 0xBF) {
                            assertEquals(nibble, version, id.toUuid().toString());
                        } else {
                            assertNull(version, id.toUuid().toString());
                        }
                    }
                }
            }
        }
    }
}
