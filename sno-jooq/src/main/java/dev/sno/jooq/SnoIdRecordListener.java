package dev.sno.jooq;

import dev.sno.Sno;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.config.SafeText;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.jooq.Record;
import org.jooq.RecordContext;
import org.jooq.RecordListener;
import org.jooq.Table;
import org.jooq.TableField;
import org.jooq.TableRecord;

/**
 * Fills the sno ID fields you name with new IDs when jOOQ inserts a record whose field is null:
 * jOOQ's counterpart of {@link dev.sno.SnoGeneratedId}. A value set by hand is kept; fields you
 * do not name are never touched.
 *
 * <pre>
 * RecordListener ids = SnoIdRecordListener.builder()
 *         .generate(EVENT.ID, 1)     // the metabyte of EVENT's IDs
 *         .generate(ORDERS.ID, 2)
 *         .build();
 * DSLContext ctx = DSL.using(new DefaultConfiguration().set(dataSource).set(SQLDialect.POSTGRES).set(ids));
 * EventRecord event = ctx.newRecord(EVENT);
 * event.setName("signed up");
 * event.store();                     // inserts with a new ID, which event.getId() returns
 * </pre>
 *
 * <p>It acts where jOOQ calls record listeners before an insert ({@code insertStart},
 * {@code mergeStart}): {@code UpdatableRecord.store()} of a new record, {@code insert()},
 * {@code merge()}, and {@code DSLContext.batchStore} / {@code batchInsert}. Statements built with
 * the DSL ({@code ctx.insertInto(EVENT).set(...)}, {@code ctx.executeInsert(record)}) are not
 * record operations: set their IDs yourself. IDs come from {@link Sno#generator()} (the
 * installed generator, else the shared one) at each insert, or from the supplier given to
 * {@link Builder#generator(Supplier)}.
 *
 * <p>jOOQ serializes a record with its configuration's listeners: this one serializes when its
 * supplier does (the default one does).
 */
public final class SnoIdRecordListener implements RecordListener, Serializable {

    private static final long serialVersionUID = 1L;

    /**
     * The named fields by their table. jOOQ's tables are serializable up to jOOQ 3.19; javac warns
     * from 3.20 on, where they no longer declare it.
     */
    @SuppressWarnings("serial")
    private final Map<Table<?>, List<Generated>> byTable;
    /** Where the IDs come from; serializable when the application's supplier is. */
    @SuppressWarnings("serial")
    private final Supplier<? extends SnoGenerator> generator;

    private SnoIdRecordListener(Map<Table<?>, List<Generated>> byTable, Supplier<? extends SnoGenerator> generator) {
        this.byTable = byTable;
        this.generator = generator;
    }

    /**
     * A builder with no fields, taking IDs from {@link Sno#generator()}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Fills the record's named fields that are null, before jOOQ inserts it.
     *
     * @param ctx  the record operation
     */
    @Override
    public void insertStart(RecordContext ctx) {
        fill(ctx.record());
    }

    /**
     * Fills the record's named fields that are null, before jOOQ merges it (which inserts it when
     * no row has its key).
     *
     * @param ctx  the record operation
     */
    @Override
    public void mergeStart(RecordContext ctx) {
        fill(ctx.record());
    }

    private void fill(Record record) {
        if (!(record instanceof TableRecord<?> tableRecord)) {
            return;
        }
        List<Generated> fields = byTable.get(tableRecord.getTable());
        if (fields == null) {
            return;
        }
        for (Generated g : fields) {
            if (record.field(g.field) != null && record.get(g.field) == null) {
                SnoGenerator source = Objects.requireNonNull(generator.get(), "the generator supplier returned null");
                record.set(g.field, source.next(g.meta));
            }
        }
    }

    @Override
    public String toString() {
        List<String> named = new ArrayList<>();
        byTable.values().forEach(list -> list.forEach(g -> named.add(g.field + " meta " + g.meta)));
        return "SnoIdRecordListener" + named;
    }

    /**
     * A named field and the metabyte of its IDs (in the listener's serialized form).
     *
     * @param field  the field to fill
     * @param meta  the metabyte of its IDs, 0..255
     */
    private record Generated(TableField<?, SnoId> field, int meta) implements Serializable {
    }

    /** The default source, {@link Sno#generator()}: a class, so that the listener serializes. */
    private static final class Installed implements Supplier<SnoGenerator>, Serializable {

        private static final long serialVersionUID = 1L;

        @Override
        public SnoGenerator get() {
            return Sno.generator();
        }
    }

    /** Names the fields to fill, and where their IDs come from. Not thread-safe; the listener is. */
    public static final class Builder {

        private final Map<TableField<?, SnoId>, Integer> fields = new LinkedHashMap<>();
        private Supplier<? extends SnoGenerator> generator = new Installed();

        private Builder() {
        }

        /**
         * Fills this field, when null, with a new ID of this metabyte.
         *
         * @param field  a sno ID field of a table, such as a generated {@code EVENT.ID}; not null
         * @param meta   the metabyte of its IDs, 0..255
         * @return this builder
         * @throws IllegalArgumentException if meta is out of range or the field was named already;
         *     the message names it
         */
        public Builder generate(TableField<?, SnoId> field, int meta) {
            Objects.requireNonNull(field, "field");
            if (meta < 0 || meta > 255) {
                throw new IllegalArgumentException("Invalid metabyte " + meta + " for " + name(field) + ": expected 0..255");
            }
            Integer before = fields.putIfAbsent(field, meta);
            if (before != null) {
                throw new IllegalArgumentException("The field " + name(field) + " is named twice (metabyte " + before
                        + ", then " + meta + ")");
            }
            return this;
        }

        /**
         * Takes IDs from this supplier's generator, asked at each insert, instead of
         * {@link Sno#generator()}.
         *
         * @param generator  returns a long-lived generator; not null
         * @return this builder
         */
        public Builder generator(Supplier<? extends SnoGenerator> generator) {
            this.generator = Objects.requireNonNull(generator, "generator");
            return this;
        }

        /**
         * The listener; add it to jOOQ's {@code Configuration} ({@code set(RecordListener...)} or
         * {@code DefaultRecordListenerProvider}).
         *
         * @return a new listener for the fields named so far
         * @throws IllegalStateException if no field was named
         */
        public SnoIdRecordListener build() {
            if (fields.isEmpty()) {
                throw new IllegalStateException("No field to fill: name each with generate(field, meta)");
            }
            Map<Table<?>, List<Generated>> byTable = new HashMap<>();
            fields.forEach((field, meta) -> byTable.computeIfAbsent(field.getTable(), t -> new ArrayList<>())
                    .add(new Generated(field, meta)));
            byTable.replaceAll((table, list) -> List.copyOf(list));
            return new SnoIdRecordListener(Map.copyOf(byTable), generator);
        }

        private static String name(TableField<?, SnoId> field) {
            return SafeText.of(field.toString());
        }
    }
}
