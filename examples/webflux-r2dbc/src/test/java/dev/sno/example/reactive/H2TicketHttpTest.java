package dev.sno.example.reactive;

import org.junit.jupiter.api.BeforeAll;

/** The example on H2 (r2dbc-h2, in memory). */
class H2TicketHttpTest extends TicketHttpTest {

    @BeforeAll
    static void startOnH2() {
        start("--spring.r2dbc.url=r2dbc:h2:mem:///tickets_test?options=DB_CLOSE_DELAY=-1");
    }
}
