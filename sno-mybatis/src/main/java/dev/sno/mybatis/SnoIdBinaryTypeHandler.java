package dev.sno.mybatis;

import dev.sno.SnoId;
import dev.sno.jdbc.SnoJdbc;
import java.sql.CallableStatement;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import org.apache.ibatis.type.JdbcType;
import org.apache.ibatis.type.MappedTypes;
import org.apache.ibatis.type.TypeHandler;

/**
 * {@link SnoId} values in {@code BINARY(16)} columns, where MariaDB and MySQL keep sno IDs in sno
 * order (MariaDB's {@code UUID} type does not sort in sno order): an ID is written as its 16-byte
 * UUID image, the ID's 10 bytes then six zero bytes, whatever the mapping's {@code jdbcType}.
 * Mappers need no {@code jdbcType}: the same mapper works on PostgreSQL with
 * {@link SnoIdTypeHandler} and on MariaDB with this one.
 *
 * <p>Reading, of columns and OUT parameters alike, is {@link SnoJdbc#getSnoId}'s: the 16-byte
 * image, the ID's 10 bytes, a {@code UUID}, and UUID or sno text. A value that is none of them
 * fails with a {@link java.sql.SQLDataException} (SQLState {@value SnoJdbc#SQL_STATE}) naming the
 * value and the column or parameter. SQL {@code NULL} is null.
 *
 * <p>Register it once in {@code mybatis-config.xml}:
 * {@code <typeHandler handler="dev.sno.mybatis.SnoIdBinaryTypeHandler"/>}.
 */
@MappedTypes(SnoId.class)
public final class SnoIdBinaryTypeHandler implements TypeHandler<SnoId> {

    /** Made by MyBatis from the configuration, or by the application. */
    public SnoIdBinaryTypeHandler() {
    }

    /**
     * Binds an ID as its 16 image bytes; null as SQL {@code NULL} of type {@code BINARY} (or of the
     * mapping's {@code jdbcType}, if it names one other than {@code OTHER}).
     *
     * @param statement  the statement
     * @param index      the parameter index, from 1
     * @param id         the ID, or null
     * @param jdbcType   the mapping's {@code jdbcType}, or null
     * @throws SQLException if the driver refuses the value
     */
    @Override
    public void setParameter(PreparedStatement statement, int index, SnoId id, JdbcType jdbcType)
            throws SQLException {
        if (id == null && jdbcType != null && jdbcType != JdbcType.OTHER) {
            statement.setNull(index, jdbcType.TYPE_CODE);
        } else if (id == null) {
            statement.setNull(index, Types.BINARY);
        } else {
            SnoJdbc.setSnoIdBinary(statement, index, id);
        }
    }

    /**
     * Reads an ID by column label.
     *
     * @param rows    the result set, on a row
     * @param column  the column label
     * @return the ID, or null for SQL {@code NULL}
     * @throws SQLException a {@link java.sql.SQLDataException} naming the value and column if it is
     *                      not a sno ID
     */
    @Override
    public SnoId getResult(ResultSet rows, String column) throws SQLException {
        return SnoJdbc.getSnoId(rows, column);
    }

    /**
     * Reads an ID by column index.
     *
     * @param rows    the result set, on a row
     * @param column  the column index, from 1
     * @return the ID, or null for SQL {@code NULL}
     * @throws SQLException a {@link java.sql.SQLDataException} naming the value and column if it is
     *                      not a sno ID
     */
    @Override
    public SnoId getResult(ResultSet rows, int column) throws SQLException {
        return SnoJdbc.getSnoId(rows, column);
    }

    /**
     * Reads an ID from a stored procedure's OUT parameter.
     *
     * @param call       the call
     * @param parameter  the parameter index, from 1
     * @return the ID, or null for SQL {@code NULL}
     * @throws SQLException a {@link java.sql.SQLDataException} naming the value and parameter if it
     *                      is not a sno ID
     */
    @Override
    public SnoId getResult(CallableStatement call, int parameter) throws SQLException {
        return SnoJdbc.getSnoId(call, parameter);
    }
}
