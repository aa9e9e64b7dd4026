package dev.sno.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoId;
import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a Quarkus application on MariaDB or MySQL writes (docs/quarkus.md, docs/databases.md):
 * Quarkus's own {@code quarkus.hibernate-orm.mapping.uuid.preferred-jdbc-type=BINARY}, which
 * reaches sno's Hibernate type as it reaches {@code java.util.UUID}: schema generation makes
 * {@code BINARY(16)} columns (here on H2; MySqlBinaryIdsTest on MySQL 8.0; sno-jdbc's
 * HibernateBinaryIdsTest runs the same preference on MariaDB 11.4), the rows hold each ID's 16
 * image bytes, and the database's {@code ORDER BY} is sno order for IDs spread over years and
 * inserted out of order.
 */
class BinaryIdsTest {

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addClasses(TestApps.class, Note.class, Book.class))
            .withConfiguration(TestApps.h2("binary") + "sno.partition=901\n"
                    + "quarkus.hibernate-orm.mapping.uuid.preferred-jdbc-type=BINARY\n");

    @Inject
    EntityManager em;

    @Inject
    AgroalDataSource dataSource;

    @Test
    void quarkusUuidPreferenceMakesBinary16ColumnsHoldingTheImageInSnoOrder() throws SQLException {
        check(em, dataSource, "BINARY(16)");
    }

    /**
     * The application's columns are BINARY(16) (written as the database's information_schema
     * spells the type), the rows hold the image bytes, and ORDER BY is sno order.
     */
    static void check(EntityManager em, AgroalDataSource dataSource, String binary16) throws SQLException {
        assertEquals(binary16, columnType(dataSource, "Note", "id"));
        assertEquals(binary16, columnType(dataSource, "Book", "id"));
        assertEquals(binary16, columnType(dataSource, "Book", "noteId"));

        Note note = new Note();
        note.text = "binary";
        QuarkusTransaction.requiringNew().run(() -> em.persist(note));
        assertEquals(901, note.id.partition());
        assertArrayEquals(image(note.id), bytes(dataSource, "select id from Note where text = 'binary'").get(0));
        assertEquals("binary", QuarkusTransaction.requiringNew().call(() -> em.find(Note.class, note.id)).text);

        long seed = Long.getLong("sno.seed", System.nanoTime());
        SplittableRandom random = new SplittableRandom(seed);
        long start = Instant.parse("2020-01-01T00:00:00Z").toEpochMilli();
        long end = Instant.parse("2035-01-01T00:00:00Z").toEpochMilli();
        List<SnoId> refs = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            byte[] b = new byte[10];
            random.nextBytes(b);
            System.arraycopy(SnoId.firstAt(Instant.ofEpochMilli(random.nextLong(start, end))).toBytes(), 0, b, 0, 5);
            refs.add(SnoId.fromBytes(b));
        }
        QuarkusTransaction.requiringNew().run(() -> {
            for (SnoId ref : refs) {
                Book book = new Book();
                book.title = "spread";
                book.noteId = ref;
                book.persist();
            }
        });
        List<SnoId> sorted = refs.stream().sorted().toList();
        List<byte[]> stored = bytes(dataSource, "select noteId from Book where title = 'spread' order by noteId");
        List<SnoId> read = new ArrayList<>();
        for (byte[] b : stored) {
            assertEquals(16, b.length);
            ByteBuffer image = ByteBuffer.wrap(b);
            read.add(SnoId.fromUuid(new java.util.UUID(image.getLong(), image.getLong())));
        }
        assertEquals(sorted, read, "the database's ORDER BY is sno order (seed " + seed + ", -Dsno.seed replays)");
        assertEquals(sorted, QuarkusTransaction.requiringNew().call(() -> em.createQuery(
                "select b.noteId from Book b where b.title = 'spread' order by b.noteId", SnoId.class).getResultList()));
    }

    static byte[] image(SnoId id) {
        return ByteBuffer.allocate(16).put(id.toBytes()).array();
    }

    /** The column's type in the connection's own schema, as information_schema gives it. */
    static String columnType(AgroalDataSource dataSource, String table, String column) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(
                "select data_type, character_maximum_length from information_schema.columns"
                        + " where upper(table_name) = upper(?) and upper(column_name) = upper(?)"
                        + " and table_schema = ?")) {
            s.setString(1, table);
            s.setString(2, column);
            s.setString(3, c.getSchema() != null ? c.getSchema() : c.getCatalog()); // H2: PUBLIC; MySQL: the database
            try (ResultSet r = s.executeQuery()) {
                assertTrue(r.next(), table + "." + column);
                return r.getString(1) + "(" + r.getLong(2) + ")";
            }
        }
    }

    static List<byte[]> bytes(AgroalDataSource dataSource, String sql) throws SQLException {
        List<byte[]> out = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql);
                ResultSet r = s.executeQuery()) {
            while (r.next()) {
                out.add(r.getBytes(1));
            }
        }
        return out;
    }
}
