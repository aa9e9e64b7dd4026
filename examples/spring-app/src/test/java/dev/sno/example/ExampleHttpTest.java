package dev.sno.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoId;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The example application started as in production (its main class, a real server on
 * 127.0.0.1, a real database), driven by real HTTP calls. Subclasses choose the database.
 */
abstract class ExampleHttpTest {

    private static final Pattern ID = Pattern.compile("\"id\":\"([2-9a-x]{16})\"");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static ConfigurableApplicationContext app;
    private static String base;

    /** Starts the application with the given extra arguments (database settings). */
    static void start(String... args) {
        // The tests send bad requests on purpose and assert their 400s; the resolver's warning for
        // each one would read like a failure in the build's output.
        List<String> all = new ArrayList<>(List.of("--server.port=0", "--server.address=127.0.0.1",
                "--logging.level.org.springframework.web.servlet.mvc.support.DefaultHandlerExceptionResolver=error"));
        all.addAll(List.of(args));
        app = SpringApplication.run(ExampleApplication.class, all.toArray(String[]::new));
        base = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
    }

    static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> post(String path, String json) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
    }

    static SnoId idOf(String json) {
        Matcher m = ID.matcher(json);
        assertTrue(m.find(), json);
        return SnoId.parse(m.group(1));
    }

    static void assertStatus(int expected, HttpResponse<String> response) {
        assertEquals(expected, response.statusCode(), response.request().uri() + " answered " + response.body());
    }

    @Test
    void jpaEntitiesGetIdsFromTheConfiguredPartitionAndComeBackByPathVariableParameterAndEntity() throws Exception {
        Instant before = Instant.now();
        HttpResponse<String> boss = post("/people", "{\"name\":\"Grace\"}");
        assertStatus(200, boss);
        SnoId bossId = idOf(boss.body());
        assertEquals(7, bossId.partition(), "sno.partition=7 in every generated ID");
        assertEquals(1, bossId.meta(), "@SnoGeneratedId(meta = 1)");

        List<SnoId> staff = new ArrayList<>();
        for (String name : List.of("Ada", "Alan", "Edsger")) {
            HttpResponse<String> r = post("/people", "{\"name\":\"" + name + "\",\"manager\":\"" + bossId + "\"}");
            assertStatus(200, r);
            assertTrue(r.body().contains("\"manager\":\"" + bossId + "\""), r.body());
            SnoId id = idOf(r.body());
            assertEquals(7, id.partition());
            staff.add(id);
        }
        Instant after = Instant.now().plusMillis(4);

        HttpResponse<String> one = get("/people/" + staff.get(0));
        assertStatus(200, one);
        assertTrue(one.body().contains("\"name\":\"Ada\""), one.body());
        assertStatus(404, get("/people/" + SnoId.ZERO));

        HttpResponse<String> entity = get("/people/" + staff.get(1) + "/entity");
        assertStatus(200, entity);
        assertTrue(entity.body().contains("\"name\":\"Alan\""), entity.body());

        HttpResponse<String> byManager = get("/people?manager=" + bossId);
        assertStatus(200, byManager);
        assertEquals(staff, allIds(byManager.body()), "derived query, ordered by id");

        // A window holds the IDs whose 4 ms unit starts at or after its start; the boss's unit
        // can start before `before` (IDs are floored to their unit), so the window starts at the
        // boss's unit, which IDs of earlier tests may share: they sort before it.
        HttpResponse<String> window = get("/people/created?from=" + bossId.time() + "&to=" + after);
        assertStatus(200, window);
        List<SnoId> created = new ArrayList<>(List.of(bossId));
        created.addAll(staff);
        List<SnoId> inWindow = allIds(window.body());
        assertTrue(inWindow.size() >= created.size(), inWindow.toString());
        assertEquals(created, inWindow.subList(inWindow.size() - created.size(), inWindow.size()),
                "derived BETWEEN over the time window, in sno order");
        assertTrue(inWindow.get(0).time().compareTo(before.minusMillis(4)) >= 0, "nothing from before the window");
        HttpResponse<String> empty = get("/people/created?from=" + after + "&to=" + after);
        assertStatus(200, empty);
        assertEquals(List.of(), allIds(empty.body()), "an empty window");

        HttpResponse<String> all = get("/people/native");
        assertStatus(200, all);
        List<SnoId> nativeOrder = allIds(all.body());
        List<SnoId> sorted = new ArrayList<>(nativeOrder);
        sorted.sort(null);
        assertEquals(sorted, nativeOrder, "ORDER BY id in the database is sno order");
        assertTrue(nativeOrder.containsAll(created));
    }

    @Test
    void aGeneratorSuppliedByASpringBeanMakesTheIdsItsAnnotationNames() throws Exception {
        HttpResponse<String> created = post("/invoices", "{\"customer\":\"ACME\"}");
        assertStatus(200, created);
        SnoId id = idOf(created.body());
        assertEquals(8, id.partition(), "BillingIds' generator (example.billing-partition=8), through Spring");
        assertEquals(3, id.meta());
        Matcher ref = Pattern.compile("\"paymentReference\":\"([2-9a-x]{16})\"").matcher(created.body());
        assertTrue(ref.find(), "a non-key @SnoGeneratedId attribute, generated through the repository: " + created.body());
        SnoId paymentReference = SnoId.parse(ref.group(1));
        assertEquals(5, paymentReference.meta(), "its own metabyte");
        assertEquals(7, paymentReference.partition(), "the application's generator (sno.partition=7), not the key's supplier");
        HttpResponse<String> found = get("/invoices/" + id);
        assertStatus(200, found);
        assertTrue(found.body().contains("\"customer\":\"ACME\""), found.body());
        assertTrue(found.body().contains("\"paymentReference\":\"" + paymentReference + "\""), "stored: " + found.body());

        HttpResponse<String> receipt = post("/receipts", "{\"body\":\"paid\"}");
        assertStatus(200, receipt);
        SnoId receiptId = idOf(receipt.body());
        assertEquals(8, receiptId.partition(), "Spring Data JDBC takes the supplier bean too");
        assertEquals(4, receiptId.meta());
    }

    @Test
    void springJdbcReadsSnoIdsFromUuidColumns() throws Exception {
        SnoId id = idOf(post("/people", "{\"name\":\"Barbara\"}").body());
        HttpResponse<String> r = get("/jdbc/people/" + id);
        assertStatus(200, r);
        assertTrue(r.body().contains("\"row\":{\"id\":\"" + id + "\",\"name\":\"Barbara\",\"manager\":null}"), r.body());
        assertTrue(r.body().contains("\"template\":\"" + id + "\""), r.body());
        assertTrue(r.body().contains("\"reader\":\"" + id + "\""), r.body());
        // issue 30: an ID no row has answered 500 on Boot 4 (JdbcClient's single() on no row)
        assertStatus(404, get("/jdbc/people/2222222222222222"));
    }

    /** Issue 30: an ID no row has answered Spring's bare 400 (a "missing" path variable). */
    @Test
    void anEntityPathVariableOfAnUnknownIdIs404() throws Exception {
        assertStatus(404, get("/people/2222222222222222/entity"));
    }

    @Test
    void springDataJdbcAssignsIdsOnInsertAndFindsBySnoId() throws Exception {
        SnoId author = idOf(post("/people", "{\"name\":\"Donald\"}").body());
        HttpResponse<String> saved = post("/notes", "{\"body\":\"hello\",\"author\":\"" + author + "\"}");
        assertStatus(200, saved);
        SnoId noteId = idOf(saved.body());
        assertEquals(7, noteId.partition());
        assertEquals(2, noteId.meta(), "@SnoGeneratedId(meta = 2) on the record's @Id");
        HttpResponse<String> found = get("/notes/" + noteId);
        assertStatus(200, found);
        assertTrue(found.body().contains("\"author\":\"" + author + "\""), found.body());
        HttpResponse<String> byAuthor = get("/notes?author=" + author);
        assertStatus(200, byAuthor);
        assertEquals(List.of(noteId), allIds(byAuthor.body()));

        // The window's own parameter names (@SnoTimeWindow), Spring Data JDBC's derived BETWEEN:
        // the note's unit is in [its start, +4 ms) and not in the window that ends there.
        Instant unit = noteId.time();
        HttpResponse<String> written = get("/notes/written?since=" + unit + "&until=" + unit.plusMillis(4));
        assertStatus(200, written);
        assertTrue(allIds(written.body()).contains(noteId), written.body());
        HttpResponse<String> before = get("/notes/written?since=" + unit.minusSeconds(60) + "&until=" + unit);
        assertStatus(200, before);
        assertTrue(!allIds(before.body()).contains(noteId), before.body());
    }

    @Test
    void badTimeWindowsAnswer400NamingTheParameterAndValue() throws Exception {
        HttpResponse<String> reversed = get("/people/created?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z");
        assertStatus(400, reversed);
        assertProblem(reversed, "to", "Invalid time window: to=\\\"2026-01-01T00:00:00Z\\\" is before from=\\\"2026-02-01T00:00:00Z\\\"");

        HttpResponse<String> notAnInstant = get("/people/created?from=yesterday&to=2026-01-01T00:00:00Z");
        assertStatus(400, notAnInstant);
        assertProblem(notAnInstant, "from", "Invalid time window: from=\\\"yesterday\\\" is not an ISO-8601 instant");

        HttpResponse<String> early = get("/notes/written?since=1999-12-31T23:59:59Z&until=2026-01-01T00:00:00Z");
        assertStatus(400, early);
        assertProblem(early, "since", "Invalid time window: since=\\\"1999-12-31T23:59:59Z\\\" is outside the sno time range");

        assertStatus(400, get("/people/created?from=2026-01-01T00:00:00Z"));
        assertStatus(400, get("/notes/written?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z"));
    }

    private static void assertProblem(HttpResponse<String> response, String parameter, String detail) {
        assertTrue(response.body().contains("\"title\":\"Invalid time window\""), response.body());
        assertTrue(response.body().contains("\"parameter\":\"" + parameter + "\""), response.body());
        assertTrue(response.body().contains(detail), response.body());
    }

    @Test
    void malformedIdsInPathParameterAndBodyAnswer400NamingTheValue() throws Exception {
        HttpResponse<String> path = get("/people/29gfem22232im22Z");
        assertStatus(400, path);
        assertTrue(path.body().contains("29gfem22232im22Z") && path.body().contains("is not in the alphabet"),
                path.body());

        HttpResponse<String> param = get("/people?manager=tooshort");
        assertStatus(400, param);
        assertTrue(param.body().contains("tooshort") && param.body().contains("\"parameter\":\"manager\""),
                param.body());

        HttpResponse<String> entity = get("/people/NOTANID/entity");
        assertStatus(400, entity);
        assertTrue(entity.body().contains("NOTANID") && entity.body().contains("\"parameter\":\"id\""), entity.body());

        HttpResponse<String> body = post("/people", "{\"name\":\"X\",\"manager\":\"bad-id\"}");
        assertStatus(400, body);
        assertTrue(body.body().contains("bad-id"), body.body());

        HttpResponse<String> noteBody = post("/notes", "{\"body\":\"x\",\"author\":\"29gfem22232im22y\"}");
        assertStatus(400, noteBody);
        assertTrue(noteBody.body().contains("29gfem22232im22y"), noteBody.body());
    }

    @Test
    void anAbstractSnoPolymorphicBodyIsTheSubtypeItsIdsMetabyteNames() throws Exception {
        SnoId customer = SnoId.parse("29gfem22232im222").withMeta(5);
        HttpResponse<String> r = post("/parties", "{\"id\":\"" + customer + "\",\"name\":\"x\"}");
        assertStatus(200, r);
        assertTrue(r.body().contains("\"kind\":\"Customer\"") && r.body().contains("\"id\":\"" + customer + "\""),
                r.body());
    }

    /**
     * Every bad {@code id} of an abstract {@code @SnoPolymorphic} body answers the same kind of
     * 400 problem detail on Boot 3.5 (Jackson 2) and Boot 4 (Jackson 3), its detail naming what
     * was wrong.
     */
    @Test
    void aBadIdOfAnAbstractSnoPolymorphicBodyAnswers400() throws Exception {
        String known = "(known: @SnoMeta(5) Customer, @SnoMeta(6) Supplier)";
        String missing = "Missing sno ID: the property \\\"id\\\" of dev.sno.example.parties.Party is missing, null or"
                + " not a string " + known;
        String unknown = SnoId.parse("29gfem22232im222").withMeta(9).toString();
        List<String> bodies = List.of("{\"name\":\"x\"}", "{\"id\":null,\"name\":\"x\"}",
                "{\"id\":\"" + unknown + "\",\"name\":\"x\"}", "{\"id\":\"bad-id\",\"name\":\"x\"}",
                "{\"id\":42,\"name\":\"x\"}", "{\"id\":{\"a\":1},\"name\":\"x\"}");
        List<String> details = List.of(missing, missing,
                "Unknown metabyte: the sno ID \\\"" + unknown + "\\\" has metabyte 9, which no subtype of"
                        + " dev.sno.example.parties.Party has " + known,
                "Invalid sno ID: \\\"bad-id\\\" (length 6, expected 16)",
                "Invalid sno ID: \\\"42\\\" (length 2, expected 16)",
                missing);
        StringBuilder expected = new StringBuilder();
        StringBuilder actual = new StringBuilder();
        for (int i = 0; i < bodies.size(); i++) {
            HttpResponse<String> r = post("/parties", bodies.get(i));
            // Field by field: Jackson 3 (Boot 4) sorts the properties and leaves out "type":"about:blank".
            expected.append(bodies.get(i)).append(" -> 400 application/problem+json \"title\":\"Invalid sno ID\"")
                    .append(" \"status\":400 \"detail\":\"").append(details.get(i)).append("\" \"instance\":\"/parties\"\n");
            actual.append(bodies.get(i)).append(" -> ").append(r.statusCode()).append(' ')
                    .append(r.headers().firstValue("Content-Type").orElse(""));
            for (String field : List.of("title", "status", "detail", "instance")) {
                Matcher m = Pattern.compile("\"" + field + "\":(\"(?:[^\"\\\\]|\\\\.)*\"|\\d+)").matcher(r.body());
                actual.append(' ').append(m.find() ? m.group() : "(no " + field + " in " + r.body() + ")");
            }
            actual.append('\n');
        }
        assertEquals(expected.toString(), actual.toString());
    }

    @Test
    void actuatorShowsTheGeneratorsHealthAndMeters() throws Exception {
        HttpResponse<String> health = get("/actuator/health");
        assertStatus(200, health);
        Matcher sno = Pattern.compile("\"sno\":\\{(?:[^{}]|\\{[^{}]*\\})*\\}").matcher(health.body());
        assertTrue(sno.find(), health.body());
        assertTrue(sno.group().contains("\"status\":\"UP\"") && sno.group().contains("\"partition\":7"), sno.group());
        HttpResponse<String> capacity = get("/actuator/metrics/sno.generator.unit.capacity");
        assertStatus(200, capacity);
        assertTrue(capacity.body().contains("65536"), capacity.body());
        assertStatus(200, get("/actuator/metrics/sno.generator.regressions"));
    }

    private static List<SnoId> allIds(String json) {
        List<SnoId> ids = new ArrayList<>();
        Matcher m = ID.matcher(json);
        while (m.find()) {
            ids.add(SnoId.parse(m.group(1)));
        }
        assertNotNull(ids);
        return ids;
    }
}
