package dev.sno.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.fail;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** sno.partition and sno.lease.enabled=true exclude each other. */
class LeaseExcludesPartitionTest {

    @RegisterExtension
    static final QuarkusUnitTest APP = BadConfig.failing("sno.partition=5\nsno.lease.enabled=true\n", "sno.partition=5 and sno.lease.enabled=true exclude each other");

    @Test
    void startupFails() {
        fail("the application must not start");
    }
}
