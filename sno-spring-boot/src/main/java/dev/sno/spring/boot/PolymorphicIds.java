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
 */
final class PolymorphicIds {

    private static final String JACKSON2 = "com.fasterxml.jackson.databind.exc.InvalidTypeIdException";
    private static final String JACKSON3 = "tools.jackson.databind.exc.InvalidTypeIdException";

    private PolymorphicIds() {
    }

    /**
     * What is wrong with the {@code id} of a {@link SnoPolymorphic} body, if t is Jackson's
     * invalid-type-id error for one; else null.
     */
    static String detail(Throwable t) {
        String name = t.getClass().getName();
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
