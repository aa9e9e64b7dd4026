package dev.sno.example.mariadb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What every MariaDB example must do, checked over real HTTP (java.net.http, 127.0.0.1) against
 * the application started by its main class on the build's MariaDB 11.4 or MySQL 8.0 (test-support's
 * TestServers), in a database of its own: the {@code events.id} column is {@code binary(16)} and
 * holds the 16 bytes of each ID's UUID image; created events get IDs from the application's
 * generator ({@code @SnoGeneratedId(meta = 4)}, {@code sno.partition=21}) and are read back by
 * ID; imported events keep their given IDs, spread over 15 years and sent in random order (the
 * bytes after the time random too, so that bytes 0x80..0xff must sort unsigned); the list is
 * {@code ORDER BY id} and equals the IDs sorted in Java; each time window returns exactly the IDs
 * {@link SnoIdRange#contains} accepts. The subclass starts its application in {@code @BeforeAll}
 * with {@link #start}; the only sno setting each application has beyond its partition is the
 * documented one for its mapping layer. The same application and checks run once on each server
 * (a MariaDB and a MySQL test class per example).
 */
public abstract class EventHttpChecks {

    private static final Pattern ID = Pattern.compile("\"id\":\"([2-9a-x]{16})\"");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Instant FIRST = Instant.parse("2020-01-01T00:00:00Z");
    private static final Instant LAST = Instant.parse("2035-01-01T00:00:00Z");
    private static ConfigurableApplicationContext app;
    private static String base;
    private static String database;
    private static Server server = Server.MARIADB;

    /** A new database on the build's MariaDB, and its JDBC URL (user and password in it). */
    protected static String createDatabase() throws SQLException {
        return createDatabase(Server.MARIADB);
    }

    /**
     * A new database on the build's MariaDB or MySQL, and its JDBC URL (user and password in it);
     * the checks then read and drop that server's database.
     */
    protected static String createDatabase(Server on) throws SQLException {
        server = on;
        String url = TestServers.url(on);
        String name = "sno_example_" + UUID.randomUUID().toString().substring(0, 8);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        database = name;
        return jdbcUrl();
    }

    /** The JDBC URL of this class's database. */
    protected static String jdbcUrl() {
        return TestServers.url(server).replaceFirst("^(jdbc:[a-z]+://[^/?]+)(/[^?]*)?", "$1/" + database);
    }

    /**
     * The host, port, user and password of the server, and this class's database, as
     * {@code {host, port, user, password, database}}.
     */
    protected static String[] server() {
        URI uri = URI.create(TestServers.url(server).substring("jdbc:".length()));
        String user = null;
        String password = null;
        for (String pair : uri.getQuery().split("&")) {
            String[] kv = pair.split("=", 2);
            if (kv[0].equals("user")) {
                user = kv[1];
            } else if (kv[0].equals("password")) {
                password = kv[1];
            }
        }
        return new String[] {uri.getHost(), String.valueOf(uri.getPort() < 0 ? 3306 : uri.getPort()), user, password,
                database};
    }

    /** Starts the application on 127.0.0.1 and a free port, with the given (database) arguments. */
    protected static void start(Class<?> application, String... args) {
        List<String> all = new ArrayList<>(List.of("--server.port=0", "--server.address=127.0.0.1"));
        all.addAll(List.of(args));
        app = SpringApplication.run(application, all.toArray(String[]::new));
        base = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
    }

    @AfterAll
    static void stopAndDropTheDatabase() throws SQLException {
        if (app != null) {
            app.close();
            app = null;
        }
        if (database != null) {
            try (Connection c = DriverManager.getConnection(TestServers.url(server));
                    Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + database); // this class's own database only
            }
            database = null;
        }
        server = Server.MARIADB;
    }

    /** The running application's context, for checks of its beans beyond HTTP. */
    protected static ConfigurableApplicationContext context() {
        return app;
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

    static byte[] image(SnoId id) {
        UUID u = id.toUuid();
        return ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits()).array();
    }

    /** The stored bytes of an event's ID, read with plain JDBC, or null if there is no such row. */
    static byte[] storedId(SnoId id) throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl());
                PreparedStatement p = c.prepareStatement("SELECT id FROM events WHERE id = ?")) {
            p.setBytes(1, image(id));
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? r.getBytes(1) : null;
            }
        }
    }

    /** Creates an event over HTTP and returns its generated ID. */
    protected SnoId create(String title) throws Exception {
        HttpResponse<String> created = post("/events", "{\"title\":\"" + title + "\"}");
        assertStatus(201, created);
        List<SnoId> ids = ids(created.body());
        assertEquals(1, ids.size(), created.body());
        return ids.get(0);
    }

    @Test
    void theDatabaseIsOnTheServerTheClassNamed() throws Exception {
        try (Connection c = DriverManager.getConnection(jdbcUrl());
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT VERSION()")) {
            assertTrue(r.next());
            String version = r.getString(1);
            if (server == Server.MYSQL) {
                assertTrue(version.startsWith("8.") && !version.contains("MariaDB"), "MySQL 8: " + version);
            } else {
                assertTrue(version.contains("MariaDB"), "MariaDB: " + version);
            }
        }
    }

    @Test
    void theIdColumnIsBinary16() throws Exception {
        try (Connection c = DriverManager.getConnection(jdbcUrl());
                PreparedStatement p = c.prepareStatement("SELECT column_type FROM information_schema.columns"
                        + " WHERE table_schema = DATABASE() AND table_name = 'events' AND column_name = 'id'");
                ResultSet r = p.executeQuery()) {
            assertTrue(r.next(), "events.id exists");
            assertEquals("binary(16)", r.getString(1));
        }
    }

    @Test
    void aCreatedEventGetsAGeneratedIdStoredAsItsImageAndIsReadBackByIt() throws Exception {
        Instant before = Instant.now();
        SnoId id = create("deploy");
        assertEquals(4, id.meta(), "@SnoGeneratedId(meta = 4)");
        assertEquals(21, id.partition(), "sno.partition=21");
        assertTrue(!id.time().isBefore(before.minusMillis(4)), id.time() + " is now");
        assertArrayEquals(image(id), storedId(id), "the row holds the 16 bytes of the ID's UUID image");

        HttpResponse<String> read = get("/events/" + id);
        assertStatus(200, read);
        assertEquals("{\"id\":\"" + id + "\",\"title\":\"deploy\"}", read.body());
        assertStatus(404, get("/events/" + SnoId.ZERO));
    }

    @Test
    void eventsComeInSnoOrderAndTimeWindowsReturnExactlyWhatContainsAccepts() throws Exception {
        SplittableRandom random = new SplittableRandom(33);
        List<SnoId> given = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            byte[] bytes = new byte[SnoId.SIZE_BYTES];
            random.nextBytes(bytes);
            byte[] time = SnoId.firstAt(Instant.ofEpochMilli(random.nextLong(FIRST.toEpochMilli(), LAST.toEpochMilli())))
                    .toBytes();
            System.arraycopy(time, 0, bytes, 0, 5);
            given.add(SnoId.fromBytes(bytes));
        }
        Collections.shuffle(given, new java.util.Random(33));
        for (SnoId id : given) {
            HttpResponse<String> imported = post("/events/import", "{\"id\":\"" + id + "\",\"title\":\"imported\"}");
            assertStatus(201, imported);
            assertEquals(List.of(id), ids(imported.body()), "the given ID is kept");
            assertArrayEquals(image(id), storedId(id));
        }
        List<SnoId> created = List.of(create("one"), create("two"), create("three"));

        HttpResponse<String> list = get("/events");
        assertStatus(200, list);
        List<SnoId> listed = ids(list.body());
        assertTrue(listed.containsAll(given) && listed.containsAll(created), list.body());
        List<SnoId> sorted = new ArrayList<>(listed);
        Collections.sort(sorted);
        assertEquals(sorted, listed, "ORDER BY id is sno order");

        List<Instant[]> windows = new ArrayList<>();
        windows.add(new Instant[] {FIRST, LAST});
        windows.add(new Instant[] {created.get(0).time(), created.get(2).time().plusMillis(4)});
        windows.add(new Instant[] {given.get(0).time(), given.get(0).time()}); // empty
        windows.add(new Instant[] {given.get(1).time(), given.get(1).time().plusMillis(4)}); // one unit
        for (int w = 0; w < 12; w++) {
            long from = random.nextLong(FIRST.toEpochMilli(), LAST.toEpochMilli());
            windows.add(new Instant[] {Instant.ofEpochMilli(from),
                    Instant.ofEpochMilli(from + random.nextLong(1, 4L * 365 * 24 * 3600 * 1000))});
        }
        int nonEmpty = 0;
        for (Instant[] w : windows) {
            SnoIdRange range = SnoIdRange.timeWindow(w[0], w[1]);
            HttpResponse<String> inWindow = get("/events/window?from=" + w[0] + "&to=" + w[1]);
            assertStatus(200, inWindow);
            List<SnoId> expected = listed.stream().filter(range::contains).toList();
            assertEquals(expected, ids(inWindow.body()), range.toString());
            nonEmpty += expected.isEmpty() ? 0 : 1;
        }
        assertTrue(nonEmpty >= 10, "most windows hold IDs: " + nonEmpty);
    }
}
