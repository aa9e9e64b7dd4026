package dev.sno.spring.boot;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.config.SafeText;
import java.net.URI;
import java.net.URISyntaxException;
import org.springframework.beans.TypeMismatchException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageConversionException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * Spring MVC advice ({@link SnoReactiveProblems} for WebFlux): a malformed {@code SnoId} in a
 * path variable, request parameter or JSON body (also the {@code id} of a
 * {@link dev.sno.jackson.SnoPolymorphic} body: missing, null, not a string, malformed, or of a
 * metabyte no subtype has; the same for a kotlinx.serialization body read by sno-kotlin's
 * {@code SnoMetaSerializer}), or a bad time window (see
 * {@link SnoTimeWindow}), answers 400 with a problem detail ({@code application/problem+json})
 * whose {@code detail} names the value and what is wrong with it. Other failures are left to the
 * application's and Spring's handlers (it runs last, and rethrows what is not about a
 * {@code SnoId}).
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
public final class SnoProblems {

    /** Created by the auto-configuration. */
    SnoProblems() {
    }

    /**
     * A path variable or request parameter that is not a sno ID, or a bad time window.
     *
     * @param e        the failure
     * @param request  the request, for the problem's instance
     * @return 400 naming the parameter and the value
     * @throws MethodArgumentTypeMismatchException e itself, if not about a {@code SnoId}
     */
    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    public ProblemDetail parameter(MethodArgumentTypeMismatchException e, WebRequest request)
            throws MethodArgumentTypeMismatchException {
        ProblemDetail window = timeWindow(e);
        if (window != null) {
            return at(window, request);
        }
        String detail = detail(e);
        if (detail == null) {
            throw e;
        }
        ProblemDetail problem = invalidId(detail);
        problem.setProperty("parameter", e.getName());
        return at(problem, request);
    }

    /**
     * A request body whose {@code SnoId} field is not a sno ID, or whose
     * {@link dev.sno.jackson.SnoPolymorphic} {@code id} picks no subtype: Spring's
     * {@code HttpMessageNotReadableException}, and its parent {@code HttpMessageConversionException},
     * which Jackson 2's definition error for an abstract base without an {@code id} becomes with
     * {@code spring.jackson.mapper.require-type-id-for-subtypes=false} (a 500 otherwise).
     *
     * @param e        the failure
     * @param request  the request, for the problem's instance
     * @return 400 with the JSON library's message, which names the value and the type, or saying
     *     the id is missing
     * @throws HttpMessageConversionException e itself, if not about a {@code SnoId}
     */
    @ExceptionHandler(HttpMessageConversionException.class)
    public ProblemDetail body(HttpMessageConversionException e, WebRequest request)
            throws HttpMessageConversionException {
        String detail = detail(e);
        if (detail == null) {
            throw e;
        }
        return at(invalidId(detail), request);
    }

    /**
     * A 400 "Invalid sno ID" problem: the detail escaped and bounded ({@link SafeText}), since it
     * may quote what the client sent.
     */
    static ProblemDetail invalidId(String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, SafeText.of(detail));
        problem.setTitle("Invalid sno ID");
        return problem;
    }

    /** The problem with its {@code instance}: the request's path, bounded (Spring would echo it whole). */
    private static ProblemDetail at(ProblemDetail problem, WebRequest request) {
        String description = request.getDescription(false);
        problem.setInstance(instance(description.startsWith("uri=") ? description.substring(4) : description));
        return problem;
    }

    /**
     * A request path (percent-encoded, as sent) as a problem's {@code instance}: cut after 100
     * characters, never inside a {@code %XX} escape, with {@code ...}.
     */
    static URI instance(String rawPath) {
        String path = SafeText.path(rawPath);
        try {
            return new URI(path);
        } catch (URISyntaxException notEncoded) {
            try {
                return new URI(null, null, path, null);
            } catch (URISyntaxException e) {
                return URI.create("about:blank");
            }
        }
    }

    /**
     * The problem of a {@code SnoIdRange} handler parameter that could not be bound (see
     * {@link SnoTimeWindow}), if e is about one, naming the request parameter; else null.
     */
    static ProblemDetail timeWindow(Exception e) {
        if (!(e.getCause() instanceof TimeWindowParameters.Invalid invalid)) {
            return null;
        }
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, SafeText.of(invalid.getMessage()));
        problem.setTitle("Invalid time window");
        problem.setProperty("parameter", invalid.name);
        return problem;
    }

    /**
     * What is wrong with a sno ID in a request, if e is about one: the message of the
     * {@code InvalidSnoIdException} behind e (also when the target is an entity that Spring Data's
     * DomainClassConverter loads by SnoId), or for a {@code @SnoPolymorphic} body whose {@code id}
     * picks no subtype or a kotlinx body whose {@code SnoId} is not a JSON string, what is wrong
     * with it (see {@link PolymorphicIds}), else the first line of
     * the innermost message naming
     * {@code dev.sno.SnoId} (the JSON library's, which quotes the value), else null.
     */
    static String detail(Throwable e) {
        Throwable innermost = e;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InvalidSnoIdException) {
                return t.getMessage();
            }
            String polymorphic = PolymorphicIds.detail(t);
            if (polymorphic != null) {
                return polymorphic;
            }
            innermost = t;
        }
        String message = innermost.getMessage();
        if (message == null || !message.contains(SnoId.class.getName())) {
            return null;
        }
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }

    /** {@link #detail(Throwable)}, or for a value that failed to convert to SnoId, one naming it. */
    private static String detail(TypeMismatchException e) {
        String detail = detail((Throwable) e);
        if (detail == null && e.getRequiredType() == SnoId.class) {
            return "Invalid sno ID: \"" + e.getValue() + "\"";
        }
        return detail;
    }
}
