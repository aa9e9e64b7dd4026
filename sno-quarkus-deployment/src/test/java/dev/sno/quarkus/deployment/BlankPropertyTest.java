package dev.sno.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.fail;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A sno.* property set to an empty value (a template that failed to fill it in) fails the startup. */
class BlankPropertyTest {

    @RegisterExtension
    static final QuarkusUnitTest APP = BadConfig.failing("sno.sequence-range= \n", "sno.sequence-range is set but empty");

    @Test
    void startupFails() {
        fail("the application must not start");
    }
}
