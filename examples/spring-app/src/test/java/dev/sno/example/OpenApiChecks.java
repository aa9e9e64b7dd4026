package dev.sno.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sno.SnoId;
import dev.sno.example.parties.Customer;
import dev.sno.example.parties.Supplier;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The example application's API document, as springdoc serves it at {@code /v3/api-docs} over
 * real HTTP by the application {@link H2HttpTest} started (these checks run there, nested, so
 * the application starts once; springdoc 2.8 on Boot 3.5, 3.x on Boot 4, a test dependency of
 * the example poms), shaped by the starter's {@code SnoOpenApiAutoConfiguration}: without it a {@code SnoId} body
 * field is {@code {}}, a path variable a bare string, and a time window one object parameter
 * called {@code window}. The document is parsed with the Jackson 2 that swagger-core brings.
 */
abstract class OpenApiChecks {

    private static JsonNode doc;

    @BeforeEach
    void fetchTheDocumentOnce() throws Exception {
        if (doc != null) {
            return;
        }
        HttpResponse<String> r = get("/v3/api-docs");
        assertEquals(200, r.statusCode(), r.body());
        doc = new ObjectMapper().readTree(r.body());
        System.out.println("[openapi] " + doc.get("openapi") + " /people/{id}: " + doc.at("/paths/~1people~1{id}/get")
                + "\n[openapi] Customer: " + doc.at("/components/schemas/Customer") + "\n[openapi] Party: "
                + doc.at("/components/schemas/Party"));
    }

    @Test
    void pathVariablesAndRequestParametersAreSnoIds() {
        assertTrue(doc.get("openapi").asText().startsWith("3."), doc.get("openapi").toString());
        JsonNode id = parameter("/people/{id}", "get", "id");
        assertEquals("path", id.get("in").asText());
        assertSnoId(id.get("schema"));
        assertSnoId(parameter("/people", "get", "manager").get("schema"));
        assertSnoId(parameter("/invoices/{id}", "get", "id").get("schema"));
        JsonNode ids = parameter("/people/names", "get", "ids").get("schema");
        assertEquals("array", ids.get("type").asText(), ids.toString());
        assertSnoId(ids.get("items"));
    }

    @Test
    void bodyFieldsListsAndMapKeysAreSnoIds() {
        assertSnoId(schema("Person").at("/properties/id"));
        assertSnoId(schema("Person").at("/properties/manager"));
        assertSnoId(schema("Note").at("/properties/author"));
        assertSnoId(schema("Names").at("/properties/missing/items"));
        JsonNode names = schema("Names").at("/properties/names");
        assertEquals("object", names.get("type").asText(), names.toString());
        assertEquals("^[2-9a-x]{16}$", names.at("/propertyNames/pattern").asText(), names.toString());
        assertFalse(doc.at("/components/schemas").has("SnoId"), "inline, as format: uuid is for UUIDs");
    }

    @Test
    void aTimeWindowIsTheTwoDateTimeQueryParametersTheAppReads() throws Exception {
        assertWindow("/people/created", "from", "to");
        assertWindow("/notes/written", "since", "until");
        assertFalse(doc.at("/components/schemas").has("SnoIdRange"), doc.at("/components/schemas").toString());

        // The documented parameters are the ones the application reads.
        Instant now = Instant.now();
        assertEquals(200, get("/people/created?from=" + now.minusSeconds(60) + "&to=" + now).statusCode());
        assertEquals(200, get("/notes/written?since=" + now.minusSeconds(60) + "&until=" + now).statusCode());
        assertEquals(400, get("/people/created?window=" + now).statusCode());
    }

    @Test
    void aPolymorphicBodyIsOneOfItsSubtypesEachIdNarrowedToItsMetabyte() throws Exception {
        JsonNode body = doc.at("/paths/~1parties/post/requestBody/content/application~1json/schema");
        assertEquals("#/components/schemas/Party", body.get("$ref").asText(), body.toString());
        JsonNode party = schema("Party");
        List<String> oneOf = new ArrayList<>();
        party.get("oneOf").forEach(s -> oneOf.add(s.get("$ref").asText()));
        assertEquals(List.of("#/components/schemas/Customer", "#/components/schemas/Supplier"), oneOf);
        assertFalse(party.has("discriminator"), "no discriminator: the metabyte is inside the value");

        Pattern customer = Pattern.compile(schema("Customer").at("/properties/id/pattern").asText());
        Pattern supplier = Pattern.compile(schema("Supplier").at("/properties/id/pattern").asText());
        assertEquals(Customer.META, SnoId.parse(schema("Customer").at("/properties/id/example").asText()).meta());
        assertEquals(Supplier.META, SnoId.parse(schema("Supplier").at("/properties/id/example").asText()).meta());
        for (int meta = 0; meta < 256; meta++) {
            SnoId id = SnoId.of(Instant.now(), meta % 2 == 0, meta, 0xFFFF - meta, meta * 257);
            assertEquals(meta == Customer.META, customer.matcher(id.toString()).matches(), id + " meta " + meta);
            assertEquals(meta == Supplier.META, supplier.matcher(id.toString()).matches(), id + " meta " + meta);
        }

        // The subtype the document admits an ID under is the one the application reads it as.
        SnoId c = SnoId.of(Instant.now(), false, Customer.META, 3, 1);
        SnoId s = SnoId.of(Instant.now(), false, Supplier.META, 3, 1);
        assertTrue(customer.matcher(c.toString()).matches() && supplier.matcher(s.toString()).matches());
        assertTrue(post("/parties", "{\"id\":\"" + c + "\",\"name\":\"x\"}").body().contains("\"kind\":\"Customer\""));
        assertTrue(post("/parties", "{\"id\":\"" + s + "\",\"name\":\"x\"}").body().contains("\"kind\":\"Supplier\""));
    }

    /** type string, the pattern, 16 characters, an example that parses, a description. */
    private static void assertSnoId(JsonNode schema) {
        assertEquals("string", schema.path("type").asText(), String.valueOf(schema));
        assertEquals("^[2-9a-x]{16}$", schema.path("pattern").asText(), schema.toString());
        assertEquals(16, schema.path("minLength").asInt(), schema.toString());
        assertEquals(16, schema.path("maxLength").asInt(), schema.toString());
        assertTrue(SnoId.isValid(schema.path("example").asText()), schema.toString());
        assertTrue(schema.path("description").asText().startsWith("A sno ID"), schema.toString());
    }

    private static void assertWindow(String path, String from, String to) {
        List<String> names = new ArrayList<>();
        for (JsonNode p : doc.at("/paths/" + path.replace("/", "~1") + "/get/parameters")) {
            names.add(p.get("name").asText());
            assertEquals("query", p.get("in").asText(), p.toString());
            assertTrue(p.get("required").asBoolean(), p.toString());
            assertEquals("string", p.at("/schema/type").asText(), p.toString());
            assertEquals("date-time", p.at("/schema/format").asText(), p.toString());
        }
        assertEquals(List.of(from, to), names, path);
    }

    private static JsonNode parameter(String path, String method, String name) {
        for (JsonNode p : doc.at("/paths/" + path.replace("/", "~1") + "/" + method + "/parameters")) {
            if (name.equals(p.get("name").asText())) {
                return p;
            }
        }
        throw new AssertionError("no parameter " + name + " of " + method + " " + path + " in " + doc.at("/paths"));
    }

    private static JsonNode schema(String name) {
        JsonNode s = doc.at("/components/schemas/" + name);
        assertFalse(s.isMissingNode(), "no schema " + name);
        return s;
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return ExampleHttpTest.get(path);
    }

    private static HttpResponse<String> post(String path, String json) throws Exception {
        return ExampleHttpTest.post(path, json);
    }
}
