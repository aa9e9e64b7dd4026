package dev.sno.example;

import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import org.junit.jupiter.api.BeforeAll;

/**
 * The example application on PostgreSQL: the server the repository's test-support TestServers
 * gives (the user's {@code SNO_PG_URL} or {@code -Dsno.pg.url}, or the build's own).
 */
class PostgresHttpTest extends ExampleHttpTest {

    @BeforeAll
    static void startOnPostgres() {
        start("--spring.datasource.url=" + postgres());
    }

    /** The PostgreSQL URL. */
    static String postgres() {
        return TestServers.url(Server.POSTGRES);
    }
}
