package dev.sno.jackson;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a subtype of a {@link SnoPolymorphic} base type with the metabyte its IDs are created
 * with, e.g. {@code @SnoMeta(1) class Person extends Entity}. Works with Jackson 2 and 3.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface SnoMeta {

    /**
     * The metabyte of this subtype's IDs.
     *
     * @return 0..255
     */
    int value();
}
