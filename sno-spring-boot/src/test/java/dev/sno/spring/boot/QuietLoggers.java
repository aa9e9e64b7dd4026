package dev.sno.spring.boot;

import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;

/**
 * Raises named loggers to ERROR during each test of a class that provokes their warnings on
 * purpose, and puts them back after it. Meant for warnings that only repeat a failure the test
 * asserts on itself: Spring's "Exception encountered during context initialization" for a context
 * that a test expects to fail (the failure, with its cause, is what {@code getFailure()} checks,
 * and a context that fails unexpectedly still fails its test with the whole cause), and the MVC
 * resolver's note about a bad request that the test sent.
 *
 * <pre>&#64;RegisterExtension final QuietLoggers quiet = QuietLoggers.contextFailures();</pre>
 */
final class QuietLoggers implements BeforeEachCallback, AfterEachCallback {

    /** The logger of the refresh warning: the application context's class (ApplicationContextRunner's). */
    static final String CONTEXT = "org.springframework.context.annotation.AnnotationConfigApplicationContext";

    /** The note about a request the handler resolved as a client error (400). */
    static final String RESOLVER = "org.springframework.web.servlet.mvc.support.DefaultHandlerExceptionResolver";

    private final List<String> names;

    QuietLoggers(String... names) {
        this.names = List.of(names);
    }

    static QuietLoggers contextFailures() {
        return new QuietLoggers(CONTEXT);
    }

    private static LoggingSystem system() {
        return LoggingSystem.get(QuietLoggers.class.getClassLoader());
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        names.forEach(n -> system().setLogLevel(n, LogLevel.ERROR));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        names.forEach(n -> system().setLogLevel(n, null));
    }
}
