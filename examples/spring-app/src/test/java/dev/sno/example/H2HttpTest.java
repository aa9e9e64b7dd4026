package dev.sno.example;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;

/** The example application on H2 (in memory). */
class H2HttpTest extends ExampleHttpTest {

    @BeforeAll
    static void startOnH2() {
        start("--spring.datasource.url=jdbc:h2:mem:example;DB_CLOSE_DELAY=-1");
    }

    /** The API document of this running application (springdoc, a test dependency). */
    @Nested
    class OpenApi extends OpenApiChecks {
    }
}
