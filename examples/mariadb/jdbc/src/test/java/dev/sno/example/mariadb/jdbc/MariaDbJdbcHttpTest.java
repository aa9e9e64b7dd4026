package dev.sno.example.mariadb.jdbc;

import dev.sno.example.mariadb.EventHttpChecks;
import org.junit.jupiter.api.BeforeAll;

/**
 * The Spring Data JDBC example on MariaDB 11.4 over HTTP: its schema.sql makes {@code events.id}
 * {@code BINARY(16)}, and {@code sno.data.binary-ids=true} makes the starter's conversions write
 * the 16 image bytes there; the checks are {@link EventHttpChecks}.
 */
class MariaDbJdbcHttpTest extends EventHttpChecks {

    @BeforeAll
    static void startOnMariaDb() throws Exception {
        start(MariaDbJdbcApplication.class, "--spring.datasource.url=" + createDatabase());
    }
}
