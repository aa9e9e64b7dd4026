package dev.sno.example.mariadb.r2dbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.example.mariadb.EventHttpChecks;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

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

    /**
     * r2dbc-mariadb reads a BINARY(16) column as {@code byte[]}; a {@code java.util.UUID} (what the
     * starter writes without {@code sno.data.binary-ids}) goes out as its 36 characters, which the
     * server refuses as too long in strict mode.
     */
    @Test
    void theDriverReadsBinaryAsBytesAndSendsAUuidAsText() throws Exception {
        create("read back");
        assertEquals(byte[].class, DriverTypes.binaryColumnType(context()));
        Throwable refused = assertThrows(RuntimeException.class,
                () -> DriverTypes.insertWithUuid(context(), UUID.randomUUID()));
        Throwable root = DriverTypes.rootCause(refused);
        assertTrue(root.getMessage().contains("Data too long for column 'id'"), root.toString());
    }
}
