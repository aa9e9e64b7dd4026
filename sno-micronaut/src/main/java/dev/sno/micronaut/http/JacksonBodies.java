package dev.sno.micronaut.http;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.jackson.SnoMeta;
import dev.sno.jackson.SnoPolymorphic;

/**
 * What a Jackson databind failure (micronaut-jackson-databind with sno-jackson's module) says about
 * a sno ID in a JSON body: the same details as the Quarkus extension's and the Spring Boot
 * starter's. Loaded only for an exception of Jackson databind's, so only when Jackson is there.
 */
final class JacksonBodies {

    /** A detail and the JSON path of the value (null at the root). */
    record Found(String detail, String path) {
    }

    private JacksonBodies() {
    }

    /** What is wrong with a sno ID in the body, if t is Jackson's failure to read one; else null. */
    static Found detail(Throwable t) {
        if (!(t instanceof MismatchedInputException e)) {
            return null;
        }
        String detail = null;
        if (e instanceof InvalidTypeIdException invalid) {
            detail = polymorphic(invalid);
        } else if (e.getTargetType() == SnoId.class) {
            String message = e.getOriginalMessage();
            int end = message == null ? -1 : message.indexOf('\n');
            detail = end < 0 ? message : message.substring(0, end);
        }
        return detail == null ? null : new Found(detail, path(e));
    }

    /** The JSON path of the failing value, such as {@code owner.id} or {@code ids[1]}; null at the root. */
    private static String path(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                sb.append(sb.length() == 0 ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.length() == 0 ? null : sb.toString();
    }

    /** For a {@link SnoPolymorphic} base whose {@code id} picks no subtype: why; else null. */
    private static String polymorphic(InvalidTypeIdException e) {
        Class<?> base = e.getBaseType() == null ? null : e.getBaseType().getRawClass();
        SnoPolymorphic poly = base == null ? null : base.getAnnotation(SnoPolymorphic.class);
        if (poly == null) {
            return null;
        }
        StringBuilder known = new StringBuilder();
        for (Class<?> sub : poly.value()) {
            SnoMeta meta = sub.getAnnotation(SnoMeta.class);
            if (meta != null) {
                known.append(known.length() == 0 ? "" : ", ").append("@SnoMeta(").append(meta.value()).append(") ")
                        .append(sub.getSimpleName());
            }
        }
        if (e.getTypeId() == null) {
            return "Missing sno ID: the property \"" + SnoPolymorphic.PROPERTY + "\" of " + base.getName()
                    + " is missing, null or not a string (known: " + known + ")";
        }
        SnoId id;
        try {
            id = SnoId.parse(e.getTypeId());
        } catch (InvalidSnoIdException bad) {
            return bad.getMessage();
        }
        return "Unknown metabyte: the sno ID \"" + id + "\" has metabyte " + id.meta() + ", which no subtype of "
                + base.getName() + " has (known: " + known + ")";
    }
}
