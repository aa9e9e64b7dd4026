package dev.sno.quarkus;

import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.sno.jackson.SnoJsonError;
import dev.sno.jackson.SnoPolymorphic;
import io.quarkus.resteasy.reactive.jackson.runtime.mappers.BuiltinMismatchedInputExceptionMapper;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/**
 * A JSON request body whose {@code SnoId} is malformed, or whose {@link SnoPolymorphic}
 * {@code "id"} picks no subtype, answers 400 with a problem body ({@code application/problem+json})
 * whose {@code detail} names the value and the JSON path in {@code parameter}. Other input errors
 * get Quarkus's own answer (also 400). What the failure says is sno-jackson's {@link SnoJsonError},
 * as in the Spring Boot starter and the Micronaut module. Registered by the extension with
 * quarkus-rest-jackson, at a priority below the application's own mappers.
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
        return SnoJsonError.of(e).map(found -> Problems.badRequest(found.detail(), found.path(), "body"))
                .orElseGet(() -> fallback.toResponse(e));
    }
}
