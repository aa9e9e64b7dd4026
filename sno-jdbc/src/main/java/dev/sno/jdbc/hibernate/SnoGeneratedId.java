package dev.sno.jdbc.hibernate;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.hibernate.annotations.IdGeneratorType;

/**
 * Assigns a new ID from {@link dev.sno.Sno#next(int)} with the given metabyte when an entity is
 * persisted:
 *
 * <pre>
 * {@literal @}Entity
 * public class Person {
 *     {@literal @}Id {@literal @}SnoGeneratedId(meta = 1)
 *     private SnoId id;
 * }
 * </pre>
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
}
