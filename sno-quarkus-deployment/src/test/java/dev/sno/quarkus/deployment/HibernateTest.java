package dev.sno.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hibernate ORM 7.2 as Quarkus ships it, on H2: @SnoGeneratedId assigns IDs on plain and Panache
 * entities, from the installed generator, stored in UUID columns and found again by SnoId.
 */
class HibernateTest {

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addClasses(TestApps.class, Note.class, Book.class))
            .withConfiguration(TestApps.h2("hibernate") + "sno.partition=900\n");

    @Inject
    EntityManager em;

    @Inject
    AgroalDataSource dataSource;

    @Inject
    SnoGenerator generator;

    @Test
    void plainEntityGetsGeneratedIdInUuidColumn() throws SQLException {
        Note note = new Note();
        note.text = "hello";
        QuarkusTransaction.requiringNew().run(() -> em.persist(note));
        assertNotNull(note.id);
        assertEquals(4, note.id.meta());
        assertEquals(900, note.id.partition(), "from the installed generator");
        Note found = QuarkusTransaction.requiringNew().call(() -> em.find(Note.class, note.id));
        assertEquals("hello", found.text);
        assertEquals("UUID", columnType("NOTE", "ID"));
        assertEquals(note.id.toUuid(), storedUuid("select id from Note where text = 'hello'"));
    }

    @Test
    void panacheEntityGetsGeneratedIdAndIsFoundById() throws SQLException {
        SnoId ref = generator.next(4);
        Book book = new Book();
        book.title = "Dune";
        book.noteId = ref;
        QuarkusTransaction.requiringNew().run(book::persist);
        assertEquals(5, book.id.meta());
        Book byId = QuarkusTransaction.requiringNew().call(() -> Book.findById(book.id));
        assertEquals("Dune", byId.title);
        assertEquals(ref, byId.noteId);
        Book byRef = QuarkusTransaction.requiringNew().call(() -> Book.<Book>find("noteId", ref).firstResult());
        assertEquals(book.id, byRef.id);
        assertEquals("UUID", columnType("BOOK", "NOTEID"));
        assertTrue(QuarkusTransaction.requiringNew().call(() -> Book.count()) >= 1);
    }

    private String columnType(String table, String column) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(
                "select data_type from information_schema.columns where table_name = ? and column_name = ?")) {
            s.setString(1, table);
            s.setString(2, column);
            try (ResultSet r = s.executeQuery()) {
                assertTrue(r.next(), table + "." + column);
                return r.getString(1);
            }
        }
    }

    private UUID storedUuid(String sql) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql);
                ResultSet r = s.executeQuery()) {
            assertTrue(r.next(), sql);
            return r.getObject(1, UUID.class);
        }
    }
}
