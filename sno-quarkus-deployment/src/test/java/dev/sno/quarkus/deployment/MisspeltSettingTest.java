package dev.sno.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.fail;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 29: a misspelt sno.* name in the application's own configuration fails the startup on one
 * line naming it and the nearest known name, as in the Spring starter. Before, Quarkus refused it
 * with SmallRye's "SRCFG00050: sno.partiton in PropertiesConfigSource[...] does not map to any
 * root", without a hint.
 */
class MisspeltSettingTest {

    @RegisterExtension
    static final QuarkusUnitTest APP = BadConfig.failing("sno.partiton=7\n",
            "Unknown sno setting sno.partiton in application.properties: did you mean sno.partition?");

    @Test
    void startupFails() {
        fail("the application must not start");
    }
}
