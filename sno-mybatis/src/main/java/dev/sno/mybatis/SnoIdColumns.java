package dev.sno.mybatis;

import dev.sno.SnoId;
import dev.sno.jdbc.SnoJdbc;
import java.sql.CallableStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * What the two type handlers share: reading an ID from any of the column forms (a {@code UUID}, the
 * 16-byte UUID image, the ID's 10 bytes) with sno-jdbc's {@link SnoJdbc#getSnoId}, for columns and
 * OUT parameters alike, so that MyBatis accepts and refuses exactly what sno-jdbc does.
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
        return SnoJdbc.getSnoId(call, parameter);
    }
}
