package dev.sno.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.fail;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** sno.partition outside 0..65535 fails the startup, naming the property and the value. */
class BadPartitionTest {

    @RegisterExtension
    static final QuarkusUnitTest APP = BadConfig.failing("sno.partition=70000\n",
            "Invalid sno.partition \"70000\": must be an integer in 0..65535.");

    @Test
    void startupFails() {
        fail("the application must not start");
    }
}
