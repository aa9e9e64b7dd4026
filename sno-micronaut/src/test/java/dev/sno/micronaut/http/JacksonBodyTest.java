package dev.sno.micronaut.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sno.SnoId;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On Jackson databind (micronaut-jackson-databind, the jackson-databind test execution), over raw
 * HTTP on 127.0.0.1: sno-jackson's module is registered by sno-micronaut's bean, also with
 * {@code jackson.module-scan=false}; a {@code @SnoPolymorphic} body is read as the subtype its
 * id's metabyte names; malformed IDs in bodies answer the same problems as on Micronaut
 * Serialization, with the JSON path.
 */
@MicronautTest
@Property(name = "micronaut.server.port", value = "-1")
@Property(name = "micronaut.server.host", value = "127.0.0.1")
@Property(name = "test.app", value = "http")
@Property(name = "sno.install", value = "false") // one context of many in this JVM
@Property(name = "sno.partition", value = "1")
@Property(name = "jackson.module-scan", value = "false")
class JacksonBodyTest {

    @Inject
    EmbeddedServer server;

    /** Whether the tests run on Jackson databind (the jackson-databind execution). */
    static boolean databind() {
        try {
            Class.forName("io.micronaut.jackson.databind.JacksonDatabindMapper");
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** Only in the jackson-databind execution (where the pom sets sno.test.json). */
    @BeforeAll
    static void onJacksonDatabind() {
        assumeTrue("jackson-databind".equals(System.getProperty("sno.test.json")), "the jackson-databind execution");
    }

    @Test
    void runsOnJacksonDatabind() {
        assertTrue(databind(), "micronaut-jackson-databind is on the class path");
    }

    @Test
    void polymorphicBodiesPickTheSubtypeByMetabyte() throws IOException {
        RawHttp http = new RawHttp(server.getURL());
        SnoId person = SnoId.parse("29gfem22232im222").withMeta(1);
        SnoId company = person.withMeta(2);
        assertEquals("200 application/json Person " + person,
                http.post("/ids/party", "{\"id\":\"" + person + "\",\"name\":\"Ada\"}").toString());
        assertEquals("200 application/json Company " + company,
                http.post("/ids/party", "{\"id\":\"" + company + "\",\"vat\":\"X1\"}").toString());
        assertEquals(HttpBindingTest.invalidId("Invalid sno ID: \\\"bad-id\\\" (length 6, expected 16)", "/ids/party", null,
                "body"), http.post("/ids/party", "{\"id\":\"bad-id\"}").toString());
    }

    @Test
    void malformedIdsInBodiesAnswer400WithTheJsonPath() throws IOException {
        RawHttp http = new RawHttp(server.getURL());
        String type = "Cannot deserialize value of type `dev.sno.SnoId` from ";
        assertEquals(HttpBindingTest.invalidId(type + "String \\\"x\\\": Invalid sno ID: \\\"x\\\" (length 1, expected 16)",
                "/ids/body", "others[1]", "body"), http.post("/ids/body", "{\"others\":[\"" + SnoId.parse("29gfem22232im222")
                + "\",\"x\"]}").toString());
        assertEquals(HttpBindingTest.invalidId(type + "String \\\"q\\\": Invalid sno ID: \\\"q\\\" (length 1, expected 16)",
                "/ids/body", "owner.ownerId", "body"), http.post("/ids/body", "{\"owner\":{\"ownerId\":\"q\"}}").toString());
        assertEquals(HttpBindingTest.invalidId(type + "number 42: sno IDs are strings of 16 characters, not numbers",
                "/ids/body", "id", "body"), http.post("/ids/body", "{\"id\":42}").toString());
    }
}
