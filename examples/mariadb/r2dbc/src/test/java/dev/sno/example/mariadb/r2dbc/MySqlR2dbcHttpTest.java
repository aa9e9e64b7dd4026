package dev.sno.example.mariadb.r2dbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.example.mariadb.EventHttpChecks;
import dev.sno.testsupport.TestServers.Server;
import java.nio.ByteBuffer;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The same WebFlux and Spring Data R2DBC example on MySQL 8.0 over HTTP, unchanged but for
 * {@code spring.r2dbc.url} and the driver: {@code io.asyncer:r2dbc-mysql} (a test dependency),
 * {@code r2dbc:mysql://host:port/database} with no further option. Its schema.sql makes {@code events.id}
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

    /**
     * r2dbc-mysql reads a BINARY(16) column as a {@code ByteBuffer} (r2dbc-mariadb: {@code byte[]}),
     * from which the application still reads its IDs (the HTTP checks); and it has no codec for
     * {@code java.util.UUID}, so without {@code sno.data.binary-ids} a write of an ID fails before
     * it reaches the server.
     */
    @Test
    void theDriverReadsBinaryAsAByteBufferAndCannotWriteAUuid() throws Exception {
        create("read back");
        Class<?> read = DriverTypes.binaryColumnType(context());
        assertTrue(ByteBuffer.class.isAssignableFrom(read), read.getName());
        Throwable refused = assertThrows(RuntimeException.class,
                () -> DriverTypes.insertWithUuid(context(), UUID.randomUUID()));
        Throwable root = DriverTypes.rootCause(refused);
        assertEquals(IllegalArgumentException.class, root.getClass(), root.toString());
        assertEquals("Cannot encode class java.util.UUID", root.getMessage());
    }
}
