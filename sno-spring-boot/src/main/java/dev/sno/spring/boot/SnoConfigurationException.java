package dev.sno.spring.boot;

/**
 * The sno.* configuration cannot work: startup fails, and {@link SnoFailureAnalyzer} prints the
 * description and the action. An {@link IllegalArgumentException}, as the starter's other
 * property errors are.
 */
final class SnoConfigurationException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String action;

    SnoConfigurationException(String description, String action) {
        super(description);
        this.action = action;
    }

    SnoConfigurationException(String description, String action, Throwable cause) {
        super(description, cause);
        this.action = action;
    }

    /** What to change. */
    String action() {
        return action;
    }
}
