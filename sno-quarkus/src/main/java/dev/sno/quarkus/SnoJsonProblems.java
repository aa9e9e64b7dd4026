package dev.sno.quarkus;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.jackson.SnoMeta;
import dev.sno.jackson.SnoPolymorphic;
import io.quarkus.resteasy.reactive.jackson.runtime.mappers.BuiltinMismatchedInputExceptionMapper;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/**
 * A JSON request body whose {@code SnoId} is malformed, or whose {@link SnoPolymorphic}
 * {@code "id"} picks no subtype, answers 400 with a problem body ({@code application/problem+json})
 * whose {@code detail} names the value and the JSON path in {@code parameter}. Other input errors
 * get Quarkus's own answer (also 400). Registered by the extension with quarkus-rest-jackson, at a
 * priority below the application's own mappers.
 */
public final class SnoJsonProblems implements ExceptionMapper<MismatchedInputException> {

    private final BuiltinMismatchedInputExceptionMapper fallback = new BuiltinMismatchedInputExceptionMapper();

    /** Created by Quarkus REST. */
    public SnoJsonProblems() {
    }

    /**
     * 400 with a problem body if the failure is about a sno ID, else Quarkus's answer.
     *
     * @param e  the failure
     * @return the answer
     */
    @Override
    public Response toResponse(MismatchedInputException e) {
        String detail = detail(e);
        return detail == null ? fallback.toResponse(e) : Problems.badRequest(detail, path(e), "body");
    }

    /** The JSON path of the failing value, such as {@code owner.id}; null at the root. */
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

    /** What is wrong with a sno ID in the body, if e is about one; else null. */
    static String detail(MismatchedInputException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InvalidSnoIdException) {
                return t.getMessage();
            }
        }
        if (e instanceof InvalidTypeIdException invalid) {
            return polymorphic(invalid);
        }
        if (e.getTargetType() == SnoId.class) {
            String message = e.getOriginalMessage();
            int end = message == null ? -1 : message.indexOf('\n');
            return end < 0 ? message : message.substring(0, end);
        }
        return null;
    }

    /** The detail for a {@link SnoPolymorphic} body whose id picks no subtype; null for other types. */
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
        String typeId = e.getTypeId();
        if (typeId == null) {
            return "Missing sno ID: the property \"" + SnoPolymorphic.PROPERTY + "\" of " + base.getName()
                    + " is missing, null or not a string (known: " + known + ")";
        }
        SnoId id;
        try {
            id = SnoId.parse(typeId);
        } catch (InvalidSnoIdException bad) {
            return bad.getMessage();
        }
        return "Unknown metabyte: the sno ID \"" + id + "\" has metabyte " + id.meta() + ", which no subtype of "
                + base.getName() + " has (known: " + known + ")";
    }
}
