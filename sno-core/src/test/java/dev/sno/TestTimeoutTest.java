package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Every test has a deadline (junit-platform.properties), so a deadlock fails the build. */
class TestTimeoutTest {

    @Test
    void junitPlatformConfigurationSetsADefaultTimeout() throws Exception {
        Properties p = new Properties();
        try (InputStream in = TestTimeoutTest.class.getResourceAsStream("/junit-platform.properties")) {
            assertNotNull(in, "junit-platform.properties is not on the test class path");
            p.load(in);
        }
        assertEquals("5 m", p.getProperty("junit.jupiter.execution.timeout.default"));
        assertEquals("SEPARATE_THREAD", p.getProperty("junit.jupiter.execution.timeout.thread.mode.default"));
    }
}
