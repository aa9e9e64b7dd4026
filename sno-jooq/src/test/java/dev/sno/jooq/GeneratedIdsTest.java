package dev.sno.jooq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.Sno;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.jooq.DSLContext;
import org.jooq.TableField;
import org.jooq.UpdatableRecord;
import org.jooq.exception.DataAccessException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link SnoIdRecordListener} with the generated records, on each database: a named field left
 * null gets a new ID of its metabyte when the record is inserted, one set by hand is kept, and
 * nothing else changes.
 */
class GeneratedIdsTest {

    /** A generator of its own (partition 4242), which counts the IDs it was asked for. */
    private static final class Counted {
        final SnoGenerator generator = SnoGenerator.builder().partition(4242).build();
        final AtomicInteger asked = new AtomicInteger();

        SnoGenerator get() {
            asked.incrementAndGet();
            return generator;
        }
    }

    private static DSLContext with(Target.Db db, SnoIdRecordListener listener) {
        return db.ctx.configuration().derive(listener).dsl();
    }

    /** Without the listener, a record stored without its ID reaches the database with a NULL key. */
    @ParameterizedTest
    @EnumSource(value = Target.class, names = {"POSTGRES_18_UUID", "MARIADB_BINARY", "MYSQL_BINARY"})
    void withoutTheListenerTheDatabaseRefusesTheMissingId(Target target) throws SQLException {
        try (Target.Db db = target.open()) {
            forgotten(db.ctx, target.events());
        }
    }

    private static <R extends UpdatableRecord<R>> void forgotten(DSLContext ctx, Events<R> e) {
        R record = ctx.newRecord(e.table());
        record.set(e.name(), "no id");
        DataAccessException refused = assertThrows(DataAccessException.class, record::store);
        assertTrue(refused.getMessage().contains("null") || refused.getMessage().contains("default value"),
                refused.getMessage());
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void aNullIdIsFilledOnInsertAndOneSetByHandIsKept(Target target) throws SQLException {
        try (Target.Db db = target.open()) {
            filled(db, target.events());
        }
    }

    private static <R extends UpdatableRecord<R>> void filled(Target.Db db, Events<R> e) {
        Counted counted = new Counted();
        DSLContext ctx = with(db, SnoIdRecordListener.builder().generate(e.id(), 7).generator(counted::get).build());

        // store() of a new record without an ID
        R stored = ctx.newRecord(e.table());
        stored.set(e.name(), "stored");
        stored.store();
        SnoId id = stored.get(e.id());
        assertNotNull(id);
        assertEquals(7, id.meta());
        assertEquals(4242, id.partition());
        assertNull(stored.get(e.parentId()), "a field not named stays null");
        assertEquals("stored", ctx.select(e.name()).from(e.table()).where(e.id().eq(id)).fetchSingle().value1());
        assertNull(ctx.select(e.parentId()).from(e.table()).where(e.id().eq(id)).fetchSingle().value1());

        // insert() too
        R inserted = ctx.newRecord(e.table());
        inserted.set(e.name(), "inserted");
        inserted.set(e.parentId(), id);
        inserted.insert();
        assertEquals(7, inserted.get(e.id()).meta());
        assertEquals(id, ctx.select(e.parentId()).from(e.table()).where(e.id().eq(inserted.get(e.id()))).fetchSingle().value1());
        assertEquals(2, counted.asked.get());

        // merge() (insert, or update on a key that is there) of a record without an ID inserts it
        R merged = ctx.newRecord(e.table());
        merged.set(e.name(), "merged");
        merged.merge();
        assertEquals(7, merged.get(e.id()).meta());
        assertEquals("merged", ctx.select(e.name()).from(e.table()).where(e.id().eq(merged.get(e.id()))).fetchSingle().value1());
        assertEquals(3, counted.asked.get());

        // an ID set by hand is kept, and no ID is made for it
        SnoId byHand = Sno.next(200);
        R kept = ctx.newRecord(e.table());
        kept.set(e.id(), byHand);
        kept.set(e.name(), "by hand");
        kept.store();
        assertEquals(byHand, kept.get(e.id()));
        assertEquals("by hand", ctx.select(e.name()).from(e.table()).where(e.id().eq(byHand)).fetchSingle().value1());
        assertEquals(3, counted.asked.get());

        // an update neither makes nor changes an ID
        R fetched = ctx.selectFrom(e.table()).where(e.id().eq(id)).fetchSingle();
        fetched.set(e.name(), "renamed");
        fetched.store();
        assertEquals(id, fetched.get(e.id()));
        assertEquals(3, counted.asked.get());
        assertEquals(4, ctx.fetchCount(e.table()));
        assertEquals("renamed", ctx.select(e.name()).from(e.table()).where(e.id().eq(id)).fetchSingle().value1());
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void batchesAreFilledToo(Target target) throws SQLException {
        try (Target.Db db = target.open()) {
            batches(db, target.events());
        }
    }

    private static <R extends UpdatableRecord<R>> void batches(Target.Db db, Events<R> e) {
        DSLContext ctx = with(db, SnoIdRecordListener.builder().generate(e.id(), 9).build());
        SnoId byHand = Sno.next(1);
        List<R> records = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            R record = ctx.newRecord(e.table());
            record.set(e.name(), "batch " + i);
            if (i == 25) {
                record.set(e.id(), byHand);
            }
            records.add(record);
        }
        ctx.batchInsert(records).execute();
        List<R> more = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            R record = ctx.newRecord(e.table());
            record.set(e.name(), "store " + i);
            more.add(record);
        }
        ctx.batchStore(more).execute();

        List<SnoId> inTable = ctx.select(e.id()).from(e.table()).fetch(e.id());
        assertEquals(60, inTable.size());
        assertEquals(60, new HashSet<>(inTable).size());
        assertEquals(59, inTable.stream().filter(id -> id.meta() == 9).count());
        assertTrue(inTable.contains(byHand));
        assertEquals(byHand, records.get(25).get(e.id()));
        for (R record : records) {
            assertTrue(inTable.contains(record.get(e.id())), String.valueOf(record));
        }
    }

    /** Only the named field is filled: here parent_id, while the ID is set by hand. */
    @Test
    void onlyTheNamedFieldsAreFilled() throws SQLException {
        var EVENT = dev.sno.jooq.example.uuid.Tables.EVENT;
        try (Target.Db db = Target.H2_UUID.open()) {
            DSLContext ctx = db.ctx.configuration()
                    .derive(SnoIdRecordListener.builder().generate(EVENT.PARENT_ID, 3).build()).dsl();
            var record = ctx.newRecord(EVENT);
            record.setId(Sno.next(1));
            record.setName("x");
            record.store();
            assertEquals(1, record.getId().meta());
            assertEquals(3, record.getParentId().meta());
            // set by hand, kept
            SnoId parent = Sno.next(4);
            var child = ctx.newRecord(EVENT);
            child.setId(Sno.next(1));
            child.setParentId(parent);
            child.setName("child");
            child.store();
            assertEquals(parent, ctx.fetchOne(EVENT, EVENT.ID.eq(child.getId())).getParentId());
        }
    }

    /** What docs/jooq.md says: insert statements are not record operations; the key's NOT NULL refuses them. */
    @Test
    void insertStatementsAreNotFilled() throws SQLException {
        var EVENT = dev.sno.jooq.example.uuid.Tables.EVENT;
        try (Target.Db db = Target.H2_UUID.open()) {
            DSLContext ctx = with(db, SnoIdRecordListener.builder().generate(EVENT.ID, 5).build());
            var record = ctx.newRecord(EVENT);
            record.setName("statement");
            assertThrows(DataAccessException.class, () -> ctx.executeInsert(record));
            assertThrows(DataAccessException.class, () -> ctx.insertInto(EVENT).set(record).execute());
            assertThrows(DataAccessException.class, () -> ctx.insertInto(EVENT).set(EVENT.NAME, "dsl").execute());
            assertNull(record.getId());
            assertEquals(0, ctx.fetchCount(EVENT));
        }
    }

    /** jOOQ serializes a record with its configuration's listeners. */
    @Test
    void aRecordOfAConfigurationWithTheListenerSerializes() throws Exception {
        var EVENT = dev.sno.jooq.example.uuid.Tables.EVENT;
        try (Target.Db db = Target.H2_UUID.open()) {
            DSLContext ctx = with(db, SnoIdRecordListener.builder().generate(EVENT.ID, 5).build());
            var record = ctx.newRecord(EVENT);
            record.setName("serialized");
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(record);
            }
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
                var back = (dev.sno.jooq.example.uuid.tables.records.EventRecord) in.readObject();
                assertEquals("serialized", back.getName());
                assertNull(back.getId());
            }
        }
    }

    @Test
    void theBuilderRefusesWhatCannotWork() {
        TableField<?, SnoId> id = dev.sno.jooq.example.uuid.Tables.EVENT.ID;
        assertEquals("Invalid metabyte 256 for \"event\".\"id\": expected 0..255",
                assertThrows(IllegalArgumentException.class, () -> SnoIdRecordListener.builder().generate(id, 256))
                        .getMessage());
        assertEquals("Invalid metabyte -1 for \"event\".\"id\": expected 0..255",
                assertThrows(IllegalArgumentException.class, () -> SnoIdRecordListener.builder().generate(id, -1))
                        .getMessage());
        assertEquals("The field \"event\".\"id\" is named twice (metabyte 1, then 2)",
                assertThrows(IllegalArgumentException.class,
                        () -> SnoIdRecordListener.builder().generate(id, 1).generate(id, 2)).getMessage());
        assertEquals("No field to fill: name each with generate(field, meta)",
                assertThrows(IllegalStateException.class, () -> SnoIdRecordListener.builder().build()).getMessage());
        assertThrows(NullPointerException.class, () -> SnoIdRecordListener.builder().generate(null, 1));
        assertThrows(NullPointerException.class, () -> SnoIdRecordListener.builder().generator(null));
    }
}
