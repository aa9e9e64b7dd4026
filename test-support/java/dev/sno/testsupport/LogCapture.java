package dev.sno.testsupport;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Holds back a JUL logger's records during each test of a class, so that a test that provokes a
 * warning on purpose can assert on it instead of printing it. After the test, every record that
 * no {@link #expect} claimed is passed on to the console as usual, and so is every record of a
 * failed test: only the warnings a test asserted on stay off the console.
 *
 * <pre>&#64;RegisterExtension final LogCapture logs = new LogCapture("dev.sno");</pre>
 */
public final class LogCapture implements BeforeEachCallback, AfterEachCallback {

    private static final SimpleFormatter FORMAT = new SimpleFormatter();

    private final String name;
    private final List<LogRecord> records = new ArrayList<>();
    private final Set<LogRecord> claimed = ConcurrentHashMap.newKeySet();
    private Logger logger;
    private boolean parents;

    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            synchronized (records) {
                records.add(r);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    /**
     * A capture of one logger and its children.
     *
     * @param name  the logger's name, e.g. {@code "dev.sno"}
     */
    public LogCapture(String name) {
        this.name = name;
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        logger = Logger.getLogger(name);
        synchronized (records) {
            records.clear();
        }
        claimed.clear();
        handler.setLevel(Level.ALL);
        parents = logger.getUseParentHandlers();
        logger.addHandler(handler);
        logger.setUseParentHandlers(false);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        logger.removeHandler(handler);
        logger.setUseParentHandlers(parents);
        boolean failed = context.getExecutionException().isPresent();
        for (LogRecord r : records()) {
            if (failed || !claimed.contains(r)) {
                logger.log(r);
            }
        }
    }

    /** The records so far, in order. */
    public List<LogRecord> records() {
        synchronized (records) {
            return List.copyOf(records);
        }
    }

    /**
     * Claims the records of {@code level} whose formatted message contains {@code text}, if any,
     * without asserting that there are some: for a warning that a test allows but whose
     * occurrence depends on timing.
     *
     * @return the matching records, possibly none
     */
    public List<LogRecord> allow(Level level, String text) {
        List<LogRecord> found = matching(level, text);
        claimed.addAll(found);
        return found;
    }

    private List<LogRecord> matching(Level level, String text) {
        List<LogRecord> found = new ArrayList<>();
        for (LogRecord r : records()) {
            if (r.getLevel().equals(level) && FORMAT.formatMessage(r).contains(text)) {
                found.add(r);
            }
        }
        return found;
    }

    /**
     * Asserts that at least one record of {@code level} whose formatted message contains
     * {@code text} was logged, and claims all such records: they are not printed.
     *
     * @return the matching records
     */
    public List<LogRecord> expect(Level level, String text) {
        List<LogRecord> found = matching(level, text);
        assertFalse(found.isEmpty(), () -> "no " + level + " record containing \"" + text + "\" from " + name
                + "; logged: " + records().stream().map(r -> r.getLevel() + " " + FORMAT.formatMessage(r)).toList());
        claimed.addAll(found);
        return found;
    }
}
