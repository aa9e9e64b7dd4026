package dev.sno.micronaut.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.sno.SnoId;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An application's own Micronaut Serialization settings still apply around sno IDs: snake_case
 * property names and inclusion of nulls, over raw HTTP on 127.0.0.1.
 */
@MicronautTest
@Property(name = "micronaut.server.port", value = "-1")
@Property(name = "micronaut.server.host", value = "127.0.0.1")
@Property(name = "test.app", value = "http")
@Property(name = "sno.install", value = "false") // one context of many in this JVM
@Property(name = "sno.partition", value = "1")
@Property(name = "micronaut.serde.property-naming-strategy", value = "SNAKE_CASE")
@Property(name = "micronaut.serde.serialization.inclusion", value = "ALWAYS")
class SerdeSettingsTest {

    /** On Micronaut Serialization only (the default test execution). */
    @BeforeAll
    static void onSerde() {
        assumeFalse(JacksonBodyTest.databind(), "the Micronaut Serialization execution");
    }

    @Inject
    EmbeddedServer server;

    @Test
    void namingStrategyAndInclusionApply() throws IOException {
        SnoId id = SnoId.parse("29gfem22232im222");
        RawHttp http = new RawHttp(server.getURL());
        assertEquals("200 application/json {\"id\":null,\"name\":\"a\",\"others\":null,\"owner\":{\"owner_id\":\"" + id + "\"}}",
                http.post("/ids/body", "{\"name\":\"a\",\"owner\":{\"owner_id\":\"" + id + "\"}}").toString());
        assertEquals(HttpBindingTest.invalidId("Cannot deserialize value of type `dev.sno.SnoId` from String \\\"q\\\": Invalid"
                + " sno ID: \\\"q\\\" (length 1, expected 16)", "/ids/body", "owner.ownerId", "body"),
                http.post("/ids/body", "{\"owner\":{\"owner_id\":\"q\"}}").toString());
    }
}
