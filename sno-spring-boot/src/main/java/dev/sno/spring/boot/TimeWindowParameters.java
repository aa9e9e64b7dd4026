package dev.sno.spring.boot;

import dev.sno.SnoIdRange;
import dev.sno.config.TimeWindowInput;
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
            return new TimeWindowParameters(TimeWindowInput.FROM, TimeWindowInput.TO);
        }
        TimeWindowInput.checkNames(names.from(), names.to(), parameter);
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
        try {
            return TimeWindowInput.read(fromName, fromText, toName, toText);
        } catch (TimeWindowInput.Invalid e) {
            throw new Invalid(e.name(), e.value(), e.getMessage());
        }
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
