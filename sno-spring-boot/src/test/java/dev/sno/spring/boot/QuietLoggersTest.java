package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggerConfiguration;
import org.springframework.boot.logging.LoggingSystem;

/** The test helper itself: the named loggers are at ERROR during a test and inherit again after it. */
class QuietLoggersTest {

    private static LogLevel configured(String name) {
        LoggerConfiguration c = LoggingSystem.get(QuietLoggersTest.class.getClassLoader()).getLoggerConfiguration(name);
        return c == null ? null : c.getConfiguredLevel(); // null: no such logger yet, or it inherits
    }

    @Test
    void raisesDuringTheTestAndRestoresAfterIt() {
        QuietLoggers quiet = new QuietLoggers(QuietLoggers.CONTEXT, QuietLoggers.RESOLVER);
        assertThat(configured(QuietLoggers.CONTEXT)).isNull();
        quiet.beforeEach(null);
        assertThat(configured(QuietLoggers.CONTEXT)).isEqualTo(LogLevel.ERROR);
        assertThat(configured(QuietLoggers.RESOLVER)).isEqualTo(LogLevel.ERROR);
        assertThat(configured("org.springframework.context")).as("nothing above them").isNull();
        quiet.afterEach(null);
        assertThat(configured(QuietLoggers.CONTEXT)).isNull();
        assertThat(configured(QuietLoggers.RESOLVER)).isNull();
    }
}
