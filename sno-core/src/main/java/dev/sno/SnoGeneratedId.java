package dev.sno;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.function.Supplier;

/**
 * Marks a {@link SnoId} field or property whose value is a new ID, with the given metabyte, when
 * its entity or row is inserted: from the application's generator ({@link Sno#generator()}: the
 * one installed with {@code Sno.install}, which the Spring Boot starter and the Quarkus extension
 * do with theirs, else the shared one), or from the generator a {@link #generator() supplier}
 * names.
 *
 * <pre>
 * {@literal @}Entity
 * public class Person {
 *     {@literal @}Id {@literal @}SnoGeneratedId(meta = 1)
 *     private SnoId id;
 * }
 * </pre>
 *
 * <p>The annotation is plain Java: it names no persistence library, so an application compiles
 * with it whatever it persists with, and each integration reads it:
 * <ul>
 *   <li>Hibernate ORM 6.6 and 7 ({@code dev.sno.jdbc.hibernate}, found through Hibernate's
 *       {@code Integrator} service): the identifier, and any other {@code SnoId} attribute of
 *       an entity or embeddable, on insert. Other JPA providers ignore it: assign the ID
 *       yourself there.</li>
 *   <li>Spring Data JDBC and Spring Data R2DBC (the Spring Boot starter): a null {@code @Id}.</li>
 *   <li>MyBatis ({@code sno-mybatis}): null marked fields of the insert's parameter.</li>
 * </ul>
 * A value already set is kept everywhere, except on a Hibernate identifier: Hibernate refuses to
 * persist an entity whose generated identifier is already set.
 */
@Documented
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
     * called on every insert (return a long-lived generator, not a new one). The integrations
     * obtain it from the application's container: with Spring Boot, a Spring bean of that class
     * (or a new instance with its dependencies injected); with Hibernate, its bean container;
     * else a new instance made through the public no-argument constructor. The default,
     * {@link Installed}, is {@link Sno#generator()}.
     *
     * @return the supplier class
     */
    Class<? extends Supplier<? extends SnoGenerator>> generator() default Installed.class;

    /** The default supplier: {@link Sno#generator()}, the installed generator, else the shared one. */
    final class Installed implements Supplier<SnoGenerator> {

        /** Created by the integrations' containers. */
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
