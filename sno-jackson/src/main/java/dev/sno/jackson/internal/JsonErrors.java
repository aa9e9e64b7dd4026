package dev.sno.jackson.internal;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.jackson.SnoMeta;
import dev.sno.jackson.SnoPolymorphic;
import java.lang.reflect.Modifier;

/**
 * The details of {@link dev.sno.jackson.SnoJsonError} that need no Jackson classes, shared by
 * both generations' readers of Jackson's failures.
 */
public final class JsonErrors {

    private JsonErrors() {
    }

    /**
     * The message of the first {@link InvalidSnoIdException} in t's cause chain, t included.
     *
     * @param t  the failure
     * @return the message, or null if there is none
     */
    public static String snoCause(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof InvalidSnoIdException) {
                return c.getMessage();
            }
        }
        return null;
    }

    /**
     * The first line of a message.
     *
     * @param message  Jackson's message without location and path, or null
     * @return its first line, or null
     */
    public static String firstLine(String message) {
        int end = message == null ? -1 : message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }

    /**
     * Why the type id read for a base type picks no subtype, if the base is
     * {@link SnoPolymorphic}.
     *
     * @param base    the base type, or null
     * @param typeId  the {@code "id"} as read, or null when missing, null or not a scalar
     * @return the detail, or null if base is not a {@code SnoPolymorphic} type
     */
    public static String typeId(Class<?> base, String typeId) {
        SnoPolymorphic poly = base == null ? null : base.getAnnotation(SnoPolymorphic.class);
        if (poly == null) {
            return null;
        }
        if (typeId == null) {
            return missing(base, poly);
        }
        SnoId id;
        try {
            id = SnoId.parse(typeId);
        } catch (InvalidSnoIdException e) {
            return e.getMessage();
        }
        return "Unknown metabyte: the sno ID \"" + id + "\" has metabyte " + id.meta() + ", which no subtype of "
                + base.getName() + " has (known: " + known(poly) + ")";
    }

    /**
     * The missing ID, if Jackson could not construct an abstract {@link SnoPolymorphic} base
     * (read as itself for want of an {@code "id"}).
     *
     * @param type  the type Jackson could not construct, or null
     * @return the detail, or null if type is not an abstract {@code SnoPolymorphic} type, or is
     *         one whose subtypes are declared wrongly (sno-jackson reports that as Jackson's
     *         definition error on the base: the application's fault, not the body's)
     */
    public static String abstractBase(Class<?> type) {
        SnoPolymorphic poly = type == null ? null : type.getAnnotation(SnoPolymorphic.class);
        if (poly == null || !Modifier.isAbstract(type.getModifiers()) || new MetaTable(type).definitionError() != null) {
            return null;
        }
        return missing(type, poly);
    }

    /**
     * Appends one step of a JSON path: {@code .name} (no dot first) or {@code [index]}.
     *
     * @param path   the path so far
     * @param name   the property name, or null
     * @param index  the array index, used when name is null and it is not negative
     */
    public static void step(StringBuilder path, String name, int index) {
        if (name != null) {
            path.append(path.length() == 0 ? "" : ".").append(name);
        } else if (index >= 0) {
            path.append('[').append(index).append(']');
        }
    }

    private static String missing(Class<?> base, SnoPolymorphic poly) {
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
