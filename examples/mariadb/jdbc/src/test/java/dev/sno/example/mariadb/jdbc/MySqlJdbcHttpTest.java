package dev.sno.example.mariadb.jdbc;

import dev.sno.example.mariadb.EventHttpChecks;
import dev.sno.testsupport.TestServers.Server;
import org.junit.jupiter.api.BeforeAll;

/**
 * The same Spring Data JDBC example on MySQL 8.0 over HTTP, unchanged but for
 * {@code spring.datasource.url} (Connector/J, a test dependency): its schema.sql makes
 * {@code events.id} {@code BINARY(16)}, and {@code sno.data.binary-ids=true} makes the starter's
 * conversions write the 16 image bytes there; the checks are {@link EventHttpChecks}.
 */
class MySqlJdbcHttpTest extends EventHttpChecks {

    @BeforeAll
    static void startOnMySql() throws Exception {
        start(MariaDbJdbcApplication.class, "--spring.datasource.url=" + createDatabase(Server.MYSQL));
    }
}
