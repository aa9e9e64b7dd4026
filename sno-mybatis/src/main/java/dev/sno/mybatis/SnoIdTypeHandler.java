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
 * {@link SnoId} values in {@code UUID} columns (PostgreSQL {@code uuid}, H2 {@code UUID}), where
 * UUID order is sno order: an ID is written as its UUID image ({@link SnoId#toUuid()}). A
 * parameter whose mapping says {@code jdbcType=BINARY} or {@code jdbcType=VARBINARY} is written
 * as the 16 image bytes instead, for a {@code BINARY(16)} column in an application that otherwise
 * has UUID columns; an application whose ID columns are all {@code BINARY(16)} registers
 * {@link SnoIdBinaryTypeHandler} instead.
 *
 * <p>Reading, of columns and OUT parameters alike, is {@link SnoJdbc#getSnoId}'s: every form either
 * handler writes (a {@code UUID}, the 16-byte image), the ID's 10 bytes, and UUID or sno text. A
 * value that is none of them, or a UUID with a non-zero tail, fails with a
 * {@link java.sql.SQLDataException} (SQLState {@value SnoJdbc#SQL_STATE}) naming the value and the
 * column or parameter, which MyBatis wraps in its {@code PersistenceException}. SQL {@code NULL}
 * is null.
 *
 * <p>Register it once in {@code mybatis-config.xml}:
 * {@code <typeHandler handler="dev.sno.mybatis.SnoIdTypeHandler"/>}.
 */
@MappedTypes(SnoId.class)
public final class SnoIdTypeHandler implements TypeHandler<SnoId> {

    /** Made by MyBatis from the configuration, or by the application. */
    public SnoIdTypeHandler() {
    }

    /**
     * Binds an ID as a UUID, or as 16 bytes if {@code jdbcType} is {@code BINARY} or
     * {@code VARBINARY}; null as SQL {@code NULL} of the given type ({@code OTHER} if none).
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
        boolean binary = jdbcType == JdbcType.BINARY || jdbcType == JdbcType.VARBINARY;
        if (id == null) {
            statement.setNull(index, jdbcType == null ? Types.OTHER : jdbcType.TYPE_CODE);
        } else if (binary) {
            SnoJdbc.setSnoIdBinary(statement, index, id);
        } else {
            SnoJdbc.setSnoId(statement, index, id);
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
