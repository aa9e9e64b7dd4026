package dev.sno.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sno.SnoGenerator;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 29: unrelated sno.* system properties never stop an application. Maven passes a build's
 * {@code -Dsno.version=0.1.0-SNAPSHOT} into the test JVM; before, the application failed with
 * "SRCFG00050: sno.version in SysPropConfigSource does not map to any root". A misspelt name
 * given as a system property is not the application's own configuration either: it is ignored
 * here (MisspeltSettingTest refuses it in application.properties).
 */
class ForeignSnoPropertiesTest {

    static {
        System.setProperty("sno.version", "0.1.0-SNAPSHOT");
        System.setProperty("sno.partiton", "7");
    }

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addClasses(TestApps.class))
            .withConfiguration(TestApps.BASE + "sno.partition=42\n");

    @Inject
    SnoGenerator generator;

    @AfterAll
    static void clear() {
        System.clearProperty("sno.version");
        System.clearProperty("sno.partiton");
    }

    @Test
    void theApplicationStartsAndMakesIds() {
        assertEquals(42, generator.partition());
        assertEquals(42, generator.next(1).partition());
    }
}
