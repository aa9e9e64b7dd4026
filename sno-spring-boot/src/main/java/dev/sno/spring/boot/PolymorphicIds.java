package dev.sno.spring.boot;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.jackson.SnoMeta;
import dev.sno.jackson.SnoPolymorphic;
import java.lang.reflect.Method;

/**
 * The problem detail's {@code detail} for a request body of a {@link SnoPolymorphic} type whose
 * {@code "id"} could not pick a subtype. Jackson (2 and 3 alike) reports that as its
 * {@code InvalidTypeIdException}, an input error (so Spring answers 400), with the base type and
 * the type id as it was read (null when the property is missing, null or not a scalar). Both
 * generations are optional here, so the exception is recognized by class name and read through
 * its public accessors.
 *
 * <p>The same for sno-kotlin's {@code SnoMetaSerializer} (kotlinx.serialization): it says what is
 * wrong itself, in the {@code SnoSubtypeException} it throws while choosing the subtype (also
 * recognized by class name: sno-kotlin is optional). And for sno-kotlin's {@code SnoIdSerializer}
 * reading a JSON value that is not a string where a {@code SnoId} belongs (a number, an object,
 * null): its {@code SnoIdFormatException} names the JSON path and kotlinx's reason.
 */
final class PolymorphicIds {

    private static final String JACKSON2 = "com.fasterxml.jackson.databind.exc.InvalidTypeIdException";
    private static final String JACKSON3 = "tools.jackson.databind.exc.InvalidTypeIdException";
    private static final String DEFINITION2 = "com.fasterxml.jackson.databind.exc.InvalidDefinitionException";
    private static final String DEFINITION3 = "tools.jackson.databind.exc.InvalidDefinitionException";
    private static final String KOTLIN_SUBTYPE = "dev.sno.kotlin.SnoSubtypeException";
    private static final String KOTLIN_FORMAT = "dev.sno.kotlin.SnoIdFormatException";

    private PolymorphicIds() {
    }

    /**
     * What is wrong with the {@code id} of a {@link SnoPolymorphic} body, if t is Jackson's
     * invalid-type-id error for one, or of a body that sno-kotlin's {@code SnoMetaSerializer} could
     * not read, or of a body whose {@code SnoId} is not a JSON string for sno-kotlin's
     * {@code SnoIdSerializer} (their messages); else null.
     */
    static String detail(Throwable t) {
        String name = t.getClass().getName();
        if (name.equals(KOTLIN_SUBTYPE) || name.equals(KOTLIN_FORMAT)) {
            // The subtype's names the id (or the object without one) and the subtypes; the
            // format's the JSON path: "Invalid sno ID at $.parent: a sno ID is a JSON string ..."
            return t.getMessage();
        }
        if (name.equals(DEFINITION2) || name.equals(DEFINITION3)) {
            return abstractBase(t);
        }
        if (!name.equals(JACKSON2) && !name.equals(JACKSON3)) {
            return null;
        }
        Class<?> base;
        String typeId;
        try {
            Object javaType = t.getClass().getMethod("getBaseType").invoke(t);
            Method rawClass = javaType == null ? null : javaType.getClass().getMethod("getRawClass");
            base = rawClass == null ? null : (Class<?>) rawClass.invoke(javaType);
            typeId = (String) t.getClass().getMethod("getTypeId").invoke(t);
        } catch (ReflectiveOperationException | ClassCastException e) {
            return null;
        }
        SnoPolymorphic poly = base == null ? null : base.getAnnotation(SnoPolymorphic.class);
        if (poly == null) {
            return null;
        }
        String known = "(known: " + known(poly) + ")";
        if (typeId == null) {
            return "Missing sno ID: the property \"" + SnoPolymorphic.PROPERTY + "\" of " + base.getName()
                    + " is missing, null or not a string " + known;
        }
        SnoId id;
        try {
            id = SnoId.parse(typeId);
        } catch (InvalidSnoIdException e) {
            return e.getMessage();
        }
        return "Unknown metabyte: the sno ID \"" + id + "\" has metabyte " + id.meta() + ", which no subtype of "
                + base.getName() + " has " + known;
    }

    /**
     * With {@code MapperFeature.REQUIRE_TYPE_ID_FOR_SUBTYPES} off (Spring Boot's
     * {@code spring.jackson.mapper.require-type-id-for-subtypes=false}), Jackson 2 reads a body
     * without an {@code id} as the base type itself, and fails with an
     * {@code InvalidDefinitionException} ("Cannot construct instance of ... abstract types"),
     * which Spring treats as a server error: for an abstract {@link SnoPolymorphic} base that is
     * the missing id, and the detail says so. Else null.
     */
    private static String abstractBase(Throwable t) {
        Class<?> base;
        try {
            Object javaType = t.getClass().getMethod("getType").invoke(t);
            Method rawClass = javaType == null ? null : javaType.getClass().getMethod("getRawClass");
            base = rawClass == null ? null : (Class<?>) rawClass.invoke(javaType);
        } catch (ReflectiveOperationException | ClassCastException e) {
            return null;
        }
        SnoPolymorphic poly = base == null ? null : base.getAnnotation(SnoPolymorphic.class);
        if (poly == null || !java.lang.reflect.Modifier.isAbstract(base.getModifiers())) {
            return null;
        }
        return "Missing sno ID: the property \"" + SnoPolymorphic.PROPERTY + "\" of " + base.getName()
                + " is missing, null or not a string (known: " + known(poly) + ")";
    }

    /** The subtypes and their metabytes, as sno-jackson's own messages list them. */
    private static String known(SnoPolymorphic poly) {
        StringBuilder sb = new StringBuilder();
        for (Class<?> sub : poly.value()) {
            SnoMeta meta = sub.getAnnotation(SnoMeta.class);
            if (meta != null) {
                sb.append(sb.length() == 0 ? "" : ", ").append("@SnoMeta(").append(meta.value()).append(") ")
                        .append(sub.getSimpleName());
            }
        }
        return sb.toString();
    }
}
