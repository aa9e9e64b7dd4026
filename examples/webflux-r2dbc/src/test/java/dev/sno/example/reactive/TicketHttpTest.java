package dev.sno.example.reactive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoId;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The example started as in production (its main class, a real server on 127.0.0.1, a real
 * database), driven by real HTTP calls. Subclasses choose the database.
 */
abstract class TicketHttpTest {

    private static final Pattern ID = Pattern.compile("\"id\":\"([2-9a-x]{16})\"");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static ConfigurableApplicationContext app;
    private static String base;

    /** Starts the application with the given extra arguments (database settings). */
    static void start(String... args) {
        List<String> all = new ArrayList<>(List.of("--server.port=0", "--server.address=127.0.0.1"));
        all.addAll(List.of(args));
        app = SpringApplication.run(ReactiveExampleApplication.class, all.toArray(String[]::new));
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

    static List<SnoId> ids(String json) {
        List<SnoId> ids = new ArrayList<>();
        Matcher m = ID.matcher(json);
        while (m.find()) {
            ids.add(SnoId.parse(m.group(1)));
        }
        return ids;
    }

    static void assertStatus(int expected, HttpResponse<String> response) {
        assertEquals(expected, response.statusCode(), response.request().uri() + " answered " + response.body());
    }

    SnoId create(String title) throws Exception {
        HttpResponse<String> created = post("/tickets", "{\"title\":\"" + title + "\"}");
        assertStatus(201, created);
        List<SnoId> ids = ids(created.body());
        assertEquals(1, ids.size(), created.body());
        return ids.get(0);
    }

    @Test
    void theApplicationHasNoHibernateSoItsLintCleanCompileProvesTheAnnotationNamesNone() {
        // The pom compiles this application with -Xlint:all -Werror; @SnoGeneratedId used to carry
        // Hibernate's @IdGeneratorType, which made javac's classfile lint fail such a build.
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.hibernate.annotations.IdGeneratorType"));
        for (java.lang.annotation.Annotation meta : dev.sno.SnoGeneratedId.class.getAnnotations()) {
            assertEquals("java.lang.annotation", meta.annotationType().getPackageName(), meta.toString());
        }
    }

    @Test
    void aCreatedTicketGetsAnIdFromTheApplicationsGeneratorAndIsReadBackByIt() throws Exception {
        SnoId id = create("printer on fire");
        assertEquals(2, id.meta(), "@SnoGeneratedId(meta = 2)");
        assertEquals(8, id.partition(), "sno.partition=8");

        HttpResponse<String> read = get("/tickets/" + id);
        assertStatus(200, read);
        assertEquals("{\"id\":\"" + id + "\",\"title\":\"printer on fire\"}", read.body());

        assertStatus(404, get("/tickets/" + SnoId.ZERO));
    }

    @Test
    void ticketsAfterAnIdComeInCreationOrderThroughTheDerivedQuery() throws Exception {
        List<SnoId> created = new ArrayList<>();
        for (String title : List.of("one", "two", "three", "four")) {
            created.add(create(title));
        }
        HttpResponse<String> after = get("/tickets?after=" + created.get(0));
        assertStatus(200, after);
        // Other tests of this class may have created tickets before, never after, these.
        assertEquals(created.subList(1, 4), ids(after.body()));
        HttpResponse<String> none = get("/tickets?after=" + created.get(3));
        assertStatus(200, none);
        assertEquals("[]", none.body());
    }

    @Test
    void aMalformedIdInThePathAnswers400WithTheProblemDetail() throws Exception {
        HttpResponse<String> r = get("/tickets/not-a-sno-id");
        assertStatus(400, r);
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/problem+json"),
                r.headers().toString());
        assertTrue(r.body().contains("\"title\":\"Invalid sno ID\""), r.body());
        assertTrue(r.body().contains("not-a-sno-id"), "names the value: " + r.body());
        assertTrue(r.body().contains("\"parameter\":\"id\""), r.body());

        HttpResponse<String> wrongAlphabet = get("/tickets/0000000000000000");
        assertStatus(400, wrongAlphabet);
        assertTrue(wrongAlphabet.body().contains("0000000000000000"), wrongAlphabet.body());

        HttpResponse<String> query = get("/tickets?after=abc");
        assertStatus(400, query);
        assertTrue(query.body().contains("\"parameter\":\"after\""), query.body());
    }
}
