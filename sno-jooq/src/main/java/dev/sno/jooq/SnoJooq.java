package dev.sno.jooq;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import java.util.Objects;
import org.jooq.Condition;
import org.jooq.DataType;
import org.jooq.Field;
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
     * A {@code UUID} column holding sno IDs (PostgreSQL, H2), through {@link SnoIdConverter}.
     */
    public static final DataType<SnoId> UUID = SQLDataType.UUID.asConvertedDataType(new SnoIdConverter());

    /**
     * A {@code BINARY(16)} column holding sno IDs (MariaDB, MySQL), through
     * {@link SnoIdBinaryConverter}.
     */
    public static final DataType<SnoId> BINARY = SQLDataType.BINARY(16).asConvertedDataType(new SnoIdBinaryConverter());

    private SnoJooq() {
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
