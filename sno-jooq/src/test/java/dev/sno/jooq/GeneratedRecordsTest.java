package dev.sno.jooq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.Sno;
import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The generated records' own typed accessors, as an application uses them: {@code setId(SnoId)},
 * {@code getParentId()}, {@code store()}, {@code fetchOne}, for each schema on its databases.
 */
class GeneratedRecordsTest {

    @ParameterizedTest
    @EnumSource(value = Target.class, names = {"H2_UUID", "POSTGRES_18_UUID"})
    void uuidSchemaRecords(Target target) throws SQLException {
        var EVENT = dev.sno.jooq.example.uuid.Tables.EVENT;
        try (Target.Db db = target.open()) {
            var root = db.ctx.newRecord(EVENT);
            root.setId(Sno.next(7));
            root.setName("root");
            root.store();
            var child = db.ctx.newRecord(EVENT);
            child.setId(Sno.next(7));
            child.setParentId(root.getId());
            child.setName("child");
            child.store();

            var back = db.ctx.fetchOne(EVENT, EVENT.ID.eq(child.getId()));
            assertEquals(child.getId(), back.getId());
            assertEquals(root.getId(), back.getParentId());
            assertEquals(7, back.getId().meta());
            assertNull(db.ctx.fetchOne(EVENT, EVENT.ID.eq(root.getId())).getParentId());
            assertEquals(List.of(root.getId(), child.getId()), db.ctx.selectFrom(EVENT).orderBy(EVENT.ID).fetch(EVENT.ID));
            SnoIdRange sinceRoot = new SnoIdRange(root.getId(), SnoId.lastAt(Instant.now().plusSeconds(60)));
            assertEquals(2, db.ctx.fetchCount(EVENT, SnoJooq.within(EVENT.ID, sinceRoot)));

            back.setName("renamed");
            back.store();
            assertEquals("renamed", db.ctx.fetchOne(EVENT, EVENT.ID.eq(child.getId())).getName());
            back.delete();
            assertEquals(1, db.ctx.fetchCount(EVENT));
        }
    }

    @ParameterizedTest
    @EnumSource(value = Target.class, names = {"H2_BINARY", "MARIADB_BINARY", "MYSQL_BINARY"})
    void binarySchemaRecords(Target target) throws SQLException {
        var EVENT = dev.sno.jooq.example.binary.Tables.EVENT;
        try (Target.Db db = target.open()) {
            var root = db.ctx.newRecord(EVENT);
            root.setId(Sno.next(7));
            root.setName("root");
            root.store();
            var child = db.ctx.newRecord(EVENT);
            child.setId(Sno.next(7));
            child.setParentId(root.getId());
            child.setName("child");
            child.store();

            var back = db.ctx.fetchOne(EVENT, EVENT.ID.eq(child.getId()));
            assertEquals(child.getId(), back.getId());
            assertEquals(root.getId(), back.getParentId());
            assertEquals(7, back.getId().meta());
            assertNull(db.ctx.fetchOne(EVENT, EVENT.ID.eq(root.getId())).getParentId());
            assertEquals(List.of(root.getId(), child.getId()), db.ctx.selectFrom(EVENT).orderBy(EVENT.ID).fetch(EVENT.ID));
            SnoIdRange sinceRoot = new SnoIdRange(root.getId(), SnoId.lastAt(Instant.now().plusSeconds(60)));
            assertEquals(2, db.ctx.fetchCount(EVENT, SnoJooq.within(EVENT.ID, sinceRoot)));

            back.setName("renamed");
            back.store();
            assertEquals("renamed", db.ctx.fetchOne(EVENT, EVENT.ID.eq(child.getId())).getName());
            back.delete();
            assertEquals(1, db.ctx.fetchCount(EVENT));
        }
    }

    /**
     * Why BINARY(16) columns take SnoIdBinaryConverter: the UUID converter on the same MariaDB or
     * MySQL column has jOOQ bind a java.util.UUID, which jOOQ sends as its 36 characters of text on
     * both dialects; the column refuses it (strict mode, the default of both), SQLState 22001.
     */
    @ParameterizedTest
    @EnumSource(value = Target.class, names = {"MARIADB_BINARY", "MYSQL_BINARY"})
    void aUuidBoundToABinaryColumnIsRefusedOnMariaDbAndMySql(Target target) throws SQLException {
        var EVENT = dev.sno.jooq.example.binary.Tables.EVENT;
        try (Target.Db db = target.open()) {
            var asUuid = DSL.field(DSL.name("id"), SnoJooq.UUID);
            DataAccessException e = assertThrows(DataAccessException.class, () -> db.ctx.insertInto(EVENT)
                    .set(asUuid, Sno.next(2)).set(EVENT.NAME, "as text").execute());
            assertTrue(String.valueOf(e.getMessage()).contains("Data too long for column 'id'"), e.getMessage());
            assertEquals("22001", e.sqlState(), e.getMessage());
            assertEquals(0, db.ctx.fetchCount(EVENT));
            UUID uuid = Sno.next(2).toUuid();
            assertEquals(uuid.toString(), db.ctx.fetchValue("select cast(? as char)", uuid));
        }
    }
}
