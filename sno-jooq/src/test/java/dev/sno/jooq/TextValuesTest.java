package dev.sno.jooq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sno.InvalidSnoIdException;
import dev.sno.Sno;
import dev.sno.SnoId;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jooq.DSLContext;
import org.jooq.DataType;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.exception.DataTypeException;
import org.jooq.exception.MappingException;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What {@link SnoJooq#UUID} and {@link SnoJooq#BINARY} make of an object that is not a SnoId,
 * where jOOQ converts one ({@code Record.fromMap}, {@code DSL.val(Object, DataType)}): the same
 * for both types; the text of an ID or of its UUID image is that ID, anything else is refused
 * naming it, and nothing turns into NULL.
 */
class TextValuesTest {

    private static final List<DataType<SnoId>> TYPES = List.of(SnoJooq.UUID, SnoJooq.BINARY);
    private static final Table<?> T = DSL.table(DSL.name("T"));
    private static final String NEITHER = " (neither the 16-character text of a sno ID nor the UUID text"
            + " (8-4-4-4-12 hexadecimal digits) of a sno ID's UUID image)";

    private static String refused(DataType<SnoId> type, Object value) {
        return assertThrows(DataTypeException.class, () -> DSL.val(value, type), type + " " + value).getMessage();
    }

    @Test
    void fromMapTakesTheTextOfAnIdAndRendersIt() {
        SnoId id = SnoId.parse("29gfem22232im222");
        for (DataType<SnoId> type : TYPES) {
            Field<SnoId> column = DSL.field(DSL.name("ID"), type);
            Field<String> name = DSL.field(DSL.name("NAME"), String.class);
            DSLContext ctx = DSL.using(type == SnoJooq.UUID ? SQLDialect.POSTGRES : SQLDialect.MARIADB);
            Record record = ctx.newRecord(column, name);
            record.fromMap(Map.of("ID", "29gfem22232im222", "NAME", "x"));
            assertEquals(id, record.get(column));
            assertEquals(type == SnoJooq.UUID
                    ? "insert into \"T\" (\"ID\", \"NAME\") values (cast('01dcd650-0000-410a-0000-000000000000' as uuid), 'x')"
                    : "insert into `T` (`ID`, `NAME`) values (X'01DCD6500000410A0000000000000000', 'x')",
                    ctx.renderInlined(ctx.insertInto(T).set(record)));
        }
    }

    @Test
    void fromMapRefusesTextThatIsNotAnIdAndLeavesTheRecordAsItWas() {
        for (DataType<SnoId> type : TYPES) {
            Field<SnoId> column = DSL.field(DSL.name("ID"), type);
            Record record = DSL.using(SQLDialect.DEFAULT).newRecord(column);
            DataTypeException e = assertThrows(DataTypeException.class, () -> record.fromMap(Map.of("ID", "not an id")));
            assertEquals("Not a sno ID: \"not an id\"" + NEITHER, e.getMessage());
            assertInstanceOf(InvalidSnoIdException.class, e.getCause());
            assertNull(record.get(column));
            assertEquals(false, record.changed(column));
        }
    }

    /** A bean with the text of an ID, as Record.from reads it. */
    public static final class Form {
        /** The ID's text, as a client sent it. */
        public String id;
    }

    @Test
    void fromReadsTheTextOfAnIdAndRefusesOtherText() {
        for (DataType<SnoId> type : TYPES) {
            Field<SnoId> column = DSL.field(DSL.name("id"), type);
            Record record = DSL.using(SQLDialect.DEFAULT).newRecord(column);
            Form form = new Form();
            form.id = "29gfem22232im222";
            record.from(form);
            assertEquals(SnoId.parse("29gfem22232im222"), record.get(column));
            form.id = "not an id";
            MappingException e = assertThrows(MappingException.class, () -> record.from(form));
            assertEquals("Not a sno ID: \"not an id\"" + NEITHER, e.getCause(DataTypeException.class).getMessage());
            assertEquals(SnoId.parse("29gfem22232im222"), record.get(column));
        }
    }

    @Test
    void aValueOfTextThatIsNotAnIdIsRefusedNotNull() {
        for (DataType<SnoId> type : TYPES) {
            assertEquals("Not a sno ID: \"not an id\"" + NEITHER, refused(type, "not an id"));
            // java.util.UUID.fromString reads this as the zero UUID, the image of SnoId.ZERO
            assertEquals("Not a sno ID: \"0-0-0-0-0\"" + NEITHER, refused(type, "0-0-0-0-0"));
            assertEquals("Not a sno ID: \"\"" + NEITHER, refused(type, ""));
            // a character outside the alphabet, a space, another length
            assertEquals("Not a sno ID: \"29gfem22232im221\"" + NEITHER, refused(type, "29gfem22232im221"));
            assertEquals("Not a sno ID: \" 29gfem22232im222\"" + NEITHER, refused(type, " 29gfem22232im222"));
            assertEquals("Not a sno ID: \"29GFEM22232IM222\"" + NEITHER, refused(type, "29GFEM22232IM222"));
            // UUID text of another shape: no dashes, braces, a URN, a digit that is not ASCII
            assertEquals("Not a sno ID: \"01dcd6500000410a0000000000000000\"" + NEITHER,
                    refused(type, "01dcd6500000410a0000000000000000"));
            assertEquals("Not a sno ID: \"{01dcd650-0000-410a-0000-000000000000}\"" + NEITHER,
                    refused(type, "{01dcd650-0000-410a-0000-000000000000}"));
            assertEquals("Not a sno ID: \"01dcd650-0000-410a-0000-00000000000\uFF10\"" + NEITHER,
                    refused(type, "01dcd650-0000-410a-0000-00000000000\uFF10"));
            // the rendered condition of the issue is never made
            Field<SnoId> u = DSL.field(DSL.name("U"), type);
            assertThrows(DataTypeException.class, () -> u.eq(DSL.val("not an id", type)));
        }
    }

    @Test
    void theTextOfAnIdOrOfItsImageIsThatId() {
        SnoId id = Sno.next(200);
        String uuidText = id.toUuid().toString();
        for (DataType<SnoId> type : TYPES) {
            assertEquals(id, DSL.val(id.toString(), type).getValue());
            assertEquals(id, DSL.val(uuidText, type).getValue());
            assertEquals(id, DSL.val(uuidText.toUpperCase(java.util.Locale.ROOT), type).getValue());
            assertEquals(id, DSL.val(id, type).getValue());
            assertEquals(id, DSL.val(id.toUuid(), type).getValue());
            assertEquals(id, DSL.val(Arrays.copyOf(id.toBytes(), 16), type).getValue());
            assertNull(DSL.val(null, type).getValue());
            assertEquals(SnoId.ZERO, type.convert("00000000-0000-0000-0000-000000000000"));
            assertEquals(List.of(id, SnoId.MAX), type.convert(List.of(id.toString(), SnoId.MAX.toString())));
        }
    }

    @Test
    void aUuidThatIsNotAnImageIsRefusedAsTextAndAsAUuid() {
        UUID bad = UUID.fromString("3e1b24e9-0005-dcc4-0001-000000000001");
        for (DataType<SnoId> type : TYPES) {
            DataTypeException text = assertThrows(DataTypeException.class, () -> type.convert(bad.toString()));
            assertEquals("Not a sno ID: \"3e1b24e9-0005-dcc4-0001-000000000001\""
                    + " (bytes 10..15 must be zero in a sno ID's UUID image)", text.getMessage());
            assertInstanceOf(InvalidSnoIdException.class, text.getCause());
            assertEquals("Not a sno ID: 3e1b24e9-0005-dcc4-0001-000000000001"
                    + " (bytes 10..15 must be zero in a sno ID's UUID image)", refused(type, bad));
            assertEquals("Not a sno ID: 0x3e1b24e90005dcc40001000000000001"
                    + " (bytes 10..15 must be zero in a sno ID's UUID image)", refused(type, GeneratedCodeTest.uuidBytes(bad)));
        }
    }

    @Test
    void otherValuesAreRefusedNamingThem() {
        byte[] ten = SnoId.parse("29gfem22232im222").toBytes();
        for (DataType<SnoId> type : TYPES) {
            assertEquals("Not a sno ID: 0x01dcd6500000410a0000 (length 10, expected 16: the UUID image of a sno ID)",
                    refused(type, ten));
            assertEquals("Not a sno ID: 42 (a java.lang.Integer; a sno ID is a SnoId, its text, a UUID or the 16 bytes"
                    + " of its UUID image)", refused(type, 42));
            // text from elsewhere is escaped and bounded
            assertEquals("Not a sno ID: \"\\u001B[2J\\u202Eforged\\u000A\"" + NEITHER, refused(type, "\u001B[2J\u202Eforged\n"));
            String shown = refused(type, "a".repeat(100_000));
            assertEquals("Not a sno ID: \"" + "a".repeat(200) + "...\"" + NEITHER, shown);
        }
    }

    /** Records are Serializable, and so are the data types of their fields. */
    @Test
    void aRecordWithTheseTypesSerializes() throws Exception {
        for (DataType<SnoId> type : TYPES) {
            Field<SnoId> column = DSL.field(DSL.name("ID"), type);
            Record record = DSL.using(SQLDialect.DEFAULT).newRecord(column);
            record.set(column, SnoId.parse("29gfem22232im222"));
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(record);
            }
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
                Record back = (Record) in.readObject();
                assertEquals(record.get(column), back.get(0));
                assertThrows(DataTypeException.class, () -> back.field(0).getDataType().convert("not an id"));
            }
        }
    }

    @Test
    void theTypesKeepTheirColumnTypes() {
        Field<SnoId> uuid = DSL.field(DSL.name("ID"), SnoJooq.UUID.nullable(false));
        assertEquals("create table \"T\" (\"ID\" uuid not null)",
                DSL.using(SQLDialect.POSTGRES).render(DSL.createTable(T).column(uuid)));
        assertEquals("create table \"T\" (\"ID\" uuid not null)",
                DSL.using(SQLDialect.H2).render(DSL.createTable(T).column(uuid)));
        // (jOOQ's DDL writes BINARY without its length for a type over Object: docs/jooq.md says so)
        assertEquals("cast(? as uuid)", DSL.using(SQLDialect.H2).render(DSL.cast(DSL.val("x"), SnoJooq.UUID)));
        assertEquals("cast(? as binary(16))", DSL.using(SQLDialect.H2).render(DSL.cast(DSL.val("x"), SnoJooq.BINARY)));
    }

    /** The text of an ID, given to a record and stored: the row holds that ID; a bad text stores nothing. */
    @ParameterizedTest
    @EnumSource(Target.class)
    void textThroughARecordIntoTheDatabase(Target target) throws SQLException {
        Events<?> e = target.events();
        Field<SnoId> id = DSL.field(DSL.name("id"), e.snoType());
        Field<String> name = DSL.field(DSL.name("name"), String.class);
        Table<?> event = DSL.table(DSL.name("event"));
        SnoId expected = Sno.next(3);
        try (Target.Db db = target.open()) {
            Record record = db.ctx.newRecord(id, name);
            record.fromMap(Map.of("id", expected.toString(), "name", "from text"));
            db.ctx.insertInto(event).set(record).execute();
            Record image = db.ctx.newRecord(id, name);
            SnoId second = Sno.next(3);
            image.fromMap(Map.of("id", second.toUuid().toString(), "name", "from UUID text"));
            db.ctx.insertInto(event).set(image).execute();
            assertEquals(List.of(expected, second), db.ctx.select(e.id()).from(e.table()).orderBy(e.id()).fetch(e.id()));

            Record bad = db.ctx.newRecord(id, name);
            assertThrows(DataTypeException.class, () -> bad.fromMap(Map.of("id", "not an id", "name", "bad")));
            assertEquals(2, db.ctx.fetchCount(e.table()));
        }
    }
}
