package com.example.notes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoId;
import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The quickstart as docs/quickstart-spring-jpa.md prints it, started from its main class with its
 * application.properties on the build's PostgreSQL 18 (test-support's TestServers), in a database of
 * its own, and called over HTTP on 127.0.0.1: a note is created with a new ID, stored in the uuid
 * column Hibernate made, read back, and a malformed ID answers the starter's 400 problem; the page
 * shows these answers.
 */
class NotesJpaTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Pattern ID = Pattern.compile("\"id\":\"([2-9a-x]{16})\"");
    private static String server;
    private static String database;
    private static String base;
    private static ConfigurableApplicationContext app;

    @BeforeAll
    static void startOnPostgres18() throws SQLException {
        server = TestServers.url(Server.POSTGRES_18);
        database = "quickstart_jpa_" + UUID.randomUUID().toString().substring(0, 8);
        try (Connection c = DriverManager.getConnection(server); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + database);
        }
        Properties login = org.postgresql.Driver.parseURL(server, null);
        app = SpringApplication.run(NotesApplication.class, "--server.port=0", "--server.address=127.0.0.1",
                "--spring.datasource.url=" + databaseUrl(),
                "--spring.datasource.username=" + login.getProperty("user"),
                "--spring.datasource.password=" + login.getProperty("password", ""));
        base = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
    }

    @AfterAll
    static void stopAndDropTheDatabase() throws SQLException {
        if (app != null) {
            app.close();
        }
        if (database != null) {
            try (Connection c = DriverManager.getConnection(server); Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)"); // this class's own only
            }
        }
    }

    /** The server's URL with this class's database in place of the server's. */
    static String databaseUrl() {
        return server.replaceFirst("^(jdbc:postgresql://[^/?]+)(/[^?]*)?", "$1/" + database);
    }

    static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aNoteIsSavedWithANewIdReadBackAndAMalformedIdAnswers400() throws Exception {
        HttpResponse<String> created = send(HttpRequest.newBuilder(URI.create(base + "/notes"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"text\":\"hello\"}")));
        assertEquals(200, created.statusCode(), created.body());
        Matcher m = ID.matcher(created.body());
        assertTrue(m.find(), created.body());
        SnoId id = SnoId.parse(m.group(1));
        assertEquals(1, id.meta(), "@SnoGeneratedId(meta = 1)");
        assertEquals(1, id.partition(), "sno.partition=1");

        try (Connection c = DriverManager.getConnection(databaseUrl()); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT id, text, pg_typeof(id)::text FROM note")) {
            assertTrue(r.next(), "one row");
            assertEquals(id.toUuid(), r.getObject(1, UUID.class), "the row holds the ID's UUID image");
            assertEquals("hello", r.getString(2));
            assertEquals("uuid", r.getString(3), "Hibernate made a uuid column");
        }

        HttpResponse<String> read = send(HttpRequest.newBuilder(URI.create(base + "/notes/" + id)));
        assertEquals(200, read.statusCode(), read.body());
        assertEquals("{\"id\":\"" + id + "\",\"text\":\"hello\"}", read.body());
        assertEquals(404, send(HttpRequest.newBuilder(URI.create(base + "/notes/" + SnoId.ZERO))).statusCode());

        HttpResponse<String> malformed = send(HttpRequest.newBuilder(URI.create(base + "/notes/hello")));
        assertEquals(400, malformed.statusCode(), malformed.body());
        assertEquals("application/problem+json", malformed.headers().firstValue("Content-Type").orElse(""));
        assertTrue(malformed.body().contains("\"title\":\"Invalid sno ID\"") && malformed.body().contains(
                "\"detail\":\"Invalid sno ID: \\\"hello\\\"") && malformed.body().contains("\"parameter\":\"id\""),
                malformed.body());

        // The page's "Run it" shows these answers (its ID in place of this run's).
        String page = Files.readString(Path.of("../../docs/quickstart-spring-jpa.md"));
        Matcher shown = Pattern.compile("curl -s localhost:8080/notes/([2-9a-x]{16})\n").matcher(page);
        assertTrue(shown.find(), "the page reads a note back by its ID");
        for (String answer : new String[] {created.body(), read.body(), malformed.body()}) {
            String line = answer.replace(id.toString(), shown.group(1));
            assertTrue(page.contains("\n" + line + "\n"), "the page shows the service's answer " + line);
        }
        assertTrue(page.contains("`" + SnoId.parse(shown.group(1)).toUuid() + "`"), "the page's UUID image is its ID's");
    }
}
