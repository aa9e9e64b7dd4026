package dev.sno.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoId;
import dev.sno.jdbc.lease.JdbcPartitionLeases;
import java.io.IOException;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The built example application, processed by Spring AOT ({@code spring-boot:process-aot}, in
 * prepare-package), decides where its sno partition comes from exactly as the same build without
 * AOT (issue 18: the starter's decision used to be a build-time condition, which AOT froze). Each
 * scenario starts the application twice as a JVM of its own, {@code java -cp target/classes:<its
 * runtime class path> dev.sno.example.ExampleApplication}, once with {@code -Dspring.aot.enabled=true}
 * and once without, both at once, with the scenario's properties given at run time only, and compares the
 * {@code sno} health details and the starter's startup line. The build-time
 * application.properties (which AOT saw) sets {@code sno.partition=7} and an in-memory H2
 * DataSource; the PostgreSQL scenarios replace it at run time with {@code --spring.config.location}
 * (a copy without {@code sno.partition}), each run on a fresh schema of its own. Run by
 * maven-failsafe-plugin from examples/spring-boot3 and examples/spring-boot4; PostgreSQL as in
 * {@link PostgresHttpTest} (the build's server, or the user's).
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class AotPartitionIT {

    /** Every line the starter logs about the partition; exactly one per startup. */
    private static final String SNO_LINE = "sno: partition ";
    /** The log layout of the child: level, full logger name, message. */
    private static final String LOG_PATTERN = "%-5level %logger - %msg%n";
    private static final String STARTER_LOGGER = "dev.sno.spring.boot.SnoAutoConfiguration";
    private static final Pattern PORT = Pattern.compile("started on port (\\d+)");
    /** The sno component of /actuator/health (its fields in either order: Boot 4 sorts them). */
    private static final Pattern SNO_HEALTH = Pattern.compile("\"sno\":\\{(?:[^{}]|\\{[^{}]*\\})*\\}");
    private static final Pattern STATUS = Pattern.compile("\"status\":\"(\\w+)\"");
    private static final Pattern DETAILS = Pattern.compile("\"details\":\\{([^{}]*)\\}");
    private static final Pattern DETAIL = Pattern.compile("\"(\\w+)\":(\"(?:[^\"\\\\]|\\\\.)*\"|[^,]*)");
    private static final Duration STARTUP = Duration.ofMinutes(3);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private static Path classes;
    private static String classPath;
    private static Path work;

    @BeforeAll
    static void findTheBuiltApplication() throws IOException {
        classes = Path.of(System.getProperty("sno.app.classes", "target/classes"));
        Path cpFile = Path.of(System.getProperty("sno.app.classpath-file", "target/runtime-classpath.txt"));
        work = Files.createDirectories(Path.of(System.getProperty("sno.app.work", "target/aot-it")));
        assertTrue(Files.isRegularFile(classes.resolve("dev/sno/example/ExampleApplication__ApplicationContextInitializer.class")),
                "process-aot compiled the application's AOT code into " + classes);
        classPath = classes + java.io.File.pathSeparator + Files.readString(cpFile).strip();
    }

    /** (a) Leasing asked for, and the table created by the starter: leased, same with AOT. */
    @Test
    void leaseEnabledWithInitializeSchemaAlwaysLeases() throws Exception {
        String pg = postgres();
        List<Run> runs = atOnce(
                () -> runOnFreshSchema("enabled-aot", pg, true, false, "sno.lease.enabled", "true", "sno.lease.initialize-schema", "always"),
                () -> runOnFreshSchema("enabled-jit", pg, false, false, "sno.lease.enabled", "true", "sno.lease.initialize-schema", "always"));
        for (Run r : runs) {
            r.assertSource("leased");
            assertEquals("default", r.details.get("leaseNamespace"), r.toString());
            assertTrue(r.details.containsKey("lease"), r.toString());
            r.assertOneInfoLine("(leased from the table sno_partition_lease in PostgreSQL ");
            // the one startup line says the starter created the table
            assertEquals(1, r.lines(", created at startup (sno.lease.initialize-schema=always)").size(), r.toString());
        }
        assertSame(runs.get(0), runs.get(1));
    }

    /** (b) Leasing unset (auto), the table present: leased, same with AOT. */
    @Test
    void autoLeasesWhenTheTableExists() throws Exception {
        String pg = postgres();
        List<Run> runs = atOnce(() -> runOnFreshSchema("auto-table-aot", pg, true, true),
                () -> runOnFreshSchema("auto-table-jit", pg, false, true));
        for (Run r : runs) {
            r.assertSource("leased");
            assertEquals("default", r.details.get("leaseNamespace"), r.toString());
            assertTrue(r.details.containsKey("lease"), r.toString());
            r.assertOneInfoLine("(leased from the table sno_partition_lease in PostgreSQL ");
        }
        assertSame(runs.get(0), runs.get(1));
    }

    /** (c) Leasing unset, no table: a random partition and one WARNING, same with AOT. */
    @Test
    void autoIsRandomWithOneWarningWithoutTheTable() throws Exception {
        String pg = postgres();
        List<Run> runs = atOnce(() -> runOnFreshSchema("auto-no-table-aot", pg, true, false),
                () -> runOnFreshSchema("auto-no-table-jit", pg, false, false));
        for (Run r : runs) {
            r.assertSource("random");
            assertTrue(!r.details.containsKey("lease"), r.toString());
            List<String> lines = r.lines(SNO_LINE);
            assertEquals(1, lines.size(), r.toString());
            assertTrue(lines.get(0).startsWith("WARN  " + STARTER_LOGGER + " - " + SNO_LINE), r.toString());
            assertTrue(lines.get(0).contains(" is random: sno.partition is not set and the table"
                    + " sno_partition_lease does not exist in PostgreSQL "), r.toString());
        }
        assertSame(runs.get(0), runs.get(1));
    }

    /** (d) The packaged configuration (sno.partition=7, H2 in memory): configured, same with AOT. */
    @Test
    void thePackagedPartitionIsConfigured() throws Exception {
        List<Run> runs = atOnce(() -> start("configured-aot", true, null), () -> start("configured-jit", false, null));
        for (Run r : runs) {
            r.assertSource("configured");
            assertEquals("7", r.details.get("partition"), r.toString());
            List<String> lines = r.lines(SNO_LINE);
            assertEquals(List.of("INFO  " + STARTER_LOGGER + " - sno: partition 7 (configured: sno.partition)"), lines,
                    r.toString());
        }
        assertEquals(runs.get(0).details, runs.get(1).details);
        assertSame(runs.get(0), runs.get(1));
    }

    /**
     * The AOT-processed application (Spring Data JDBC, JPA, JSON, the starter's web support) serves
     * sno IDs over HTTP: entities created and read back, a malformed ID answered 400 with the
     * problem detail, a polymorphic body read as its subtype or answered 400, health UP. Spring
     * AOT wrote the starter's runtime hints (META-INF/spring/aot.factories) into the
     * application's native-image metadata.
     */
    @Test
    void theAotProcessedApplicationServesIdsAndCarriesTheStartersHints() throws Exception {
        Run aot = start("http-aot", true, null, base -> {
            HttpResponse<String> person = call(base, "POST", "/people", "{\"name\":\"Grace\"}");
            assertEquals(200, person.statusCode(), person.body());
            SnoId personId = idOf(person.body());
            assertEquals(7, personId.partition(), person.body());
            assertEquals(1, personId.meta(), person.body());
            HttpResponse<String> read = call(base, "GET", "/people/" + personId, null);
            assertEquals(200, read.statusCode(), read.body());
            assertTrue(read.body().contains("\"name\":\"Grace\""), read.body());

            HttpResponse<String> note = call(base, "POST", "/notes", "{\"body\":\"hi\",\"author\":\"" + personId + "\"}");
            assertEquals(200, note.statusCode(), note.body());
            SnoId noteId = idOf(note.body());
            assertEquals(2, noteId.meta(), note.body());
            assertEquals(200, call(base, "GET", "/notes/" + noteId, null).statusCode());

            HttpResponse<String> bad = call(base, "GET", "/people/29gfem22232im22Z", null);
            assertEquals(400, bad.statusCode(), bad.body());
            assertTrue(bad.headers().firstValue("Content-Type").orElse("").startsWith("application/problem+json"),
                    bad.headers().toString());
            assertTrue(bad.body().contains("\"title\":\"Invalid sno ID\"") && bad.body().contains("\"parameter\":\"id\""),
                    bad.body());

            SnoId customer = SnoId.of(java.time.Instant.now(), false, 5, 7, 1);
            HttpResponse<String> party = call(base, "POST", "/parties", "{\"id\":\"" + customer + "\",\"name\":\"x\"}");
            assertEquals(200, party.statusCode(), party.body());
            assertTrue(party.body().contains("\"kind\":\"Customer\""), party.body());
            HttpResponse<String> noId = call(base, "POST", "/parties", "{\"name\":\"x\"}");
            assertEquals(400, noId.statusCode(), noId.body());
            assertTrue(noId.body().contains("Missing sno ID"), noId.body());
        });
        aot.assertSource("configured");

        StringBuilder metadata = new StringBuilder();
        try (var files = Files.walk(classes.resolve("META-INF/native-image"))) {
            for (Path f : files.filter(Files::isRegularFile).collect(Collectors.toList())) {
                metadata.append(Files.readString(f).replace("\\/", "/")); // Spring 7's JSON escapes slashes
            }
        }
        for (String hint : List.of("dev.sno.jackson2.SnoModule", "dev.sno.jackson3.SnoModule",
                "dev.sno.jdbc.hibernate.SnoGeneratedIds",
                "dev/sno/jdbc/sql/", "META-INF/services/tools.jackson.databind.JacksonModule",
                "dev.sno.example.parties.Customer")) {
            assertTrue(metadata.indexOf(hint) >= 0, "the application's AOT metadata names " + hint);
        }
    }

    private static final Pattern ID = Pattern.compile("\"id\":\"([2-9a-x]{16})\"");

    private static SnoId idOf(String json) {
        Matcher m = ID.matcher(json);
        assertTrue(m.find(), json);
        return SnoId.parse(m.group(1));
    }

    private static HttpResponse<String> call(String base, String method, String path, String json) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        if (json == null) {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(json));
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Calls made on a started application, given its base URL. */
    interface Calls {
        void on(String base) throws Exception;
    }

    /**
     * Runs a scenario's AOT and non-AOT starts at the same time: two JVMs of their own, each
     * with its own schema, configuration file and log, so neither sees the other. Started one
     * after the other they took about 80 s of the build per Boot version.
     *
     * @return the AOT run, then the other
     */
    private static List<Run> atOnce(Callable<Run> aot, Callable<Run> jit) throws Exception {
        FutureTask<Run> first = new FutureTask<>(aot);
        Thread t = new Thread(first, "aot-it-aot-run");
        t.start();
        Run second;
        try {
            second = jit.call();
        } finally {
            t.join();
        }
        try {
            return List.of(first.get(), second);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception x) {
                throw x;
            }
            throw (Error) e.getCause();
        }
    }

    /** The same decision: health details and startup line, up to the partition number and ephemeral state. */
    private static void assertSame(Run aot, Run jit) {
        System.out.println("[aot-it] " + aot + "\n[aot-it] " + jit);
        assertEquals(jit.comparable(), aot.comparable(), "AOT vs. non-AOT:\n" + aot + "\n" + jit);
    }

    /**
     * Starts the application on a fresh PostgreSQL schema (with the lease table if asked), with
     * the packaged properties less sno.partition, plus the given ones.
     */
    private static Run runOnFreshSchema(String name, String pg, boolean aot, boolean leaseTable, String... properties)
            throws Exception {
        String schema = "sno_aot_" + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
        try (Connection c = DriverManager.getConnection(pg); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
            if (leaseTable) {
                s.execute("SET search_path TO " + schema);
                s.execute(JdbcPartitionLeases.DDL);
            }
        }
        try {
            Properties config = new Properties();
            try (var in = Files.newInputStream(classes.resolve("application.properties"))) {
                config.load(in);
            }
            assertTrue(config.remove("sno.partition") != null, "the packaged configuration sets sno.partition");
            config.setProperty("spring.datasource.url", pg + (pg.contains("?") ? "&" : "?") + "currentSchema=" + schema);
            for (int i = 0; i < properties.length; i += 2) {
                config.setProperty(properties[i], properties[i + 1]);
            }
            Path file = work.resolve(name + ".properties");
            try (Writer w = Files.newBufferedWriter(file)) {
                config.store(w, "AotPartitionIT: the packaged application.properties less sno.partition, at run time");
            }
            return start(name, aot, file);
        } finally {
            try (Connection c = DriverManager.getConnection(pg); Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA " + schema + " CASCADE");
            }
        }
    }

    /**
     * Runs the built application until it has started, reads its sno health, and stops it.
     *
     * @param config  the run-time configuration file that replaces the packaged one, or null
     */
    private static Run start(String name, boolean aot, Path config) throws Exception {
        return start(name, aot, config, null);
    }

    /** As above, with calls on the running application (null: none) before it stops. */
    private static Run start(String name, boolean aot, Path config, Calls calls) throws Exception {
        Path log = work.resolve(name + ".log");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", classPath));
        if (aot) {
            command.add("-Dspring.aot.enabled=true");
        }
        command.addAll(List.of(ExampleApplication.class.getName(), "--server.port=0", "--server.address=127.0.0.1",
                "--logging.pattern.console=" + LOG_PATTERN));
        if (config != null) {
            command.add("--spring.config.location=file:" + config.toAbsolutePath());
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long deadline = System.nanoTime() + STARTUP.toNanos();
            String out = "";
            while (!out.contains("Started ExampleApplication")) {
                if (!p.isAlive() || System.nanoTime() - deadline > 0) {
                    p.waitFor(5, TimeUnit.SECONDS);
                    out = Files.readString(log, StandardCharsets.UTF_8);
                    throw new AssertionError(name + ": the application " + (p.isAlive() ? "did not start within "
                            + STARTUP : "exited with " + p.exitValue()) + "; its log (" + log + "):\n" + out);
                }
                p.waitFor(100, TimeUnit.MILLISECONDS);
                out = Files.readString(log, StandardCharsets.UTF_8);
            }
            if (aot) {
                assertTrue(out.contains("Starting AOT-processed ExampleApplication"), name + ": not AOT-processed:\n" + out);
            } else {
                assertTrue(!out.contains("AOT-processed"), name + ": AOT-processed:\n" + out);
            }
            Matcher port = PORT.matcher(out);
            assertTrue(port.find(), out);
            HttpResponse<String> health = HTTP.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port.group(1) + "/actuator/health")).timeout(Duration.ofSeconds(30))
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            Matcher sno = SNO_HEALTH.matcher(health.body());
            assertTrue(sno.find(), name + ": no sno health component in " + health.body());
            Matcher status = STATUS.matcher(sno.group());
            Matcher fields = DETAILS.matcher(sno.group());
            assertTrue(status.find() && fields.find(), name + ": " + sno.group());
            Map<String, String> details = new TreeMap<>();
            details.put("status", status.group(1));
            Matcher d = DETAIL.matcher(fields.group(1));
            while (d.find()) {
                details.put(d.group(1), d.group(2).replaceAll("^\"|\"$", ""));
            }
            if (calls != null) {
                calls.on("http://127.0.0.1:" + port.group(1));
            }
            return new Run(name, details, out);
        } finally {
            p.destroy();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    /** What one startup showed: its sno health details and its log. */
    record Run(String name, Map<String, String> details, String log) {

        List<String> lines(String containing) {
            return log.lines().filter(l -> l.contains(containing)).collect(Collectors.toList());
        }

        void assertSource(String source) {
            assertEquals("UP", details.get("status"), toString());
            assertEquals(source, details.get("source"), toString());
        }

        void assertOneInfoLine(String containing) {
            List<String> lines = lines(SNO_LINE);
            assertEquals(1, lines.size(), toString());
            assertTrue(lines.get(0).startsWith("INFO  " + STARTER_LOGGER + " - " + SNO_LINE)
                    && lines.get(0).contains(containing), toString());
        }

        /**
         * What must be equal with and without AOT: the detail names and values except a leased
         * or random partition's number, and the starter's lines with that number masked.
         */
        String comparable() {
            boolean configured = "configured".equals(details.get("source"));
            Map<String, String> d = new TreeMap<>(details);
            if (!configured) {
                d.put("partition", "N");
            }
            String lines = log.lines().filter(l -> l.contains(STARTER_LOGGER))
                    .map(l -> configured ? l : l.replaceFirst(SNO_LINE + "\\d+", SNO_LINE + "N"))
                    .collect(Collectors.joining("\n"));
            return d + "\n" + lines;
        }

        @Override
        public String toString() {
            return name + ": sno health " + details + "; starter's lines:\n" + log.lines()
                    .filter(l -> l.contains(STARTER_LOGGER)).collect(Collectors.joining("\n"));
        }
    }

    /** The PostgreSQL URL, as {@link PostgresHttpTest} finds it; aborts the test without a server, except in CI. */
    private static String postgres() {
        return PostgresHttpTest.postgres();
    }
}
