package dev.sno.example.mariadb.r2dbc;

import dev.sno.example.mariadb.EventHttpChecks;
import org.junit.jupiter.api.BeforeAll;

/**
 * The WebFlux and Spring Data R2DBC example (r2dbc-mariadb) on MariaDB 11.4 over HTTP: its
 * schema.sql makes {@code events.id} {@code BINARY(16)}, and {@code sno.data.binary-ids=true}
 * makes the starter's conversions write the 16 image bytes there; the checks are
 * {@link EventHttpChecks}.
 */
class MariaDbR2dbcHttpTest extends EventHttpChecks {

    @BeforeAll
    static void startOnMariaDb() throws Exception {
        createDatabase();
        String[] server = server(); // host, port, user, password, database
        start(MariaDbR2dbcApplication.class,
                "--spring.r2dbc.url=r2dbc:mariadb://" + server[0] + ":" + server[1] + "/" + server[4],
                "--spring.r2dbc.username=" + server[2], "--spring.r2dbc.password=" + server[3]);
    }
}
