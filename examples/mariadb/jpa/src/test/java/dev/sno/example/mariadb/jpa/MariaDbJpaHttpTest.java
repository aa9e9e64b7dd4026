package dev.sno.example.mariadb.jpa;

import dev.sno.example.mariadb.EventHttpChecks;
import org.junit.jupiter.api.BeforeAll;

/**
 * The Spring Data JPA example (Hibernate 7) on MariaDB 11.4 over HTTP: Hibernate's schema
 * generation makes {@code events.id} {@code binary(16)} because of
 * {@code hibernate.type.preferred_uuid_jdbc_type=BINARY}; the checks are {@link EventHttpChecks}.
 */
class MariaDbJpaHttpTest extends EventHttpChecks {

    @BeforeAll
    static void startOnMariaDb() throws Exception {
        start(MariaDbJpaApplication.class, "--spring.datasource.url=" + createDatabase());
    }
}
