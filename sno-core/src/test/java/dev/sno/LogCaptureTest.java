package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sno.testsupport.LogCapture;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.AssertionFailedError;

/** The test helper itself: what it holds back, what it passes on, and when. */
class LogCaptureTest {

    /** A handler on the parent logger stands in for the console. */
    private static List<String> console(Runnable test, boolean failed) {
        Logger parent = Logger.getLogger("dev.sno.capturetest");
        List<String> seen = new ArrayList<>();
        Handler h = new Handler() {
            @Override
            public void publish(LogRecord r) {
                seen.add(r.getLevel() + " " + r.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        parent.addHandler(h);
        parent.setUseParentHandlers(false); // these records are the test's own: not for the console
        try {
            LogCapture capture = new LogCapture("dev.sno.capturetest.inner");
            TestContext context = new TestContext(failed);
            capture.beforeEach(context.proxy());
            Logger.getLogger("dev.sno.capturetest.inner.X").warning("planned failure");
            Logger.getLogger("dev.sno.capturetest.inner.Y").warning("surprise failure");
            assertEquals(List.of(), seen, "nothing reaches the console during the test");
            CURRENT.set(capture);
            test.run();
            capture.afterEach(context.proxy());
        } finally {
            parent.removeHandler(h);
            parent.setUseParentHandlers(true);
            CURRENT.remove();
        }
        return seen;
    }

    private static final ThreadLocal<LogCapture> CURRENT = new ThreadLocal<>();

    /** The one thing LogCapture asks of JUnit's context: whether the test failed. */
    private record TestContext(boolean failed) {
        ExtensionContext proxy() {
            return (ExtensionContext) Proxy.newProxyInstance(ExtensionContext.class.getClassLoader(),
                    new Class<?>[] {ExtensionContext.class}, (p, m, a) -> {
                        if (m.getName().equals("getExecutionException")) {
                            return failed ? Optional.of(new AssertionError("failed")) : Optional.empty();
                        }
                        throw new UnsupportedOperationException(m.getName());
                    });
        }
    }

    @Test
    void claimedRecordsStayOffTheConsoleOthersArePrintedAfterTheTest() {
        List<String> seen = console(() -> CURRENT.get().expect(Level.WARNING, "planned"), false);
        assertEquals(List.of("WARNING surprise failure"), seen);
    }

    @Test
    void aFailedTestPrintsEverything() {
        List<String> seen = console(() -> CURRENT.get().expect(Level.WARNING, "planned"), true);
        assertEquals(List.of("WARNING planned failure", "WARNING surprise failure"), seen);
    }

    @Test
    void expectFailsWhenNothingMatchesAndAllowDoesNot() {
        console(() -> {
            assertThrows(AssertionFailedError.class, () -> CURRENT.get().expect(Level.SEVERE, "planned"));
            assertEquals(List.of(), CURRENT.get().allow(Level.INFO, "planned"));
            assertEquals(1, CURRENT.get().allow(Level.WARNING, "surprise").size());
        }, false);
    }
}
