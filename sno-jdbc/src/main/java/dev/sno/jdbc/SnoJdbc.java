package dev.sno.jdbc;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import dev.sno.config.SafeText;
import dev.sno.jdbc.internal.DatabaseValues;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Types;
import java.util.Objects;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * Stores sno IDs in UUID columns (PostgreSQL {@code uuid}, H2 {@code UUID}) through plain JDBC,
 * using the canonical UUID image: the ID's 10 bytes followed by six zero bytes.
 *
 * <pre>
 * SnoJdbc.setSnoId(insert, 1, Sno.next(PERSON));
 * SnoId id = SnoJdbc.getSnoId(rows, "id");
 * </pre>
 *
 * <p>Reading accepts what drivers return for such columns: {@link UUID}, a 16-byte array (the UUID
 * image), a 10-byte array (the ID's bytes), and strings in UUID form
 * ({@code 01dcd650-0000-410a-0000-000000000000}) or sno form ({@code 29gfem22232im222}). SQL
 * {@code NULL} reads as {@code null}. Anything else, and a UUID whose last six bytes are not
 * zero, throws {@link SQLDataException} (SQLState {@value #SQL_STATE}) naming the column (or a
 * call's OUT parameter), the value and why, with the {@link InvalidSnoIdException} as cause where
 * there is one: {@code Not a sno ID in column 1 ('id'): string "..." (...)}. The label and any
 * text read go through {@link SafeText} (control characters and bidi overrides escaped,
 * bounded); bytes are shown in hexadecimal, the first 32 of them. Nothing is truncated silently.
 */
public final class SnoJdbc {

    /** SQLState of the exceptions for values that are not sno IDs: "data exception". */
    public static final String SQL_STATE = "22000";

    /**
     * Class-path name of the SQL script that {@link #installFunctions} runs on PostgreSQL: the
     * functions {@code sno_time}, {@code sno_meta}, {@code sno_partition}, {@code sno_sequence},
     * {@code sno_text}, {@code sno_bytes}, {@code sno_is_valid} (of a {@code uuid}),
     * {@code sno_uuid} (of the 16-character text) and {@code sno_lower} (of a
     * {@code timestamptz}). The script is idempotent ({@code CREATE OR REPLACE FUNCTION} only)
     * and runs on PostgreSQL 15 and later. The readers of a {@code uuid} are single SQL
     * expressions that the planner inlines into the query; they raise for a value that is not a
     * sno image through {@code sno_invalid}, a helper the script also creates.
     *
     * <p>With Flyway or Liquibase, either call {@link #installFunctions} from a Java-based
     * migration (Flyway: a {@code BaseJavaMigration} whose {@code migrate} calls
     * {@code installFunctions(context.getConfiguration().getDataSource())}; running it again in a
     * later migration after upgrading this library replaces the functions), or copy the file
     * into the migration directory ({@code db/migration/V5__sno_functions.sql}). On the module
     * path the resource is encapsulated in this module, so only {@link #installFunctions} can
     * read it there.
     */
    public static final String POSTGRESQL_FUNCTIONS = "dev/sno/jdbc/sql/postgresql.sql";

    /**
     * Class-path name of the SQL script that {@link #installFunctions} runs on MariaDB 10.6 and
     * later: the same functions as {@link #POSTGRESQL_FUNCTIONS}, {@code DETERMINISTIC NO SQL},
     * on the 16-byte UUID image in a {@code BINARY(16)} column (or a {@code UUID} column, which
     * cannot hold every sno ID: SPEC.md section 10.2); times are {@code DATETIME} in UTC. The
     * script is idempotent ({@code CREATE OR REPLACE FUNCTION} only) and in the mariadb client's
     * format ({@code DELIMITER} lines), which Flyway also reads.
     */
    public static final String MARIADB_FUNCTIONS = "dev/sno/jdbc/sql/mariadb.sql";

    /**
     * Class-path name of the SQL script that {@link #installFunctions} runs on MySQL 8.0: the
     * functions of {@link #MARIADB_FUNCTIONS}, with the same names, results and messages, in
     * MySQL's dialect (each function dropped if it exists, then created: MySQL has no
     * {@code CREATE OR REPLACE FUNCTION}, so a query that calls a function while the script
     * replaces it may fail; install at deployment). In the mysql client's format
     * ({@code DELIMITER} lines), which Flyway also reads.
     */
    public static final String MYSQL_FUNCTIONS = "dev/sno/jdbc/sql/mysql.sql";

    /**
     * Class-path name of the SQL script that {@link #installFunctions} runs on H2: the same
     * functions as {@link #POSTGRESQL_FUNCTIONS}, as {@code CREATE ALIAS IF NOT EXISTS} statements
     * bound to {@link H2Functions}. A test database can run it from its URL:
     * {@code jdbc:h2:mem:test;INIT=RUNSCRIPT FROM 'classpath:dev/sno/jdbc/sql/h2.sql'}.
     */
    public static final String H2_FUNCTIONS = "dev/sno/jdbc/sql/h2.sql";

    private SnoJdbc() {
    }

    /**
     * Binds an ID, or SQL {@code NULL}, as a UUID.
     *
     * @param statement  the statement, not null
     * @param index      the parameter index, from 1
     * @param id         the ID, or null for SQL {@code NULL}
     * @throws SQLException if the driver refuses the value
     */
    public static void setSnoId(PreparedStatement statement, int index, SnoId id) throws SQLException {
        if (id == null) {
            statement.setNull(index, Types.OTHER);
        } else {
            statement.setObject(index, id.toUuid());
        }
    }

    /**
     * Binds an ID, or SQL {@code NULL}, as its 16-byte UUID image (the ID's 10 bytes, then six
     * zero bytes): for a {@code BINARY(16)} column, which is where MariaDB and MySQL keep sno IDs
     * in sno order (SPEC.md 10.4). {@link #setSnoId} binds a {@link UUID}, which MariaDB
     * Connector/J sends as 36 characters of text: {@code BINARY(16)} refuses that in strict mode
     * and keeps its first 16 characters without it. {@link #getSnoId} reads the image back.
     *
     * @param statement  the statement, not null
     * @param index      the parameter index, from 1
     * @param id         the ID, or null for SQL {@code NULL}
     * @throws SQLException if the driver refuses the value
     */
    public static void setSnoIdBinary(PreparedStatement statement, int index, SnoId id) throws SQLException {
        if (id == null) {
            statement.setNull(index, Types.BINARY);
        } else {
            statement.setBytes(index, id.toUuidBytes());
        }
    }

    /**
     * Reads an ID from a column by index.
     *
     * @param rows    the result set, on a row
     * @param column  the column index, from 1
     * @return the ID, or null for SQL {@code NULL}
     * @throws SQLDataException if the value is not a sno ID in one of the accepted forms
     * @throws SQLException if the driver fails
     */
    public static SnoId getSnoId(ResultSet rows, int column) throws SQLException {
        Object value = rows.getObject(column);
        if (value == null) {
            return null;
        }
        return convert(value, () -> describeColumn(rows, column));
    }

    /**
     * Reads an ID from a column by label.
     *
     * @param rows   the result set, on a row
     * @param label  the column label
     * @return the ID, or null for SQL {@code NULL}
     * @throws SQLDataException if the value is not a sno ID in one of the accepted forms
     * @throws SQLException if the driver fails
     */
    public static SnoId getSnoId(ResultSet rows, String label) throws SQLException {
        Object value = rows.getObject(label);
        if (value == null) {
            return null;
        }
        return convert(value, () -> "column '" + SafeText.of(label) + "'");
    }

    /**
     * Reads an ID from an OUT parameter of a stored procedure or function call, in the same forms
     * as {@link #getSnoId(ResultSet, int)} reads a column.
     *
     * @param call       the executed call, with the parameter registered as OUT
     * @param parameter  the parameter index, from 1
     * @return the ID, or null for SQL {@code NULL}
     * @throws SQLDataException if the value is not a sno ID in one of the accepted forms
     * @throws SQLException if the driver fails
     */
    public static SnoId getSnoId(CallableStatement call, int parameter) throws SQLException {
        Object value = call.getObject(parameter);
        if (value == null) {
            return null;
        }
        return convert(value, () -> "OUT parameter " + parameter);
    }

    /** Names a column for a message; only called when a value is rejected. */
    private interface ColumnName {
        String get() throws SQLException;
    }

    private static String describeColumn(ResultSet rows, int column) throws SQLException {
        String label = null;
        try {
            label = rows.getMetaData().getColumnLabel(column);
        } catch (SQLException ignored) {
            // Metadata is only for the message: the index alone still names the column.
        }
        return label == null ? "column " + column : "column " + column + " ('" + SafeText.of(label) + "')";
    }

    private static SnoId convert(Object value, ColumnName column) throws SQLException {
        try {
            return DatabaseValues.toSnoId(value);
        } catch (DatabaseValues.Rejected e) {
            throw rejected(column, e.value(), e.reason(), e.getCause());
        }
    }

    private static SQLDataException rejected(ColumnName column, String value, String why, Throwable cause)
            throws SQLException {
        return new SQLDataException("Not a sno ID in " + column.get() + ": " + value + " (" + why + ")", SQL_STATE, cause);
    }

    /**
     * Binds a range's bounds to two consecutive parameters as UUIDs (each with
     * {@link #setSnoId}), for a key-range query on an ID column:
     * {@code WHERE id >= ? AND id < ?}.
     *
     * <pre>
     * SnoIdRange window = SnoIdRange.timeWindow(from, to);
     * try (PreparedStatement q = connection.prepareStatement("SELECT * FROM person WHERE id &gt;= ? AND id &lt; ?")) {
     *     SnoJdbc.setSnoIdRange(q, 1, window);
     * }
     * </pre>
     *
     * @param statement   the statement, not null
     * @param firstIndex  the index of the {@code >=} parameter; {@code firstIndex + 1} gets the
     *                    {@code <} parameter
     * @param range       the range, not null
     * @throws SQLException if the driver refuses the values
     */
    public static void setSnoIdRange(PreparedStatement statement, int firstIndex, SnoIdRange range)
            throws SQLException {
        Objects.requireNonNull(range, "range");
        setSnoId(statement, firstIndex, range.from());
        setSnoId(statement, firstIndex + 1, range.to());
    }

    /**
     * Binds a range's bounds as {@link #setSnoIdRange} does, as 16-byte images (each with
     * {@link #setSnoIdBinary}), for an ID column of type {@code BINARY(16)}.
     *
     * @param statement   the statement, not null
     * @param firstIndex  the index of the {@code >=} parameter; {@code firstIndex + 1} gets the
     *                    {@code <} parameter
     * @param range       the range, not null
     * @throws SQLException if the driver refuses the values
     */
    public static void setSnoIdRangeBinary(PreparedStatement statement, int firstIndex, SnoIdRange range)
            throws SQLException {
        Objects.requireNonNull(range, "range");
        setSnoIdBinary(statement, firstIndex, range.from());
        setSnoIdBinary(statement, firstIndex + 1, range.to());
    }

    /**
     * Creates or replaces the sno SQL functions in the database, picking the script by the
     * database product ({@link java.sql.DatabaseMetaData#getDatabaseProductName()}):
     * {@link #POSTGRESQL_FUNCTIONS} on PostgreSQL 15 and later (into the first schema of the
     * connection's {@code search_path}, in one transaction, behind an advisory lock),
     * {@link #MARIADB_FUNCTIONS} on MariaDB 10.6 and later and {@link #MYSQL_FUNCTIONS} on MySQL
     * 8.0 (into the connection's database, statement by statement, behind the named lock
     * {@code dev.sno.jdbc.functions}), and
     * {@link #H2_FUNCTIONS} on H2. Running it again replaces the functions with this version's;
     * concurrent calls are serialized, so instances of a service may all call it at startup.
     *
     * <pre>
     * SnoJdbc.installFunctions(dataSource);
     * // SELECT sno_text(id), sno_time(id) FROM person WHERE id &gt;= sno_lower(?) AND id &lt; sno_lower(?)
     * </pre>
     *
     * @param dataSource  the database, not null
     * @throws SQLFeatureNotSupportedException if the database is none of these; the message names
     *     the product
     * @throws SQLException if the database fails or refuses the script (for example, the user
     *     may not create functions there; on MariaDB and MySQL with binary logging, MySQL's
     *     default, creating functions needs the SUPER privilege or
     *     {@code log_bin_trust_function_creators}); on PostgreSQL
     *     nothing is changed then
     */
    public static void installFunctions(DataSource dataSource) throws SQLException {
        Objects.requireNonNull(dataSource, "dataSource");
        try (Connection connection = dataSource.getConnection()) {
            FunctionInstaller.install(connection);
        }
    }
}
