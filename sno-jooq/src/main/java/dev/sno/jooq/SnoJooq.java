package dev.sno.jooq;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import java.util.Objects;
import org.jooq.Condition;
import org.jooq.Converter;
import org.jooq.DataType;
import org.jooq.Field;
import org.jooq.impl.DefaultDataType;
import org.jooq.impl.SQLDataType;

/**
 * sno IDs in jOOQ's DSL: data types for fields declared by hand, and {@link SnoIdRange} windows
 * as conditions.
 *
 * <pre>
 * Field&lt;SnoId&gt; id = DSL.field(DSL.name("event", "id"), SnoJooq.UUID);
 * ctx.selectFrom(EVENT).where(SnoJooq.within(EVENT.ID, SnoIdRange.timeWindow(from, to))).orderBy(EVENT.ID).fetch();
 * </pre>
 */
public final class SnoJooq {

    /**
     * A {@code UUID} column holding sno IDs (PostgreSQL, H2): bound and read as jOOQ binds and
     * reads {@code SQLDataType.UUID} through {@link SnoIdConverter}. Where jOOQ converts another
     * object to it ({@code DataType.convert}, {@code DSL.val(Object, DataType)},
     * {@code Record.fromMap}), it takes a {@link SnoId}, the ID's 16-character text, the UUID text
     * of its image, a {@code java.util.UUID} that is its image or the image's 16 bytes, and
     * refuses anything else with a {@link org.jooq.exception.DataTypeException} naming the value
     * (the same values as {@link #BINARY}).
     */
    public static final DataType<SnoId> UUID = strict(SQLDataType.UUID, new SnoIdConverter(), "uuid");

    /**
     * A {@code BINARY(16)} column holding sno IDs (MariaDB, MySQL): bound and read as jOOQ binds
     * and reads {@code SQLDataType.BINARY(16)} through {@link SnoIdBinaryConverter}. Converting
     * another object to it takes and refuses the same values as {@link #UUID}.
     */
    public static final DataType<SnoId> BINARY = strict(SQLDataType.BINARY(16), new SnoIdBinaryConverter(), "binary(16)");

    private SnoJooq() {
    }

    /**
     * A type named like the column type whose Java type is {@code Object}, so that jOOQ hands an
     * object to convert to {@link Values} untouched (jOOQ would convert it to the column's Java
     * type first, leniently); bound through the column type and its converter.
     */
    private static <T> DataType<SnoId> strict(DataType<T> column, Converter<T, SnoId> converter, String typeName) {
        // the column type first: SQLDataType registers the built-in types before this one is made
        // (a type made here registers nowhere a built-in type of that name or class already is)
        return DefaultDataType.getDefaultDataType(null, typeName).length(column.length())
                .asConvertedDataType(new StrictBinding(column.asConvertedDataType(converter).getBinding(), converter));
    }

    /**
     * The condition that an ID column lies in a range: {@code field >= range.from() and
     * field < range.to()}, which holds for exactly the IDs {@link SnoIdRange#contains} accepts,
     * on a column that sorts in sno order ({@code UUID} on PostgreSQL and H2, {@code BINARY(16)}).
     * An empty range selects nothing. A {@code NULL} column value is in no range.
     *
     * @param field  the ID column, not null
     * @param range  the range, not null
     * @return the condition, with the bounds as bind values of the field's type
     */
    public static Condition within(Field<SnoId> field, SnoIdRange range) {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(range, "range");
        return field.ge(range.from()).and(field.lt(range.to()));
    }
}
