package dev.sno.micronaut;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** The module's test set-up itself: Micronaut's processors ran on the tests, a context starts. */
@MicronautTest(startApplication = false)
@Property(name = "sno.install", value = "false")
class ContextStartsTest {

    @Inject
    ApplicationContext context;

    @Test
    void contextRuns() {
        assertTrue(context.isRunning());
    }
}
