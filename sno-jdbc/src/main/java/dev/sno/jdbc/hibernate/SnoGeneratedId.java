package dev.sno.jdbc.hibernate;

import dev.sno.Sno;
import dev.sno.SnoGenerator;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.function.Supplier;
import org.hibernate.annotations.IdGeneratorType;

/**
 * Assigns a new ID with the given metabyte when an entity is persisted, from the application's
 * generator ({@link Sno#generator()}: the one installed with {@code Sno.install}, which the Spring
 * Boot starter does with its generator bean, else the shared one), or from the generator a
 * {@link #generator() supplier} names:
 *
 * <pre>
 * {@literal @}Entity
 * public class Person {
 *     {@literal @}Id {@literal @}SnoGeneratedId(meta = 1)
 *     private SnoId id;
 * }
 * </pre>
 *
 * <p>Persistence providers: Hibernate ORM 6.6 and 7 only (it is a Hibernate
 * {@code @IdGeneratorType}, using the generator API both share); other JPA providers ignore it,
 * so assign the ID yourself there. The Spring Boot starter also reads its metabyte for Spring Data
 * JDBC and Spring Data R2DBC entities.
 */
@Documented
@IdGeneratorType(SnoIdGenerator.class)
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface SnoGeneratedId {

    /**
     * The metabyte of the generated IDs, for example the entity's type.
     *
     * @return 0..255
     */
    int meta() default 0;

    /**
     * Where the generator comes from: a class whose {@code get()} returns the generator to use,
     * called on every insert (return a long-lived generator, not a new one). Hibernate obtains
     * the supplier from its bean container: with Spring Boot, a Spring bean of that class (or a
     * new instance with its dependencies injected), else a new instance made through the
     * public no-argument constructor. The default, {@link Installed}, is
     * {@link Sno#generator()}.
     *
     * @return the supplier class
     */
    Class<? extends Supplier<? extends SnoGenerator>> generator() default Installed.class;

    /** The default supplier: {@link Sno#generator()}, the installed generator, else the shared one. */
    final class Installed implements Supplier<SnoGenerator> {

        /** Created by Hibernate's bean container. */
        public Installed() {
        }

        /**
         * The application's generator.
         *
         * @return {@link Sno#generator()}
         */
        @Override
        public SnoGenerator get() {
            return Sno.generator();
        }
    }
}
