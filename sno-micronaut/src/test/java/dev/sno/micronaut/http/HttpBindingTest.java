package dev.sno.micronaut.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Over real HTTP on 127.0.0.1, requests written as raw text to a running Netty server (random
 * port): a sno ID from a path, a query, a header, lists, sets and arrays of them, a JSON body
 * through Micronaut Serialization, and time windows; every malformed one answers 400 with the
 * exact problem body, never a 500 or Micronaut's own error body.
 */
@MicronautTest
@Property(name = "micronaut.server.port", value = "-1")
@Property(name = "micronaut.server.host", value = "127.0.0.1")
@Property(name = "test.app", value = "http")
@Property(name = "sno.install", value = "false") // one context of many in this JVM
@Property(name = "sno.partition", value = "1")
class HttpBindingTest {

    /** On Micronaut Serialization only (the default test execution). */
    @BeforeAll
    static void onSerde() {
        assumeFalse(JacksonBodyTest.databind(), "the Micronaut Serialization execution");
    }

    static final SnoId ID = SnoId.parse("29gfem22232im222").withMeta(5);
    static final SnoId OTHER = SnoId.parse("29gfem22232im22g");
    static final String PROBLEM = "400 application/problem+json ";

    @Inject
    EmbeddedServer server;

    RawHttp http;

    @BeforeEach
    void connect() {
        http = new RawHttp(server.getURL());
    }

    /** The problem body the tests expect; detail is given as it appears in the JSON (escaped). */
    static String problem(String title, String detail, String instance, String parameter, String in) {
        return PROBLEM + "{\"type\":\"about:blank\",\"title\":\"" + title + "\",\"status\":400,\"detail\":\"" + detail
                + "\",\"instance\":\"" + instance + "\"" + (parameter == null ? "" : ",\"parameter\":\"" + parameter + "\"")
                + ",\"in\":\"" + in + "\"}";
    }

    static String invalidId(String detail, String instance, String parameter, String in) {
        return problem("Invalid sno ID", detail, instance, parameter, in);
    }

    @Test
    void validIdsBindFromPathQueryAndHeader() throws IOException {
        assertEquals("200 application/json path " + ID + " meta 5", http.get("/ids/path/" + ID).toString());
        assertEquals("200 application/json bare " + ID, http.get("/ids/bare/" + ID).toString());
        assertEquals("200 application/json query " + ID, http.get("/ids/query?id=" + ID).toString());
        assertEquals("200 application/json header " + ID, http.get("/ids/header", "X-Sno-Id: " + ID).toString());
        assertEquals("200 application/json cookie " + ID, http.get("/ids/cookie", "Cookie: sid=" + ID).toString());
    }

    @Test
    void listsSetsAndArraysBindEveryElement() throws IOException {
        assertEquals("200 application/json list [" + ID + ", " + OTHER + "]",
                http.get("/ids/list?ids=" + ID + "," + OTHER).toString());
        assertEquals("200 application/json list [" + ID + ", " + OTHER + "]",
                http.get("/ids/list?ids=" + ID + "&ids=" + OTHER).toString());
        assertEquals("200 application/json set 1", http.get("/ids/set?ids=" + ID + "," + ID).toString());
        assertEquals("200 application/json array [" + ID + ", " + OTHER + "]",
                http.get("/ids/array?ids=" + ID + "," + OTHER).toString());
        assertEquals("200 application/json headers [" + ID + ", " + OTHER + "]",
                http.get("/ids/headers", "X-Sno-Ids: " + ID + "," + OTHER).toString());
    }

    @Test
    void malformedSingleIdsAnswer400Problems() throws IOException {
        assertEquals(invalidId("Invalid sno ID: \\\"bad\\\" (length 3, expected 16)", "/ids/path/bad", "id", "path"),
                http.get("/ids/path/bad").toString());
        assertEquals(invalidId("Invalid sno ID: \\\"bad\\\" (length 3, expected 16)", "/ids/bare/bad", "id", "path"),
                http.get("/ids/bare/bad").toString());
        assertEquals(invalidId("Invalid sno ID: \\\"\\\" (length 0, expected 16)", "/ids/query", "id", "query"),
                http.get("/ids/query?id=").toString());
        assertEquals(invalidId("Invalid sno ID: \\\" " + ID + "\\\" (length 17, expected 16)", "/ids/query", "id", "query"),
                http.get("/ids/query?id=%20" + ID).toString());
        assertEquals(invalidId("Invalid sno ID: \\\"short\\\" (length 5, expected 16)", "/ids/header", "X-Sno-Id", "header"),
                http.get("/ids/header", "X-Sno-Id: short").toString());
        assertEquals(invalidId("Invalid sno ID: \\\"bad\\\" (length 3, expected 16)", "/ids/cookie", "sid", "cookie"),
                http.get("/ids/cookie", "Cookie: sid=bad").toString());
        String upper = ID.toString().toUpperCase(java.util.Locale.ROOT);
        String answer = http.get("/ids/path/" + upper).toString();
        assertEquals(PROBLEM, answer.substring(0, PROBLEM.length()), answer);
    }

    /** Issue 30's cases, in Micronaut: an empty element anywhere, trailing ones included, is refused. */
    @Test
    void everyElementOfAListIsStrict() throws IOException {
        String empty = "Invalid sno ID: \\\"\\\" (length 0, expected 16)";
        assertEquals(invalidId(empty, "/ids/list", "ids", "query"), http.get("/ids/list?ids=" + ID + ",,").toString());
        assertEquals(invalidId(empty, "/ids/list", "ids", "query"), http.get("/ids/list?ids=" + ID + ",," + ID).toString());
        assertEquals(invalidId(empty, "/ids/list", "ids", "query"), http.get("/ids/list?ids=" + ID + "&ids=").toString());
        assertEquals(invalidId(empty, "/ids/set", "ids", "query"), http.get("/ids/set?ids=" + ID + ",").toString());
        assertEquals(invalidId(empty, "/ids/array", "ids", "query"), http.get("/ids/array?ids=" + ID + ",,").toString());
        assertEquals(invalidId(empty, "/ids/headers", "X-Sno-Ids", "header"),
                http.get("/ids/headers", "X-Sno-Ids: " + ID + ",,").toString());
        assertEquals(invalidId("Invalid sno ID: \\\" " + OTHER + "\\\" (length 17, expected 16)", "/ids/list", "ids", "query"),
                http.get("/ids/list?ids=" + ID + ",%20" + OTHER).toString());
        assertEquals(invalidId("Invalid sno ID: \\\"bad\\\" (length 3, expected 16)", "/ids/headers", "X-Sno-Ids", "header"),
                http.get("/ids/headers", "X-Sno-Ids: " + ID, "X-Sno-Ids: bad").toString());
        // Lists of other types keep Micronaut's own conversion (which drops trailing empty values).
        assertEquals("200 application/json strings [a, b]", http.get("/ids/strings?names=a,b,,").toString());
        // and convert their elements to the element type (the module's converters are global)
        assertEquals("200 application/json numbers 6 30", http.get("/ids/numbers?n=1,2,3&m=10,20").toString());
    }

    @Test
    void otherConversionErrorsKeepMicronautsAnswer() throws IOException {
        RawHttp.Answer answer = http.get("/ids/count?n=abc");
        assertEquals(400, answer.status(), answer.toString());
        assertEquals("application/json", answer.contentType(), answer.toString());
        assertTrue(answer.body().contains("Failed to convert argument [n]"), answer.toString());
    }

    @Test
    void jsonBodiesThroughMicronautSerialization() throws IOException {
        String json = "{\"id\":\"" + ID + "\",\"name\":\"a\",\"others\":[\"" + OTHER + "\"],\"owner\":{\"ownerId\":\"" + OTHER + "\"}}";
        assertEquals("200 application/json " + json, http.post("/ids/body", json).toString());
        assertEquals("200 application/json {\"name\":\"a\"}", http.post("/ids/body", "{\"id\":null,\"name\":\"a\"}").toString());
    }

    @Test
    void malformedIdsInBodiesAnswer400Problems() throws IOException {
        String type = "Cannot deserialize value of type `dev.sno.SnoId` from ";
        assertEquals(invalidId(type + "String \\\"bad\\\": Invalid sno ID: \\\"bad\\\" (length 3, expected 16)", "/ids/body", "id", "body"),
                http.post("/ids/body", "{\"id\":\"bad\",\"name\":\"a\"}").toString());
        assertEquals(invalidId(type + "String \\\"\\\": Invalid sno ID: \\\"\\\" (length 0, expected 16)", "/ids/body", "id", "body"),
                http.post("/ids/body", "{\"id\":\"\"}").toString());
        assertEquals(invalidId(type + "number 42: sno IDs are strings of 16 characters, not numbers", "/ids/body", "id", "body"),
                http.post("/ids/body", "{\"id\":42}").toString());
        assertEquals(invalidId(type + "Object value (token `JsonToken.START_OBJECT`)", "/ids/body", "id", "body"),
                http.post("/ids/body", "{\"id\":{\"a\":1}}").toString());
        assertEquals(invalidId(type + "String \\\"x\\\": Invalid sno ID: \\\"x\\\" (length 1, expected 16)", "/ids/body", "others", "body"),
                http.post("/ids/body", "{\"others\":[\"" + ID + "\",\"x\"]}").toString());
        assertEquals(invalidId(type + "String \\\"q\\\": Invalid sno ID: \\\"q\\\" (length 1, expected 16)", "/ids/body", "owner.ownerId", "body"),
                http.post("/ids/body", "{\"owner\":{\"ownerId\":\"q\"}}").toString());
    }

    @Test
    void timeWindowsBindFromTwoQueryValues() throws IOException {
        Instant from = Instant.parse("2026-01-01T00:00:00Z");
        Instant to = Instant.parse("2026-01-02T00:00:00Z");
        SnoIdRange window = SnoIdRange.timeWindow(from, to);
        assertEquals("200 application/json window " + window.from() + " " + window.to(),
                http.get("/ids/window?from=" + from + "&to=" + to).toString());
        assertEquals("200 application/json since " + window.from() + " " + window.to(),
                http.get("/ids/since?since=" + from + "&until=" + to).toString());
    }

    @Test
    void badTimeWindowsAnswer400NamingTheValue() throws IOException {
        assertEquals(problem("Invalid time window", "Invalid time window: from=\\\"yesterday\\\" is not an ISO-8601 instant such as"
                + " 2026-01-31T23:59:59Z", "/ids/window", "from", "query"),
                http.get("/ids/window?from=yesterday&to=2026-01-02T00:00:00Z").toString());
        assertEquals(problem("Invalid time window", "Invalid time window: until=\\\"2025-01-02T00:00:00Z\\\" is before"
                + " since=\\\"2026-01-01T00:00:00Z\\\"", "/ids/since", "until", "query"),
                http.get("/ids/since?since=2026-01-01T00:00:00Z&until=2025-01-02T00:00:00Z").toString());
        assertEquals(problem("Invalid time window", "Invalid time window: since=\\\"1999-12-31T23:59:59Z\\\" is outside the sno"
                + " time range [" + SnoId.EPOCH + ", " + SnoId.MAX_TIME + "]", "/ids/since", "since", "query"),
                http.get("/ids/since?since=1999-12-31T23:59:59Z&until=2026-01-02T00:00:00Z").toString());
        // A missing value: Micronaut's own 400 for a required argument.
        RawHttp.Answer missing = http.get("/ids/window?from=2026-01-01T00:00:00Z");
        assertEquals(400, missing.status(), missing.toString());
    }

    /**
     * Hostile values (escape sequences, bidi overrides, line separators, kilobytes) in a path, a
     * query, a header and a body: the problem's detail is escaped and at most 203 characters.
     * Seeded: -Dsno.seed replays a failure.
     */
    @Test
    void hostileValuesAreEscapedAndBounded() throws IOException {
        long seed = Long.getLong("sno.seed", System.nanoTime());
        Random r = new Random(seed);
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            StringBuilder v = new StringBuilder();
            int n = r.nextInt(3) == 0 ? 500 + r.nextInt(1000) : 1 + r.nextInt(30);
            while (v.length() < n) {
                switch (r.nextInt(5)) {
                    case 0 -> v.append((char) (1 + r.nextInt(0x1f)));
                    case 1 -> v.append("\u001b[2J\u001b[31mHACKED\u0007");
                    case 2 -> v.append(new char[] {'\u202E', '\u2028', '\u0085', '\u200B'}[r.nextInt(4)]);
                    default -> v.append((char) ('a' + r.nextInt(26)));
                }
            }
            StringBuilder json = new StringBuilder("{\"id\":\"");
            StringBuilder query = new StringBuilder();
            // at most 300 characters in the request line: Netty answers 413 for one over 4,096 bytes
            for (byte b : v.substring(0, Math.min(300, v.length())).getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
                query.append('%').append(String.format("%02X", b & 0xFF));
            }
            for (char c : v.toString().toCharArray()) {
                json.append(c < 0x20 || c > 0x7E || c == '"' || c == '\\' ? String.format("\\u%04x", (int) c) : c);
            }
            json.append("\"}");
            for (RawHttp.Answer a : List.of(http.post("/ids/body", json.toString()), http.get("/ids/query?id=" + query),
                    http.get("/ids/path/" + query))) {
                String detail = a.body().replaceAll(".*\"detail\":\"((?:[^\"\\\\]|\\\\.)*)\".*", "$1");
                if (a.status() != 400 || detail.length() > 260 || detail.chars().anyMatch(c -> c < 0x20 || c == 0x7f
                        || Character.getType(c) == Character.FORMAT || Character.getType(c) == Character.LINE_SEPARATOR)) {
                    wrong.add(i + ": " + a.status() + " " + a.body().substring(0, Math.min(120, a.body().length())));
                }
            }
        }
        assertEquals(List.of(), wrong, "seed " + seed + " (rerun with -Dsno.seed=" + seed + ")");
    }
}
