package dev.sno.example.mariadb.r2dbc;

import dev.sno.example.mariadb.EventHttpChecks;
import dev.sno.testsupport.TestServers.Server;
import org.junit.jupiter.api.BeforeAll;

/**
 * The same WebFlux and Spring Data R2DBC example on MySQL 8.0 over HTTP, unchanged but for
 * {@code spring.r2dbc.url} and the driver: {@code io.asyncer:r2dbc-mysql} (a test dependency),
 * {@code r2dbc:mysql://} with the driver's default TLS mode. Its schema.sql makes {@code events.id}
 * {@code BINARY(16)}, and {@code sno.data.binary-ids=true} makes the starter's conversions write
 * the 16 image bytes there; the checks are {@link EventHttpChecks}.
 */
class MySqlR2dbcHttpTest extends EventHttpChecks {

    @BeforeAll
    static void startOnMySql() throws Exception {
        createDatabase(Server.MYSQL);
        String[] server = server(); // host, port, user, password, database
        start(MariaDbR2dbcApplication.class,
                "--spring.r2dbc.url=r2dbc:mysql://" + server[0] + ":" + server[1] + "/" + server[4],
                "--spring.r2dbc.username=" + server[2], "--spring.r2dbc.password=" + server[3]);
    }
}
