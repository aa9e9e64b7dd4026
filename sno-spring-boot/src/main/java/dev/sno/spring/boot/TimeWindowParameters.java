package dev.sno.spring.boot;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.function.UnaryOperator;
import org.springframework.core.MethodParameter;

/**
 * Binding a {@link SnoIdRange} handler parameter from two request parameters, shared by the
 * Spring MVC and WebFlux resolvers: which parameters, and what is wrong with their values.
 */
final class TimeWindowParameters {

    private final String fromName;
    private final String toName;

    private TimeWindowParameters(String fromName, String toName) {
        this.fromName = fromName;
        this.toName = toName;
    }

    /** Whether a handler parameter is a time window this starter binds. */
    static boolean supports(MethodParameter parameter) {
        return parameter.getParameterType() == SnoIdRange.class;
    }

    /**
     * The request parameter names of a handler parameter: its annotation's, or from and to.
     *
     * @throws IllegalStateException if the annotation names no parameter or the same one twice
     */
    static TimeWindowParameters of(MethodParameter parameter) {
        SnoTimeWindow names = parameter.getParameterAnnotation(SnoTimeWindow.class);
        if (names == null) {
            return new TimeWindowParameters("from", "to");
        }
        if (names.from().isEmpty() || names.to().isEmpty() || names.from().equals(names.to())) {
            throw new IllegalStateException("@SnoTimeWindow needs two different request parameter names, not from=\""
                    + names.from() + "\" and to=\"" + names.to() + "\", on " + parameter);
        }
        return new TimeWindowParameters(names.from(), names.to());
    }

    /** The request parameter holding the window's start. */
    String fromName() {
        return fromName;
    }

    /** The request parameter holding the window's end. */
    String toName() {
        return toName;
    }

    /**
     * The window of the two request parameters, read by name from the request.
     *
     * @throws Missing if one is absent
     * @throws Invalid if one is not an instant in the sno range, or the window is reversed
     */
    SnoIdRange bind(UnaryOperator<String> request) {
        String fromText = request.apply(fromName);
        String toText = request.apply(toName);
        if (fromText == null) {
            throw new Missing(fromName);
        }
        if (toText == null) {
            throw new Missing(toName);
        }
        Instant from = instant(fromName, fromText);
        Instant to = instant(toName, toText);
        if (to.isBefore(from)) {
            throw new Invalid(toName, toText, "Invalid time window: " + toName + "=" + quote(toText)
                    + " is before " + fromName + "=" + quote(fromText));
        }
        return SnoIdRange.timeWindow(from, to);
    }

    /** The instant of a parameter's text, within the sno time range. */
    private static Instant instant(String name, String text) {
        Instant time;
        try {
            time = Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new Invalid(name, text, "Invalid time window: " + name + "=" + quote(text)
                    + " is not an ISO-8601 instant such as 2026-01-31T23:59:59Z");
        }
        if (time.isBefore(SnoId.EPOCH) || time.isAfter(SnoId.MAX_TIME)) {
            throw new Invalid(name, text, "Invalid time window: " + name + "=" + quote(text)
                    + " is outside the sno time range [" + SnoId.EPOCH + ", " + SnoId.MAX_TIME + "]");
        }
        return time;
    }

    /**
     * A request value as sent, for a message: in double quotes, cut after 40 characters, with
     * quotes, backslashes and characters outside printable ASCII escaped.
     */
    private static String quote(String text) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < Math.min(text.length(), 40); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7E) {
                sb.append(String.format("\\u%04X", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append(text.length() > 40 ? "\"..." : "\"").toString();
    }

    /** A request parameter of the window is absent. */
    static final class Missing extends RuntimeException {
        private static final long serialVersionUID = 1L;

        final String name;

        Missing(String name) {
            super(name, null, false, false);
            this.name = name;
        }
    }

    /** A request parameter of the window has a value that makes no window. */
    static final class Invalid extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        final String name;
        final String value;

        Invalid(String name, String value, String message) {
            super(message);
            this.name = name;
            this.value = value;
        }
    }
}
