package dev.sno.micronaut.data;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import io.micronaut.data.annotation.MappedProperty;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;
import jakarta.inject.Singleton;
import java.util.function.Supplier;

/** Entities whose IDs come from elsewhere than the application's generator, or have no metabyte. */
final class Sourced {

    static final int PLAIN_PARTITION = 9;
    static final int BEAN_PARTITION = 10;

    private Sourced() {
    }

    /** A supplier that is no bean: made through its public no-argument constructor. */
    public static final class PlainSupplier implements Supplier<SnoGenerator> {
        private static final SnoGenerator GENERATOR = SnoGenerator.builder().partition(PLAIN_PARTITION).build();

        /** Made by the listener. */
        public PlainSupplier() {
        }

        @Override
        public SnoGenerator get() {
            return GENERATOR;
        }
    }

    /** A supplier that is a bean of the context, with a partition from the configuration (no no-argument constructor). */
    @Singleton
    public static final class BeanSupplier implements Supplier<SnoGenerator> {
        private final SnoGenerator generator;

        BeanSupplier(@Property(name = "test.bean-partition") int partition) {
            generator = SnoGenerator.builder().partition(partition).build();
        }

        @Override
        public SnoGenerator get() {
            return generator;
        }
    }

    /** Its generator: a new PlainSupplier's. */
    @MappedEntity("sno_reading")
    public record Plain(
            @Id @SnoGeneratedId(meta = 3, generator = PlainSupplier.class)
            @MappedProperty(converter = SnoIdUuidConverter.class) @Nullable SnoId id,
            String text) {
    }

    /** Its generator: the BeanSupplier bean's. */
    @MappedEntity("sno_reading")
    public record FromBean(
            @Id @SnoGeneratedId(meta = 4, generator = BeanSupplier.class)
            @MappedProperty(converter = SnoIdUuidConverter.class) @Nullable SnoId id,
            String text) {
    }

    /** No SnoGeneratedId: metabyte 0, the application's generator. */
    @MappedEntity("sno_reading")
    public record Unmarked(
            @Id @MappedProperty(converter = SnoIdUuidConverter.class) @Nullable SnoId id,
            String text) {
    }

    @JdbcRepository(dialect = Dialect.H2)
    public interface Plains extends CrudRepository<Plain, SnoId> {
    }

    @JdbcRepository(dialect = Dialect.H2)
    public interface FromBeans extends CrudRepository<FromBean, SnoId> {
    }

    @JdbcRepository(dialect = Dialect.H2)
    public interface Unmarkeds extends CrudRepository<Unmarked, SnoId> {
    }
}
