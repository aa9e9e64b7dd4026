package dev.sno.micronaut.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sno.SnoId;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On Micronaut Serialization, over raw HTTP on 127.0.0.1: a {@code @SnoPolymorphic} body naming
 * {@link SnoPolymorphicDeserializer} is read as the subtype its id's metabyte picks and written back
 * as sno-jackson's Jackson module writes it; every id that picks no subtype answers the 400 problem
 * the Jackson databind path, the Spring Boot starter and the Quarkus extension answer.
 */
@MicronautTest
@Property(name = "micronaut.server.port", value = "-1")
@Property(name = "micronaut.server.host", value = "127.0.0.1")
@Property(name = "test.app", value = "http")
@Property(name = "sno.install", value = "false") // one context of many in this JVM
@Property(name = "sno.partition", value = "1")
class SerdePolymorphicTest {

    private static final SnoId PERSON = SnoId.parse("29gfem22232im222").withMeta(1);
    private static final SnoId COMPANY = PERSON.withMeta(2);
    private static final String PARTY = HttpApp.Party.class.getName();
    private static final String KNOWN = " (known: @SnoMeta(1) Person, @SnoMeta(2) Company)";
    private static final String MISSING = "Missing sno ID: the property \\\"id\\\" of " + PARTY
            + " is missing, null or not a string" + KNOWN;

    /** On Micronaut Serialization only (the default test execution). */
    @BeforeAll
    static void onSerde() {
        assumeFalse(JacksonBodyTest.databind(), "the Micronaut Serialization execution");
    }

    @Inject
    EmbeddedServer server;

    /** What sno-jackson's Jackson 2 module writes for the value that json reads into. */
    private static String jackson(String json) throws IOException {
        ObjectMapper jackson = new ObjectMapper().registerModule(new dev.sno.jackson2.SnoModule());
        return jackson.writeValueAsString(jackson.readValue(json, HttpApp.Party.class));
    }

    @Test
    void eachSubtypeRoundTripsAsJacksonWritesIt() throws IOException {
        RawHttp http = new RawHttp(server.getURL());
        String person = "{\"name\":\"Ada\",\"id\":\"" + PERSON + "\"}"; // the id need not come first
        String company = "{\"id\":\"" + COMPANY + "\",\"vat\":\"X1\"}";
        assertEquals("200 application/json " + jackson(person), http.post("/poly/echo", person).toString());
        assertEquals("200 application/json " + jackson(company), http.post("/poly/echo", company).toString());
        assertEquals("200 application/json Person " + PERSON, http.post("/ids/party", person).toString());
        assertEquals("200 application/json Company " + COMPANY, http.post("/ids/party", company).toString());
        String members = "{\"owner\":" + company + ",\"parties\":[" + person + "," + company + "]}";
        assertEquals("200 application/json {\"owner\":" + jackson(company) + ",\"parties\":[" + jackson(person) + ","
                + jackson(company) + "]}", http.post("/poly/members", members).toString());
    }

    @Test
    void idsThatPickNoSubtypeAnswerTheSameProblems() throws IOException {
        RawHttp http = new RawHttp(server.getURL());
        StringBuilder expected = new StringBuilder();
        StringBuilder actual = new StringBuilder();
        String[][] cases = {
            {"{\"name\":\"x\"}", MISSING, null},
            {"{\"id\":null,\"name\":\"x\"}", MISSING, null},
            {"{\"id\":42}", "Invalid sno ID: \\\"42\\\" (length 2, expected 16)", null},
            {"{\"id\":{\"a\":1}}", MISSING, null},
            {"{\"id\":[\"" + PERSON + "\"]}", MISSING, null},
            {"{\"id\":true}", "Invalid sno ID: \\\"true\\\" (length 4, expected 16)", null},
            {"{\"id\":\"bad-id\"}", "Invalid sno ID: \\\"bad-id\\\" (length 6, expected 16)", null},
            {"{\"id\":\"\\u001b[2J\\u202e\"}", "Invalid sno ID: \\\"\\\\u001B[2J\\\\u202E\\\" (length 5, expected 16)", null},
            {"{\"id\":\"" + PERSON.withMeta(9) + "\"}", "Unknown metabyte: the sno ID \\\"" + PERSON.withMeta(9)
                    + "\\\" has metabyte 9, which no subtype of " + PARTY + " has" + KNOWN, null},
            {"{\"owner\":{\"id\":\"" + PERSON.withMeta(3) + "\"}}", "Unknown metabyte: the sno ID \\\""
                    + PERSON.withMeta(3) + "\\\" has metabyte 3, which no subtype of " + PARTY + " has" + KNOWN, "owner"},
        };
        for (String[] c : cases) {
            String target = c[0].startsWith("{\"owner\"") ? "/poly/members" : "/poly/echo";
            expected.append(c[0]).append(" -> ").append(HttpBindingTest.invalidId(c[1], target, c[2], "body")).append('\n');
            actual.append(c[0]).append(" -> ").append(http.post(target, c[0])).append('\n');
        }
        assertEquals(expected.toString(), actual.toString());
    }
}
