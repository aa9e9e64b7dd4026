package dev.sno.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sno.SnoId;
import dev.sno.jdbc.hibernate.SnoIdJavaType;
import dev.sno.jdbc.internal.DatabaseValues;
import java.lang.reflect.Proxy;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.util.List;
import java.util.UUID;
import org.hibernate.HibernateException;
import org.junit.jupiter.api.Test;

/**
 * One table of database values, run through every reader: the shared conversion, SnoJdbc and the
 * Hibernate type must accept and reject exactly the same values, with the same reason.
 */
class DatabaseValuesTest {

    private static final SnoId SAMPLE = SnoId.parse("29gfem22232im222");
    private static final byte[] SAMPLE_IMAGE = {0x01, (byte) 0xdc, (byte) 0xd6, 0x50, 0, 0, 0x41, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0};

    /** A value and what reading it gives: the ID, or the rejection message. */
    record Case(Object value, SnoId id, String rejection) {
        static Case ok(Object value) {
            return new Case(value, SAMPLE, null);
        }

        static Case bad(Object value, String rejection) {
            return new Case(value, null, rejection);
        }
    }

    static final List<Case> CASES = List.of(
            Case.ok(UUID.fromString("01dcd650-0000-410a-0000-000000000000")),
            Case.ok(SAMPLE_IMAGE),
            Case.ok(SAMPLE.toBytes()),
            Case.ok("01dcd650-0000-410a-0000-000000000000"),
            Case.ok("01DCD650-0000-410A-0000-000000000000"),
            Case.ok("29gfem22232im222"),
            Case.bad(UUID.fromString("01dcd650-0000-410a-0000-000000000001"),
                    "UUID 01dcd650-0000-410a-0000-000000000001 (Invalid sno ID UUID: 01dcd650-0000-410a-0000-000000000001"
                    + " (bytes 10..15 must be zero in the image of a sno ID))"),
            Case.bad(new byte[11], "0x" + "00".repeat(11) + " (length 11, expected 10 (sno) or 16 (UUID) bytes)"),
            Case.bad(new byte[40], "0x" + "00".repeat(32) + "... (length 40, expected 10 (sno) or 16 (UUID) bytes)"),
            // 16 bytes whose tail is not zero: the value is shown, not "byte[]"
            Case.bad(new byte[] {0x01, (byte) 0xdc, (byte) 0xd6, 0x50, 0, 0, 0x41, 0x0a, 0, 0, 0, 0, 0, 0, 0, 1},
                    "0x01dcd6500000410a0000000000000001 (Invalid sno ID UUID:"
                    + " 01dcd650-0000-410a-0000-000000000001 (bytes 10..15 must be zero in the image of a sno ID))"),
            // UUID.fromString would take these; the strict reader does not.
            Case.bad("1dcd650-0000-410a-0000-0000000000000", "string \"1dcd650-0000-410a-0000-0000000000000\""
                    + " (Invalid UUID text: \"1dcd650-0000-410a-0000-0000000000000\" (character at index 7"
                    + " is not a hexadecimal digit))"),
            Case.bad("+1dcd650-0000-410a-0000-000000000000", "string \"+1dcd650-0000-410a-0000-000000000000\""
                    + " (Invalid UUID text: \"+1dcd650-0000-410a-0000-000000000000\" (character at index 0"
                    + " is not a hexadecimal digit))"),
            Case.bad("01dcd650-0000-410a-0000-00000000000\u0660", "string \"01dcd650-0000-410a-0000-00000000000\u0660\""
                    + " (Invalid UUID text: \"01dcd650-0000-410a-0000-00000000000\u0660\" (character at index 35"
                    + " is not a hexadecimal digit))"),
            Case.bad("29gfem22232im22Z", "string \"29gfem22232im22Z\" (Invalid sno ID: \"29gfem22232im22Z\""
                    + " (character 'Z' at index 15 is not in the alphabet 23456789abcdefghijklmnopqrstuvwx))"),
            Case.bad(42, "a value of type java.lang.Integer (expected UUID, byte[] or String)"));

    @Test
    void sharedConversion() {
        for (Case c : CASES) {
            if (c.id() != null) {
                assertEquals(c.id(), DatabaseValues.toSnoId(c.value()), c.toString());
            } else {
                assertEquals(c.rejection(), assertThrows(DatabaseValues.Rejected.class,
                        () -> DatabaseValues.toSnoId(c.value())).getMessage());
            }
        }
    }

    @Test
    void snoJdbcReadsTheSameWay() throws Exception {
        for (Case c : CASES) {
            ResultSet rows = resultSetOf(c.value());
            if (c.id() != null) {
                assertEquals(c.id(), SnoJdbc.getSnoId(rows, 1), c.toString());
                assertEquals(c.id(), SnoJdbc.getSnoId(rows, "id"), c.toString());
            } else {
                SQLDataException e = assertThrows(SQLDataException.class, () -> SnoJdbc.getSnoId(rows, 1));
                assertEquals("Not a sno ID in column 1 ('id'): " + c.rejection(), e.getMessage());
                assertEquals("22000", e.getSQLState());
            }
        }
        assertEquals(null, SnoJdbc.getSnoId(resultSetOf(null), 1));
    }

    @Test
    void hibernateTypeReadsTheSameWay() {
        SnoIdJavaType type = SnoIdJavaType.INSTANCE;
        for (Case c : CASES) {
            if (c.id() != null) {
                assertEquals(c.id(), type.wrap(c.value(), null), c.toString());
            } else {
                assertEquals("Not a sno ID: " + c.rejection(),
                        assertThrows(HibernateException.class, () -> type.wrap(c.value(), null)).getMessage());
            }
        }
        assertEquals(null, type.wrap(null, null));
        assertEquals(SAMPLE, type.wrap(SAMPLE, null));
    }

    /** A one-row, one-column result set holding the value, labelled "id". */
    private static ResultSet resultSetOf(Object value) {
        ResultSetMetaData meta = (ResultSetMetaData) Proxy.newProxyInstance(ResultSetMetaData.class.getClassLoader(),
                new Class<?>[] {ResultSetMetaData.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getColumnLabel")) {
                        return "id";
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        return (ResultSet) Proxy.newProxyInstance(ResultSet.class.getClassLoader(), new Class<?>[] {ResultSet.class},
                (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "getObject":
                            return value;
                        case "getMetaData":
                            return meta;
                        default:
                            throw new UnsupportedOperationException(method.getName());
                    }
                });
    }
}
