package dev.sno.jackson;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a base type polymorphic by the metabyte of its {@code "id"} property: reading
 * {@code {"id":"...","name":"..."}} into the base type picks the subtype whose {@link SnoMeta}
 * equals the metabyte of the ID, read with {@link dev.sno.SnoId#metaOf} (no intermediate tree).
 * Works with Jackson 2 and Jackson 3: the annotation itself depends on neither; the
 * {@code SnoModule} of each generation ({@code dev.sno.jackson2.SnoModule},
 * {@code dev.sno.jackson3.SnoModule}) recognizes it, so that module must be registered (or found
 * by module discovery) on the mapper.
 *
 * <pre>
 * {@literal @}SnoPolymorphic({Person.class, Company.class})
 * public abstract class Entity { public SnoId id; }
 *
 * {@literal @}SnoMeta(1) public class Person extends Entity { public String name; }
 * {@literal @}SnoMeta(2) public class Company extends Entity { public String vat; }
 * </pre>
 *
 * <p>The ID is an ordinary property: it is written as usual and also read into the subtype. A
 * missing or invalid {@code id}, or a metabyte that no listed subtype carries, fails with
 * Jackson's invalid-type-id error naming the value.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface SnoPolymorphic {

    /** The JSON property holding the ID: {@value}. */
    String PROPERTY = "id";

    /**
     * The subtypes, each annotated with a distinct {@link SnoMeta}.
     *
     * @return the subtypes
     */
    Class<?>[] value();
}
