package dev.sno.jooq;

import dev.sno.SnoId;
import java.sql.SQLException;
import org.jooq.Binding;
import org.jooq.BindingGetResultSetContext;
import org.jooq.BindingGetSQLInputContext;
import org.jooq.BindingGetStatementContext;
import org.jooq.BindingRegisterContext;
import org.jooq.BindingSQLContext;
import org.jooq.BindingSetSQLOutputContext;
import org.jooq.BindingSetStatementContext;
import org.jooq.Converter;

/**
 * The binding of {@link SnoJooq#UUID} and {@link SnoJooq#BINARY}. Statements go through jOOQ's own
 * binding of the column type with the column's converter ({@link SnoIdConverter},
 * {@link SnoIdBinaryConverter}), unchanged. What differs is the conversion of arbitrary objects:
 * jOOQ converts such an object to the column's Java type first, leniently ({@code String} to
 * {@code UUID} gives null for text that is not a UUID), and only then calls the converter. These
 * types are declared over {@code Object}, so the object reaches {@link Values#snoId} as it was
 * given, and is refused there unless it stands for a sno ID.
 */
final class StrictBinding implements Binding<Object, SnoId> {

    private static final long serialVersionUID = 1L;

    private final Binding<Object, SnoId> column;
    private final Converter<Object, SnoId> converter;

    /**
     * @param column  jOOQ's binding of the column type with its converter
     * @param image   the column converter, for the value an ID is written as
     */
    @SuppressWarnings("unchecked")
    StrictBinding(Binding<?, SnoId> column, Converter<?, SnoId> image) {
        this.column = (Binding<Object, SnoId>) column;
        this.converter = new Strict((Converter<Object, SnoId>) image);
    }

    @Override
    public Converter<Object, SnoId> converter() {
        return converter;
    }

    @Override
    public void sql(BindingSQLContext<SnoId> ctx) throws SQLException {
        column.sql(ctx);
    }

    @Override
    public void register(BindingRegisterContext<SnoId> ctx) throws SQLException {
        column.register(ctx);
    }

    @Override
    public void set(BindingSetStatementContext<SnoId> ctx) throws SQLException {
        column.set(ctx);
    }

    @Override
    public void set(BindingSetSQLOutputContext<SnoId> ctx) throws SQLException {
        column.set(ctx);
    }

    @Override
    public void get(BindingGetResultSetContext<SnoId> ctx) throws SQLException {
        column.get(ctx);
    }

    @Override
    public void get(BindingGetStatementContext<SnoId> ctx) throws SQLException {
        column.get(ctx);
    }

    @Override
    public void get(BindingGetSQLInputContext<SnoId> ctx) throws SQLException {
        column.get(ctx);
    }

    @Override
    public String toString() {
        return "StrictBinding[" + column + "]";
    }

    /**
     * Any object to an ID through {@link Values#snoId}; an ID to the column converter's value.
     * A class rather than lambdas, so that the data type and records holding it stay serializable.
     */
    private static final class Strict implements Converter<Object, SnoId> {

        private static final long serialVersionUID = 1L;

        private final Converter<Object, SnoId> image;

        Strict(Converter<Object, SnoId> image) {
            this.image = image;
        }

        @Override
        public SnoId from(Object value) {
            return Values.snoId(value);
        }

        @Override
        public Object to(SnoId id) {
            return image.to(id);
        }

        @Override
        public Class<Object> fromType() {
            return Object.class;
        }

        @Override
        public Class<SnoId> toType() {
            return SnoId.class;
        }
    }
}
