package dev.sno.micronaut.http;

import dev.sno.InvalidSnoIdException;
import dev.sno.config.ProblemBody;
import dev.sno.config.TimeWindowInput;
import dev.sno.jackson.SnoJsonError;
import io.micronaut.core.annotation.AnnotationMetadata;
import io.micronaut.core.convert.exceptions.ConversionErrorException;
import io.micronaut.core.type.Argument;
import io.micronaut.http.BasicHttpAttributes;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.CookieValue;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.QueryValue;

/**
 * What a {@link ConversionErrorException} says about a sno ID or a time window: the problem's
 * title, detail, parameter (a request parameter's name, or a body's JSON path) and where the
 * parameter is.
 */
record Problem(String title, String detail, String parameter, String in) {

    private static final String JACKSON = "com.fasterxml.jackson.databind.";

    /**
     * Whether sno-jackson is on the class path: it is optional, and an application may read
     * {@code SnoId} with Jackson databind without it (through {@code SnoId.valueOf}).
     */
    private static final boolean SNO_JACKSON = snoJackson();

    private static boolean snoJackson() {
        try {
            return SnoJsonError.class.getName() != null;
        } catch (NoClassDefFoundError absent) {
            return false;
        }
    }

    /**
     * The problem of a value Micronaut could not bind, if it is about a sno ID or a time window;
     * else null.
     */
    static Problem of(HttpRequest<?> request, ConversionErrorException e) {
        Argument<?> argument = e.getArgument();
        Throwable cause = e.getConversionError() == null ? e.getCause() : e.getConversionError().getCause();
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof TimeWindowInput.Invalid invalid) {
                return new Problem(ProblemBody.INVALID_TIME_WINDOW, invalid.getMessage(), invalid.name(), "query");
            }
            if (t instanceof SnoIdSerde.Malformed malformed) {
                return new Problem(ProblemBody.INVALID_ID, malformed.getMessage(), SnoIdSerde.path(cause), "body");
            }
            if (t instanceof InvalidSnoIdException) {
                String in = in(request, argument);
                return new Problem(ProblemBody.INVALID_ID, t.getMessage(), "body".equals(in) ? null : name(argument), in);
            }
            if (t.getClass().getName().startsWith(JACKSON) && SNO_JACKSON) {
                // Jackson databind is there (its exception is), and sno-jackson too (checked).
                SnoJsonError found = SnoJsonError.of(t).orElse(null);
                if (found != null) {
                    return new Problem(ProblemBody.INVALID_ID, found.detail(), found.path(), "body");
                }
            }
        }
        return null;
    }

    /** Where the argument is read from: path, query, header, cookie or body. */
    private static String in(HttpRequest<?> request, Argument<?> argument) {
        AnnotationMetadata a = argument.getAnnotationMetadata();
        if (a.hasAnnotation(PathVariable.class)) {
            return "path";
        }
        if (a.hasAnnotation(QueryValue.class)) {
            return "query";
        }
        if (a.hasAnnotation(Header.class)) {
            return "header";
        }
        if (a.hasAnnotation(CookieValue.class)) {
            return "cookie";
        }
        if (a.hasAnnotation(Body.class)) {
            return "body";
        }
        // Not annotated: a variable of the route's URI template, else a query value.
        boolean variable = BasicHttpAttributes.getRouteMatchInfo(request)
                .map(match -> match.getVariableValues().containsKey(argument.getName())).orElse(false);
        return variable ? "path" : "query";
    }

    /** The request parameter's name: the annotation's, else the argument's. */
    private static String name(Argument<?> argument) {
        AnnotationMetadata a = argument.getAnnotationMetadata();
        for (Class<? extends java.lang.annotation.Annotation> type : java.util.List.of(PathVariable.class,
                QueryValue.class, Header.class, CookieValue.class)) {
            if (a.hasAnnotation(type)) {
                String name = a.stringValue(type).orElseGet(() -> a.stringValue(type, "name").orElse(""));
                return name.isEmpty() ? argument.getName() : name;
            }
        }
        return argument.getName();
    }
}
