package dev.sno.mybatis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.mybatis.example.Event;
import dev.sno.mybatis.example.EventMapper;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Options;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.apache.ibatis.exceptions.PersistenceException;
import org.apache.ibatis.mapping.StatementType;
import org.apache.ibatis.session.SqlSession;
import org.apache.ibatis.session.SqlSessionFactory;
import org.junit.jupiter.api.Test;

/**
 * The interceptor's other rules, on H2 through a session: arrays, a plain Map parameter, an object
 * and a list under several {@code @Param}s, inherited marked fields, a generator given to the
 * constructor, and the refusals (a marked member that is not a SnoId or has a metabyte out of
 * range, a supplier without a public
 * no-argument constructor); the type handler's reading of the ID's 10 bytes, and its quoting of a
 * hostile value and column label (escaped, bounded).
 */
class InterceptorRulesTest {

    /** A subclass: the marked field is its superclass's. */
    public static class Urgent extends Note {
        public Urgent() {
        }

        Urgent(String body) {
            super(body);
        }
    }

    /** A marked field that is no SnoId. */
    public static class Wrong {
        @SnoGeneratedId
        private String id;
        private String body = "wrong";

        public String getId() {
            return id;
        }

        public String getBody() {
            return body;
        }
    }

    /** A marked field with an impossible metabyte. */
    public static class WrongMeta {
        @SnoGeneratedId(meta = 256)
        private SnoId id;
        private String body = "wrong meta";

        public SnoId getId() {
            return id;
        }

        public String getBody() {
            return body;
        }
    }

    /** A supplier MyBatis cannot make. */
    public static final class NeedsArgument implements Supplier<SnoGenerator> {
        private final SnoGenerator generator;

        public NeedsArgument(int partition) {
            this.generator = SnoGenerator.builder().partition(partition).build();
        }

        @Override
        public SnoGenerator get() {
            return generator;
        }
    }

    /** Its ID wants NeedsArgument. */
    public static class Unmakeable {
        @SnoGeneratedId(generator = NeedsArgument.class)
        private SnoId id;
        private String body = "unmakeable";

        public SnoId getId() {
            return id;
        }

        public String getBody() {
            return body;
        }
    }

    /** Inserts into the note table with the parameter shapes under test. */
    public interface Shapes {
        @Insert({"<script>INSERT INTO note (id, body) VALUES",
            "<foreach collection='array' item='n' separator=','>(#{n.id}, #{n.body})</foreach></script>"})
        int insertArray(Note[] notes);

        @Insert("INSERT INTO note (id, body) VALUES (#{note.id}, #{body})")
        int insertMap(Map<String, Object> values);

        @Insert({"<script>INSERT INTO note (id, body) VALUES (#{first.id}, #{first.body}),",
            "<foreach collection='rest' item='n' separator=','>(#{n.id}, #{n.body})</foreach></script>"})
        int insertParams(@Param("first") Note first, @Param("rest") List<Note> rest);

        @Insert("INSERT INTO note (id, body) VALUES (#{id}, #{body})")
        int insertWrong(Wrong wrong);

        @Insert("INSERT INTO note (id, body) VALUES (#{id}, #{body})")
        int insertUnmakeable(Unmakeable unmakeable);

        @Insert("INSERT INTO note (id, body) VALUES (#{id}, #{body})")
        int insertWrongMeta(WrongMeta wrongMeta);

        @Insert("INSERT INTO event (id, name) VALUES (#{id}, #{name})")
        int insertEvent(Event event);

        @Select("SELECT id FROM event")
        SnoId eventId();

        @Select("SELECT CAST(#{text} AS VARCHAR(2000)) AS \"i\u001bd\u202e\"")
        SnoId textAsId(@Param("text") String text);

        @Update("{#{out, mode=OUT, jdbcType=OTHER, javaType=dev.sno.SnoId} = CALL CAST(#{in} AS UUID)}")
        @Options(statementType = StatementType.CALLABLE)
        void call(Map<String, Object> parameters);
    }

    private static SqlSessionFactory factory(Target.Db db) {
        SqlSessionFactory sessions = db.sessions();
        if (!sessions.getConfiguration().hasMapper(Shapes.class)) {
            sessions.getConfiguration().addMapper(Shapes.class);
        }
        return sessions;
    }

    @Test
    void arraysMapsSeveralParamsAndInheritedFieldsAreFilled() throws SQLException {
        try (Target.Db db = Target.H2_UUID.open(); SqlSession session = factory(db).openSession(true)) {
            Shapes shapes = session.getMapper(Shapes.class);
            Note[] array = {new Note("a0"), new Urgent("a1")};
            assertEquals(2, shapes.insertArray(array));
            assertNotNull(array[0].getId());
            assertEquals(9, array[1].getId().meta(), "a marked getter of the superclass");

            Note inMap = new Note("m");
            shapes.insertMap(Map.of("note", inMap, "body", "m"));
            assertNotNull(inMap.getId(), "the values of a Map parameter");

            Note first = new Note("p0");
            List<Note> rest = List.of(new Note("p1"), new Note("p2"));
            assertEquals(3, shapes.insertParams(first, rest));
            assertNotNull(first.getId());
            rest.forEach(n -> assertNotNull(n.getId()));
        }
    }

    @Test
    void aMarkedMemberThatIsNoSnoIdAndASupplierWithoutANoArgumentConstructorAreRefusedByName() throws SQLException {
        try (Target.Db db = Target.H2_UUID.open(); SqlSession session = factory(db).openSession(true)) {
            Shapes shapes = session.getMapper(Shapes.class);
            PersistenceException e = assertThrows(PersistenceException.class, () -> shapes.insertWrong(new Wrong()));
            assertEquals("@SnoGeneratedId on dev.sno.mybatis.InterceptorRulesTest$Wrong.id, which is a java.lang.String,"
                    + " not a dev.sno.SnoId", MyBatisTest.cause(e, IllegalArgumentException.class).getMessage());
            e = assertThrows(PersistenceException.class, () -> shapes.insertWrongMeta(new WrongMeta()));
            assertEquals("@SnoGeneratedId meta must be in [0, 255]: meta=256 on dev.sno.mybatis.InterceptorRulesTest$WrongMeta.id",
                    MyBatisTest.cause(e, IllegalArgumentException.class).getMessage());
            e = assertThrows(PersistenceException.class, () -> shapes.insertUnmakeable(new Unmakeable()));
            assertEquals("@SnoGeneratedId(generator = dev.sno.mybatis.InterceptorRulesTest$NeedsArgument.class): the"
                    + " class needs a public no-argument constructor",
                    MyBatisTest.cause(e, IllegalArgumentException.class).getMessage());
        }
    }

    @Test
    void theDefaultGeneratorAndSupplierFactoryGivenToTheConstructorAreUsed() throws SQLException {
        SnoGenerator partition40 = SnoGenerator.builder().partition(40).build();
        SnoGenerator partition41 = SnoGenerator.builder().partition(41).build();
        try (Target.Db db = Target.H2_UUID.open()) {
            SqlSessionFactory sessions = factory(db);
            // Added last, it runs first (outermost); the configuration's own then finds the IDs set and keeps them.
            sessions.getConfiguration().addInterceptor(new SnoGeneratedIdInterceptor(() -> partition40, type -> {
                assertSame(NeedsArgument.class, type);
                return () -> partition41;
            }));
            try (SqlSession session = sessions.openSession(true)) {
                Shapes shapes = session.getMapper(Shapes.class);
                Event event = new Event("e", null);
                shapes.insertEvent(event);
                assertEquals(40, event.getId().partition());
                Unmakeable u = new Unmakeable();
                shapes.insertUnmakeable(u);
                assertEquals(41, u.getId().partition());
            }
        }
    }

    @Test
    void theTypeHandlersReadTheIdsTenBytesAndRefuseOtherLengthsNamingTheColumn() throws SQLException {
        try (Target.Db db = Target.H2_BINARY.open()) {
            Shapes shapes;
            SnoId id = dev.sno.Sno.next(1);
            try (Connection c = DriverManager.getConnection(db.url());
                    PreparedStatement insert = c.prepareStatement("INSERT INTO event (id, name) VALUES (?, 'ten')")) {
                insert.setBytes(1, id.toBytes());
                insert.executeUpdate();
            }
            try (SqlSession session = factory(db).openSession(true)) {
                shapes = session.getMapper(Shapes.class);
                // BINARY(16) pads the 10 bytes with zeros: the UUID image. VARBINARY keeps 10.
                assertEquals(id, shapes.eventId());
            }
            try (Connection c = DriverManager.getConnection(db.url())) {
                c.createStatement().execute("ALTER TABLE event ALTER COLUMN id VARBINARY(16)");
                c.createStatement().execute("UPDATE event SET id = X'" + hex(id.toBytes()) + "'");
            }
            try (SqlSession session = factory(db).openSession(true)) {
                assertEquals(id, session.getMapper(Shapes.class).eventId(), "10 bytes");
            }
            try (Connection c = DriverManager.getConnection(db.url())) {
                c.createStatement().execute("UPDATE event SET id = X'0102'");
            }
            try (SqlSession session = factory(db).openSession(true)) {
                PersistenceException e = assertThrows(PersistenceException.class,
                        () -> session.getMapper(Shapes.class).eventId());
                assertEquals("Not a sno ID in column 'ID': 0x0102 (length 2, expected 10 (sno) or 16 (UUID) bytes)",
                        MyBatisTest.cause(e, SQLDataException.class).getMessage());
            }
        }
    }

    @Test
    void aHostileColumnValueAndLabelAreQuotedEscapedAndBounded() throws SQLException {
        try (Target.Db db = Target.H2_UUID.open(); SqlSession session = factory(db).openSession(true)) {
            String hostile = "\u001b[2J" + "a".repeat(1000);
            PersistenceException e = assertThrows(PersistenceException.class,
                    () -> session.getMapper(Shapes.class).textAsId(hostile));
            String message = MyBatisTest.cause(e, SQLDataException.class).getMessage();
            String parse = assertThrows(dev.sno.InvalidSnoIdException.class, () -> SnoId.parse(hostile)).getMessage();
            assertEquals("Not a sno ID in column 'i\\u001Bd\\u202E': string \"\\u001B[2J" + "a".repeat(191) + "...\" ("
                    + parse + ")", message);
        }
    }

    @Test
    void anOutParameterOfACallIsReadAndAMalformedOneRefusedNamingIt() throws SQLException {
        try (Target.Db db = Target.H2_UUID.open(); SqlSession session = factory(db).openSession(true)) {
            Shapes shapes = session.getMapper(Shapes.class);
            SnoId id = dev.sno.Sno.next(5);
            Map<String, Object> parameters = new java.util.HashMap<>(Map.of("in", id.toUuid().toString()));
            shapes.call(parameters);
            assertEquals(id, parameters.get("out"));
            parameters.put("in", "0123abcd-0000-4000-8000-00000000beef");
            PersistenceException e = assertThrows(PersistenceException.class, () -> shapes.call(parameters));
            String message = MyBatisTest.cause(e, SQLDataException.class).getMessage();
            assertEquals("Not a sno ID in OUT parameter 1: UUID 0123abcd-0000-4000-8000-00000000beef (", message.substring(0,
                    message.indexOf('(') + 1), message);
        }
    }

    @Test
    void nullParametersBindAsSqlNull() throws SQLException {
        for (Target target : List.of(Target.H2_UUID, Target.H2_BINARY)) {
            try (Target.Db db = target.open(); SqlSession session = db.sessions().openSession(true)) {
                EventMapper events = session.getMapper(EventMapper.class);
                Event e = new Event("orphan", null);
                events.insert(e);
                assertNull(events.find(e.getId()).getParent());
                assertNull(events.find(null));
            }
        }
    }

    private static String hex(byte[] bytes) {
        StringBuilder s = new StringBuilder();
        for (byte b : bytes) {
            s.append(String.format("%02x", b));
        }
        return s.toString();
    }
}
