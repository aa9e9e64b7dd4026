package dev.sno.config;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The one exception of sno's configuration layer: a {@code sno.*} setting (or a combination of
 * them) that no generator can be made from. It names the settings involved, says what is wrong
 * with which value, and what to do.
 *
 * <p>The frameworks map it to their own startup failure: the Spring Boot starter to a
 * {@code FailureAnalyzer}'s description and action, the Quarkus extension to a
 * {@code ConfigurationException} naming {@link #properties()}. In plain Java it reaches the caller
 * of {@link dev.sno.Sno#generator()} as what it is, an {@link IllegalStateException}.
 */
public final class SettingsException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** The settings involved, in the order named. */
    private final List<String> properties;
    /** What is wrong. */
    private final String problem;
    /** What to do; empty when the problem says it. */
    private final String action;

    /**
     * A configuration failure.
     *
     * @param problem     what is wrong, naming the settings and their values
     * @param action      what to do, or empty
     * @param properties  the names of the settings involved, at least one
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if no property is given
     */
    public SettingsException(String problem, String action, String... properties) {
        super(message(problem, action));
        this.problem = problem;
        this.action = action;
        this.properties = List.of(properties);
        if (properties.length == 0) {
            throw new IllegalArgumentException("a SettingsException names at least one setting");
        }
    }

    /**
     * The same failure with a cause.
     *
     * @param problem     what is wrong
     * @param action      what to do, or empty
     * @param cause       the underlying failure
     * @param properties  the names of the settings involved, at least one
     * @return the exception
     */
    public static SettingsException because(String problem, String action, Throwable cause, String... properties) {
        SettingsException e = new SettingsException(problem, action, properties);
        e.initCause(cause);
        return e;
    }

    private static String message(String problem, String action) {
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(action, "action");
        return action.isEmpty() ? problem : problem + " " + action;
    }

    /**
     * The names of the settings involved, as {@code sno.lease.enabled}.
     *
     * @return an unmodifiable set, in the order named
     */
    public Set<String> properties() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(properties));
    }

    /**
     * What is wrong (the message without the action).
     *
     * @return the problem
     */
    public String problem() {
        return problem;
    }

    /**
     * What to do about it.
     *
     * @return the action, or an empty string when the problem says it
     */
    public String action() {
        return action;
    }
}
