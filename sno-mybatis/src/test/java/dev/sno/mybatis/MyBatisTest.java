package dev.sno.mybatis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import dev.sno.mybatis.example.AnnotatedEventMapper;
import dev.sno.mybatis.example.Event;
import dev.sno.mybatis.example.EventMapper;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.apache.ibatis.exceptions.PersistenceException;
import org.apache.ibatis.session.ExecutorType;
import org.apache.ibatis.session.SqlSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The type handlers and the interceptor through MyBatis' own machinery (SqlSession, the XML mapper
 * EventMapper.xml and the annotation mapper NoteMapper, configured by mybatis-config.xml or
 * mybatis-binary-config.xml) on H2 and PostgreSQL 18 with UUID columns and on H2, MariaDB 11.4 and
 * MySQL 8.0 with BINARY(16) columns. Randomized tests print their seed and take {@code -Dsno.seed}.
 */
class MyBatisTest {

    static long seed() {
        long seed = Long.getLong("sno.seed", System.nanoTime());
        System.out.println("seed " + seed + " (replay with -Dsno.seed=" + seed + ")");
        return seed;
    }

    /** IDs spread over the whole sno time range (decades apart) and the extremes, shuffled. */
    static List<SnoId> ids(Random r, int count) {
        List<SnoId> ids = new ArrayList<>(List.of(SnoId.ZERO, SnoId.MAX, SnoId.of(SnoId.EPOCH, true, 255, 65535, 65535),
                SnoId.of(SnoId.MAX_TIME, false, 0, 0, 0)));
        long first = SnoId.EPOCH.toEpochMilli();
        long span = SnoId.MAX_TIME.toEpochMilli() - first;
        for (int i = 0; i < count; i++) {
            ids.add(SnoId.of(java.time.Instant.ofEpochMilli(first + (long) (r.nextDouble() * span)), r.nextBoolean(),
                    r.nextInt(256), r.nextInt(65536), r.nextInt(65536)));
        }
        List<SnoId> distinct = new ArrayList<>(ids.stream().distinct().toList());
        Collections.shuffle(distinct, r);
        return distinct;
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void anInsertFillsTheNullIdOfItsParameterAndSelectReadsTheRowBack(Target target) throws SQLException {
        try (Target.Db db = target.open(); SqlSession session = db.sessions().openSession(true)) {
            EventMapper events = session.getMapper(EventMapper.class);
            Event root = new Event("root", null);
            assertEquals(1, events.insert(root));
            assertNotNull(root.getId(), "the caller's object has its ID after the insert");
            assertEquals(7, root.getId().meta());
            Event child = new Event("child", root.getId());
            events.insert(child);

            Event read = events.find(child.getId());
            assertEquals(child.getId(), read.getId());
            assertEquals("child", read.getName());
            assertEquals(root.getId(), read.getParent());
            assertNull(events.find(root.getId()).getParent(), "SQL NULL reads as null");
            assertNull(events.find(SnoId.ZERO));
        }
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void anIdAlreadySetIsKeptAndOtherStatementsFillNothing(Target target) throws SQLException {
        try (Target.Db db = target.open(); SqlSession session = db.sessions().openSession(true)) {
            EventMapper events = session.getMapper(EventMapper.class);
            SnoId given = SnoId.of(java.time.Instant.parse("2012-02-03T04:05:06Z"), false, 1, 2, 3);
            Event event = new Event("given", null);
            event.setId(given);
            events.insert(event);
            assertEquals(given, event.getId());
            assertEquals("given", events.find(given).getName());

            Event unsaved = new Event("renamed", null);
            assertEquals(0, events.rename(unsaved));
            assertNull(unsaved.getId(), "an UPDATE's parameter is not filled");
        }
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void aForeachInsertFillsEveryElementOfTheList(Target target) throws SQLException {
        try (Target.Db db = target.open(); SqlSession session = db.sessions().openSession(true)) {
            EventMapper events = session.getMapper(EventMapper.class);
            SnoId kept = SnoId.of(java.time.Instant.parse("2011-12-31T23:59:59Z"), false, 7, 0, 0);
            List<Event> batch = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                batch.add(new Event("e" + i, null));
            }
            batch.get(3).setId(kept);
            assertEquals(25, events.insertAll(batch));
            assertEquals(kept, batch.get(3).getId());
            assertEquals(25, new HashSet<>(batch.stream().map(Event::getId).toList()).size());
            List<Event> all = events.all();
            assertEquals(batch.stream().map(Event::getId).sorted().toList(), all.stream().map(Event::getId).toList());
        }
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void executorTypeBatchFillsEveryQueuedInsert(Target target) throws SQLException {
        try (Target.Db db = target.open()) {
            List<Event> batch = new ArrayList<>();
            try (SqlSession session = db.sessions().openSession(ExecutorType.BATCH)) {
                EventMapper events = session.getMapper(EventMapper.class);
                for (int i = 0; i < 40; i++) {
                    Event e = new Event("b" + i, null);
                    events.insert(e);
                    assertNotNull(e.getId(), "filled when queued");
                    batch.add(e);
                }
                session.flushStatements();
                session.commit();
            }
            try (SqlSession session = db.sessions().openSession()) {
                List<SnoId> stored = session.getMapper(EventMapper.class).all().stream().map(Event::getId).toList();
                assertEquals(batch.stream().map(Event::getId).sorted().toList(), stored);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void orderByIdIsSnoOrderAndAWindowReturnsExactlyWhatContainsAccepts(Target target) throws SQLException {
        long seed = seed();
        Random r = new Random(seed);
        List<SnoId> ids = ids(r, 150);
        try (Target.Db db = target.open(); SqlSession session = db.sessions().openSession(ExecutorType.BATCH)) {
            EventMapper events = session.getMapper(EventMapper.class);
            for (SnoId id : ids) {
                Event e = new Event(id.toString(), null);
                e.setId(id);
                events.insert(e);
            }
            session.flushStatements();
            session.commit();

            List<SnoId> sorted = ids.stream().sorted().toList();
            assertEquals(sorted, events.all().stream().map(Event::getId).toList(), "seed " + seed);
            for (int i = 0; i < 12; i++) {
                SnoId a = sorted.get(r.nextInt(sorted.size()));
                SnoId b = r.nextInt(4) == 0 ? ids(r, 1).get(0) : sorted.get(r.nextInt(sorted.size()));
                SnoIdRange range = new SnoIdRange(a.compareTo(b) <= 0 ? a : b, a.compareTo(b) <= 0 ? b : a);
                List<SnoId> expected = sorted.stream().filter(range::contains).toList();
                assertEquals(expected, events.within(range).stream().map(Event::getId).toList(),
                        range + ", seed " + seed);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void theAnnotationMapperFillsInsertsOneByOneAndInAForeachAndSelectsInSnoOrderAndByWindow(Target target)
            throws SQLException {
        long seed = seed();
        Random r = new Random(seed);
        try (Target.Db db = target.open(); SqlSession session = db.sessions().openSession(true)) {
            AnnotatedEventMapper events = session.getMapper(AnnotatedEventMapper.class);
            Event one = new Event("one", null);
            events.insert(one);
            assertEquals(7, one.getId().meta());
            List<Event> batch = new ArrayList<>();
            for (SnoId id : ids(r, 30)) {
                Event e = new Event(id.toString(), one.getId());
                e.setId(r.nextBoolean() ? id : null);
                batch.add(e);
            }
            events.insertAll(batch);
            batch.forEach(e -> assertNotNull(e.getId(), "seed " + seed));
            batch.add(one);
            List<SnoId> sorted = batch.stream().map(Event::getId).sorted().toList();
            assertEquals(sorted, events.all().stream().map(Event::getId).toList(), "seed " + seed);
            assertEquals(one.getId(), events.find(batch.get(0).getId()).getParent());
            SnoId a = sorted.get(r.nextInt(sorted.size()));
            SnoId b = sorted.get(r.nextInt(sorted.size()));
            SnoIdRange range = new SnoIdRange(a.compareTo(b) <= 0 ? a : b, a.compareTo(b) <= 0 ? b : a);
            assertEquals(sorted.stream().filter(range::contains).toList(),
                    events.within(range).stream().map(Event::getId).toList(), range + ", seed " + seed);
        }
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void aMalformedColumnValueFailsWithSqlDataExceptionNamingTheValueAndColumn(Target target) throws SQLException {
        try (Target.Db db = target.open()) {
            UUID notAnId = UUID.fromString("0123abcd-0000-4000-8000-00000000beef");
            try (Connection c = DriverManager.getConnection(db.url());
                    PreparedStatement insert = c.prepareStatement("INSERT INTO event (id, name) VALUES (?, 'bad')")) {
                if (target.binary()) {
                    insert.setBytes(1, java.nio.ByteBuffer.allocate(16).putLong(notAnId.getMostSignificantBits())
                            .putLong(notAnId.getLeastSignificantBits()).array());
                } else {
                    insert.setObject(1, notAnId);
                }
                insert.executeUpdate();
            }
            try (SqlSession session = db.sessions().openSession()) {
                EventMapper events = session.getMapper(EventMapper.class);
                PersistenceException e = assertThrows(PersistenceException.class, events::all);
                SQLDataException cause = cause(e, SQLDataException.class);
                assertTrue(cause.getMessage().matches("(?i)Not a sno ID in column 'id': .*" + notAnId + ".*"),
                        cause.getMessage());
                assertEquals("22000", cause.getSQLState());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void theAnnotationMapperFillsAMarkedGetterFromTheNamedSupplierMadeOnce(Target target) throws SQLException {
        try (Target.Db db = target.open(); SqlSession session = db.sessions().openSession(true)) {
            NoteMapper notes = session.getMapper(NoteMapper.class);
            NoteTestMapper tests = session.getMapper(NoteTestMapper.class);
            int instances = PartitionTwelve.INSTANCES.get();
            Note note = new Note("hello");
            notes.insert(note);
            assertEquals(9, note.getId().meta());
            assertEquals(12, note.getId().partition());
            assertEquals("hello", notes.find(note.getId()).getBody());

            List<Note> more = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                more.add(new Note("n" + i));
            }
            assertEquals(10, notes.insertAll("x-", more), "a @Param list among other @Params");
            assertTrue(more.stream().allMatch(n -> n.getId() != null && n.getId().partition() == 12));
            assertEquals(1, PartitionTwelve.INSTANCES.get() - instances, "one supplier per interceptor");

            List<SnoId> expected = new ArrayList<>(more.stream().map(Note::getId).toList());
            expected.add(note.getId());
            expected.sort(Comparator.naturalOrder());
            assertEquals(expected, tests.ids(), "a list of SnoId results");
            assertEquals("x-n0", notes.find(more.get(0).getId()).getBody());
        }
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void aRecordWithANullMarkedIdIsRefusedAndOneWithItsIdIsInserted(Target target) throws SQLException {
        try (Target.Db db = target.open(); SqlSession session = db.sessions().openSession(true)) {
            NoteMapper notes = session.getMapper(NoteMapper.class);
            NoteTestMapper tests = session.getMapper(NoteTestMapper.class);
            PersistenceException e = assertThrows(PersistenceException.class,
                    () -> tests.insertRecord(new Memo(null, "no id")));
            IllegalArgumentException cause = cause(e, IllegalArgumentException.class);
            assertEquals("Cannot give dev.sno.mybatis.Memo.id (@SnoGeneratedId) an ID on insert: a record's components"
                    + " cannot be set; make the record with its ID (Sno.next(3)) instead of null", cause.getMessage());
            assertTrue(notes.all().isEmpty());

            Memo memo = new Memo(dev.sno.Sno.next(3), "with id");
            tests.insertRecord(memo);
            assertEquals("with id", notes.find(memo.id()).getBody());
        }
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void aMarkedGetterOfAnInterfaceIsFilledAndASetIdKept(Target target) throws SQLException {
        try (Target.Db db = target.open(); SqlSession session = db.sessions().openSession(true)) {
            NoteMapper notes = session.getMapper(NoteMapper.class);
            NoteTestMapper tests = session.getMapper(NoteTestMapper.class);
            Tag tag = new Tag("interface");
            tests.insertTag(tag);
            assertNotNull(tag.getId(), "the getter marked on Labelled, which Tag implements through Tagged");
            assertEquals(11, tag.getId().meta());
            assertEquals("interface", notes.find(tag.getId()).getBody());
            Tag imported = new Tag("imported");
            SnoId id = dev.sno.Sno.next(4);
            imported.setId(id);
            tests.insertTag(imported);
            assertEquals(id, imported.getId());
            assertEquals("imported", notes.find(id).getBody());
            assertEquals(2, notes.all().size());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Target.class, names = {"H2_BINARY", "MARIADB_BINARY", "MYSQL_BINARY"})
    void theUuidHandlerWritesTheSixteenBytesWhereTheMappingSaysJdbcTypeBinary(Target target) throws SQLException {
        try (Target.Db db = target.open("mybatis-config.xml"); SqlSession session = db.sessions().openSession(true)) {
            NoteMapper notes = session.getMapper(NoteMapper.class);
            NoteTestMapper tests = session.getMapper(NoteTestMapper.class);
            Note note = new Note("binary");
            tests.insertAsBinary(note);
            try (Connection c = DriverManager.getConnection(db.url());
                    ResultSet rows = c.createStatement().executeQuery("SELECT id FROM note")) {
                assertTrue(rows.next());
                assertArrayEquals(Arrays.copyOf(note.getId().toBytes(), 16), rows.getBytes(1));
            }
            assertEquals(List.of(note.getId()), tests.ids(), "and reads them back");
        }
    }

    /**
     * Why BINARY(16) columns take SnoIdBinaryTypeHandler: the UUID handler binds a
     * {@code java.util.UUID}, which neither driver sends as the 16 bytes. MariaDB Connector/J sends
     * its 36 characters of text; MySQL Connector/J sends the UUID's Java serialization (80 bytes).
     * Either is too long for the column: MySQL's and MariaDB's default strict sql_mode refuse the
     * insert with SQLState 22001 (MySQL's driver as a {@code java.sql.DataTruncation}).
     */
    @ParameterizedTest
    @EnumSource(value = Target.class, names = {"MARIADB_BINARY", "MYSQL_BINARY"})
    void theUuidHandlerOnABinaryColumnWithoutJdbcTypeIsRefused(Target target) throws Exception {
        try (Target.Db db = target.open("mybatis-config.xml"); SqlSession session = db.sessions().openSession(true)) {
            NoteMapper notes = session.getMapper(NoteMapper.class);
            PersistenceException e = assertThrows(PersistenceException.class, () -> notes.insert(new Note("uuid")));
            SQLException cause = cause(e, SQLException.class);
            assertEquals("22001", cause.getSQLState(), cause.toString());
            assertTrue(cause.getMessage().contains("Data too long for column 'id'"), cause.getMessage());
            assertEquals(target == Target.MYSQL_BINARY, cause instanceof java.sql.DataTruncation, cause.toString());
            assertTrue(notes.all().isEmpty());

            UUID uuid = dev.sno.Sno.next(1).toUuid();
            java.io.ByteArrayOutputStream serialized = new java.io.ByteArrayOutputStream();
            try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(serialized)) {
                out.writeObject(uuid);
            }
            try (Connection c = DriverManager.getConnection(db.url());
                    PreparedStatement s = c.prepareStatement("SELECT ?")) {
                s.setObject(1, uuid);
                try (ResultSet r = s.executeQuery()) {
                    assertTrue(r.next());
                    byte[] sent = r.getBytes(1);
                    if (target == Target.MYSQL_BINARY) {
                        assertArrayEquals(serialized.toByteArray(), sent, "MySQL Connector/J serializes the UUID");
                        assertEquals(80, sent.length);
                    } else {
                        assertEquals(uuid.toString(), new String(sent, java.nio.charset.StandardCharsets.US_ASCII));
                    }
                }
            }
        }
    }

    static <T extends Throwable> T cause(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        throw new AssertionError("no " + type.getName() + " in the causes of " + e, e);
    }
}
