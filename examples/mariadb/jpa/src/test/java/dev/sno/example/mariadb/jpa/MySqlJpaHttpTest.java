package dev.sno.example.mariadb.jpa;

import dev.sno.example.mariadb.EventHttpChecks;
import dev.sno.testsupport.TestServers.Server;
import org.junit.jupiter.api.BeforeAll;

/**
 * The same Spring Data JPA example (Hibernate 7) on MySQL 8.0 over HTTP, unchanged but for
 * {@code spring.datasource.url} (Connector/J, a test dependency): Hibernate picks its MySQL dialect
 * from the connection, and {@code hibernate.type.preferred_uuid_jdbc_type=BINARY} makes
 * {@code events.id} {@code binary(16)} there too; the checks are {@link EventHttpChecks}.
 */
class MySqlJpaHttpTest extends EventHttpChecks {

    @BeforeAll
    static void startOnMySql() throws Exception {
        start(MariaDbJpaApplication.class, "--spring.datasource.url=" + createDatabase(Server.MYSQL));
    }
}
