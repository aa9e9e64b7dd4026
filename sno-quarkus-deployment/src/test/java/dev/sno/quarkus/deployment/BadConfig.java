package dev.sno.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.fail;

import io.quarkus.test.QuarkusUnitTest;

/** Applications whose bad sno.* values must fail the startup with a message naming the property and value. */
final class BadConfig {

    private BadConfig() {
    }


    /** The message of t or of one of its causes contains every part. */
    static void assertMessage(Throwable t, String... parts) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            String m = String.valueOf(c.getMessage());
            boolean all = true;
            for (String p : parts) {
                all &= m.contains(p);
            }
            if (all) {
                return;
            }
        }
        fail("no message in " + t + " names " + String.join(", ", parts));
    }

    static QuarkusUnitTest failing(String config, String... parts) {
        return new QuarkusUnitTest()
                .withApplicationRoot(jar -> jar.addClasses(TestApps.class, BadConfig.class))
                .withConfiguration(TestApps.BASE + config)
                .assertException(t -> assertMessage(t, parts));
    }

}
