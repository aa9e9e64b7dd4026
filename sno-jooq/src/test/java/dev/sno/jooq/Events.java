package dev.sno.jooq;

import dev.sno.SnoId;
import java.util.Arrays;
import java.util.UUID;
import org.jooq.DataType;
import org.jooq.Field;
import org.jooq.Table;
import org.jooq.TableField;
import org.jooq.UpdatableRecord;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * The generated {@code event} table of one of the two schemas (target/generated-test-sources),
 * for the tests that run the same way on both, and what its ID columns hold underneath.
 *
 * @param table     the generated table
 * @param id        its generated {@code id} field
 * @param parentId  its generated {@code parent_id} field (nullable)
 * @param name      its {@code name} field
 * @param rawType   the columns' type without the converter
 * @param script    the schema script under src/test/resources/db
 * @param <R>       the generated record type
 */
record Events<R extends UpdatableRecord<R>>(Table<R> table, TableField<R, SnoId> id, TableField<R, SnoId> parentId,
        TableField<R, String> name, DataType<?> rawType, String script) {

    static final Events<dev.sno.jooq.example.uuid.tables.records.EventRecord> UUID_IDS = new Events<>(
            dev.sno.jooq.example.uuid.Tables.EVENT, dev.sno.jooq.example.uuid.Tables.EVENT.ID,
            dev.sno.jooq.example.uuid.Tables.EVENT.PARENT_ID, dev.sno.jooq.example.uuid.Tables.EVENT.NAME,
            SQLDataType.UUID, "uuid-schema.sql");

    static final Events<dev.sno.jooq.example.binary.tables.records.EventRecord> BINARY_IDS = new Events<>(
            dev.sno.jooq.example.binary.Tables.EVENT, dev.sno.jooq.example.binary.Tables.EVENT.ID,
            dev.sno.jooq.example.binary.Tables.EVENT.PARENT_ID, dev.sno.jooq.example.binary.Tables.EVENT.NAME,
            SQLDataType.BINARY(16), "binary-schema.sql");

    boolean binary() {
        return rawType.getType() == byte[].class;
    }

    /** A column of this table read or written without the converter. */
    Field<Object> raw(String column) {
        @SuppressWarnings("unchecked")
        DataType<Object> type = (DataType<Object>) rawType;
        return DSL.field(DSL.name(column), type);
    }

    /** What the column holds for an ID: its UUID image, as a UUID or as 16 bytes. */
    Object image(SnoId id) {
        return binary() ? Arrays.copyOf(id.toBytes(), 16) : id.toUuid();
    }

    /** The data type a hand-written field uses for this column kind. */
    DataType<SnoId> snoType() {
        return binary() ? SnoJooq.BINARY : SnoJooq.UUID;
    }

    static UUID notAnImage(SnoId id) {
        return new UUID(id.toUuid().getMostSignificantBits(), id.toUuid().getLeastSignificantBits() | 1);
    }
}
