package dev.sno.mybatis;

import dev.sno.SnoId;
import dev.sno.jdbc.SnoJdbc;
import java.nio.ByteBuffer;
import java.sql.CallableStatement;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.util.UUID;

/**
 * What the two type handlers share: reading an ID from any of the column forms (a {@code UUID}, the
 * 16-byte UUID image, the ID's 10 bytes), with sno-jdbc's {@link SnoJdbc#getSnoId} for result sets,
 * so that MyBatis accepts and refuses exactly what sno-jdbc does.
 */
final class SnoIdColumns {

    private SnoIdColumns() {
    }

    static SnoId read(ResultSet rows, String column) throws SQLException {
        return SnoJdbc.getSnoId(rows, column);
    }

    static SnoId read(ResultSet rows, int column) throws SQLException {
        return SnoJdbc.getSnoId(rows, column);
    }

    /** An OUT parameter of a stored procedure: the same forms as a column. */
    static SnoId read(CallableStatement call, int parameter) throws SQLException {
        Object value = call.getObject(parameter);
        if (value == null) {
            return null;
        }
        try {
            if (value instanceof UUID uuid) {
                return SnoId.fromUuid(uuid);
            }
            if (value instanceof byte[] bytes && bytes.length == SnoId.SIZE_BYTES) {
                return SnoId.fromBytes(bytes);
            }
            if (value instanceof byte[] bytes && bytes.length == 16) {
                ByteBuffer b = ByteBuffer.wrap(bytes);
                return SnoId.fromUuid(new UUID(b.getLong(), b.getLong()));
            }
        } catch (IllegalArgumentException e) { // InvalidSnoIdException: a UUID that is no ID's image
            throw new SQLDataException("Not a sno ID in OUT parameter " + parameter + ": " + value + " ("
                    + e.getMessage() + ")", SnoJdbc.SQL_STATE, e);
        }
        String what = value instanceof byte[] bytes ? "a byte array of length " + bytes.length
                : "a value of type " + value.getClass().getName();
        throw new SQLDataException("Not a sno ID in OUT parameter " + parameter + ": " + what
                + " (expected UUID, or 10 or 16 bytes)", SnoJdbc.SQL_STATE);
    }
}
