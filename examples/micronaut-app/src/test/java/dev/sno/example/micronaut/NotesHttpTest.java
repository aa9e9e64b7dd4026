package dev.sno.example.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoId;
import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The service over real HTTP on 127.0.0.1, on a schema of its own of the build's PostgreSQL 18
 * (TestServers, or {@code SNO_PG18_URL}): a note posted gets a generated ID with metabyte 1 and
 * reads back, an unknown ID is 404, a malformed one 400 with a problem, a time window lists the
 * notes created in it.
 */
class NotesHttpTest {

    private static final Pattern ID = Pattern.compile("\"id\":\"([^\"]+)\"");
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static String admin;
    private static String schema;
    private static EmbeddedServer server;

    @BeforeAll
    static void start() throws Exception {
        admin = TestServers.url(Server.POSTGRES_18);
        schema = "sno_mn_app_" + Long.toHexString(System.nanoTime());
        execute("CREATE SCHEMA " + schema);
        server = ApplicationContext.run(EmbeddedServer.class, Map.of(
                "micronaut.server.host", "127.0.0.1",
                "micronaut.server.port", -1,
                "datasources.default.url", admin + (admin.contains("?") ? "&" : "?") + "currentSchema=" + schema,
                "datasources.default.username", "sno"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (schema != null) {
            execute("DROP SCHEMA " + schema + " CASCADE");
        }
    }

    private static void execute(String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(admin); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(server.getURI().resolve(path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static SnoId post(String text) throws Exception {
        HttpResponse<String> created = HTTP.send(HttpRequest.newBuilder(server.getURI().resolve("/notes"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"text\":\"" + text + "\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(201, created.statusCode(), created::body);
        Matcher id = ID.matcher(created.body());
        assertTrue(id.find(), created::body);
        assertEquals("/notes/" + id.group(1), created.headers().firstValue("Location").orElseThrow());
        return SnoId.parse(id.group(1));
    }

    @Test
    void aPostedNoteGetsAGeneratedIdAndReadsBack() throws Exception {
        SnoId id = post("hello");
        assertEquals(1, id.meta());
        HttpResponse<String> read = get("/notes/" + id);
        assertEquals(200, read.statusCode(), read::body);
        assertEquals("{\"id\":\"" + id + "\",\"text\":\"hello\"}", read.body());
        try (Connection c = DriverManager.getConnection(admin);
                PreparedStatement q = c.prepareStatement("SELECT data_type FROM information_schema.columns"
                        + " WHERE table_schema = ? AND table_name = 'note' AND column_name = 'id'")) {
            q.setString(1, schema);
            try (ResultSet rows = q.executeQuery()) {
                assertTrue(rows.next());
                assertEquals("uuid", rows.getString(1), "the column Micronaut Data created");
            }
        }
    }

    @Test
    void anUnknownIdIsNotFound() throws Exception {
        assertEquals(404, get("/notes/" + SnoId.firstAt(Instant.parse("2020-01-01T00:00:00Z"))).statusCode());
    }

    @Test
    void aMalformedIdIsABadRequestWithAProblem() throws Exception {
        HttpResponse<String> bad = get("/notes/not-a-sno-id");
        assertEquals(400, bad.statusCode(), bad::body);
        assertEquals("application/problem+json", bad.headers().firstValue("Content-Type").orElseThrow());
        assertTrue(bad.body().contains("not-a-sno-id"), bad::body);
    }

    @Test
    void aTimeWindowListsTheNotesCreatedInIt() throws Exception {
        Instant before = Instant.now().minusSeconds(1);
        SnoId id = post("windowed");
        Instant after = Instant.now().plusSeconds(1);
        HttpResponse<String> in = get("/notes?from=" + before + "&to=" + after);
        assertEquals(200, in.statusCode(), in::body);
        assertTrue(in.body().contains("\"id\":\"" + id + "\""), in::body);
        HttpResponse<String> earlier = get("/notes?from=2020-01-01T00:00:00Z&to=2021-01-01T00:00:00Z");
        assertEquals("[]", earlier.body());
    }
}
