package dev.sno.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The shared table of partition decisions ({@code test-support/decisions/cases.txt}): each case
 * gives settings and what the application has (its environment), and the decision, startup line,
 * failure and health details every framework must arrive at. Plain Java, the Spring Boot starter
 * (on Boot 3.5 and 4) and the Quarkus extension each run it through their own machinery and
 * compare with {@link #mismatches}.
 */
public final class DecisionCases {

    /**
     * One case.
     *
     * @param name        the case's name
     * @param env         what the application has: {@code none}, {@code pg}, {@code pg-create},
     *                    {@code pg+table}, {@code mysql}, {@code mysql-create}, {@code mysql+table},
     *                    {@code h2-mem}, {@code sqlite}, {@code two} (a primary in-memory H2 and
     *                    a PostgreSQL DataSource named {@code leases} with the table)
     * @param settings    the sno.* settings, in order, placeholders filled in
     * @param source      the expected partition source, or {@code fails}
     * @param text        the start of the expected startup line, or the expected failure
     *                    ({@code #} stands for the partition)
     * @param properties  the settings a failure names
     * @param details     the expected health details ({@code #}: the partition)
     * @param missing     why this case cannot run here (a server that no Maven artifact ships is
     *                    not installed: {@value TestServers#NO_ARTIFACT}...), or null; runners
     *                    skip such a case by name with this reason
     */
    public record Case(String name, String env, Map<String, String> settings, String source, String text,
            List<String> properties, Map<String, String> details, String missing) {

        /** For JUnit's display names. */
        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * What a framework decided for a case.
     *
     * @param source      the generator's partition source, or {@code fails}
     * @param partition   the partition, or -1
     * @param text        the startup line, or the failure's problem
     * @param properties  the settings the failure names (empty unless it fails)
     * @param details     the health details (empty if it fails)
     */
    public record Outcome(String source, int partition, String text, Set<String> properties,
            Map<String, Object> details) {
    }

    private DecisionCases() {
    }

    /**
     * The system property that holds an environment's URL, made once per JVM: every runner of a
     * JVM sees the same databases, whatever its class loader (Quarkus's test runs in one of its
     * own, beside the one that configured its datasources).
     */
    private static final String URL_PROPERTY = "dev.sno.testsupport.decisions.url.";

    /**
     * The JDBC URL of an environment's database: a PostgreSQL schema or a MySQL database of its
     * own (on {@link TestServers}' servers), {@code jdbc:h2:mem:cases}, or a SQLite file; null for
     * {@code none}. {@code pg-create} gives a new schema at each call, since its case creates the
     * table; {@code mysql-create} the same database at each call, its table dropped (its URL is
     * in the case's text); {@code two} gives the URL of its {@code leases} DataSource.
     */
    public static synchronized String url(String env) {
        if (env.equals("pg-create")) {
            return DecisionDatabases.postgresSchema(false);
        }
        String url = database(env);
        if (env.equals("mysql-create")) {
            DecisionDatabases.dropLeaseTable(url);
        }
        return url;
    }

    private static String database(String env) {
        java.util.Properties shared = System.getProperties();
        synchronized (shared) {
            String url = shared.getProperty(URL_PROPERTY + env);
            if (url == null) {
                url = switch (env) {
                    case "pg" -> DecisionDatabases.postgresSchema(false);
                    case "pg+table", "two" -> DecisionDatabases.postgresSchema(true);
                    case "mysql", "mysql-create" -> DecisionDatabases.mysqlDatabase(false);
                    case "mysql+table" -> DecisionDatabases.mysqlDatabase(true);
                    case "h2-mem" -> "jdbc:h2:mem:cases";
                    case "sqlite" -> DecisionDatabases.sqlite();
                    default -> null;
                };
                if (url != null) {
                    shared.setProperty(URL_PROPERTY + env, url);
                }
            }
            return url;
        }
    }

    /**
     * Why the table's MySQL environments cannot be had here (the user turned the build's MySQL
     * off), or empty: a runner that configures every environment's database up front leaves
     * theirs out then, and their cases are skipped by name.
     *
     * @return the reason, or empty
     */
    public static java.util.Optional<String> mysqlMissing() {
        return DecisionDatabases.mysqlMissing();
    }

    /** The placeholders of the table, for this build's servers. */
    public static Map<String, String> placeholders() {
        String pg = TestServers.url(TestServers.Server.POSTGRES);
        java.net.URI redis = java.net.URI.create(TestServers.url(TestServers.Server.REDIS));
        Map<String, String> m = new LinkedHashMap<>(Map.of("pg", pg.contains("?") ? pg.substring(0, pg.indexOf('?'))
                : pg, "redis", redis.toString(), "redis-address", redis.getHost() + ":" + redis.getPort() + "/0",
                "sqlite", url("sqlite"), "zookeeper", zooKeeper()));
        if (EtcdServer.missing().isEmpty()) {
            m.put("etcd", EtcdServer.shared().url());
        }
        return m;
    }

    /**
     * The runnable cases: prints a skip line for each case that cannot run here, and aborts the
     * calling test, naming them, once the runnable ones are checked; for runners that check the
     * whole table in one test.
     *
     * @param cases  the table
     * @return the cases that can run
     */
    public static List<Case> runnable(List<Case> cases) {
        List<Case> r = new ArrayList<>();
        for (Case c : cases) {
            if (c.missing() == null) {
                r.add(c);
            } else {
                System.out.println("[sno] skipping decision case \"" + c.name() + "\": " + c.missing());
            }
        }
        return r;
    }

    /**
     * Aborts the calling test (JUnit's skip) if some cases could not run, naming them; call after
     * the runnable ones were checked, so that a mismatch still fails.
     *
     * @param cases  the table
     */
    public static void skipMissing(List<Case> cases) {
        List<String> missing = cases.stream().filter(c -> c.missing() != null)
                .map(c -> "\"" + c.name() + "\" (" + c.missing() + ")").toList();
        org.junit.jupiter.api.Assumptions.assumeTrue(missing.isEmpty(), () -> "the other cases passed; these did not"
                + " run: " + String.join(", ", missing));
    }

    private static String zooKeeperConnect;

    /**
     * The connect string of a ZooKeeper server of this JVM's own (curator-test's TestingServer, a
     * real server in process, on a free port), started at the first call. Reflective, so that
     * this class compiles where curator-test is not a test dependency; every runner has it.
     */
    private static synchronized String zooKeeper() {
        if (zooKeeperConnect == null) {
            quiet("org.apache.zookeeper");
            quiet("org.apache.curator");
            try {
                Object server = Class.forName("org.apache.curator.test.TestingServer").getConstructor(boolean.class)
                        .newInstance(true);
                zooKeeperConnect = (String) server.getClass().getMethod("getConnectString").invoke(server);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("the decision table's ZooKeeper (org.apache.curator:curator-test,"
                        + " a test dependency of every runner) could not start: " + e, e);
            }
        }
        return zooKeeperConnect;
    }

    /** The loggers quieted here, kept from the garbage collector (java.util.logging holds them weakly). */
    private static final List<java.util.logging.Logger> QUIET = new java.util.ArrayList<>();

    /**
     * Raises a chatty library's loggers to WARN for the rest of this JVM: ZooKeeper's server logs
     * every session at INFO, and at DEBUG where no logging is configured yet. Through Spring Boot's
     * and Quarkus's own settings (system properties, which both read) and directly: java.util.logging,
     * and Logback where it is there.
     */
    private static void quiet(String logger) {
        System.setProperty("logging.level." + logger, "WARN");
        System.setProperty("quarkus.log.category.\"" + logger + "\".level", "WARN");
        java.util.logging.Logger jul = java.util.logging.Logger.getLogger(logger);
        jul.setLevel(java.util.logging.Level.WARNING);
        QUIET.add(jul);
        try {
            Class<?> level = Class.forName("ch.qos.logback.classic.Level");
            Object warn = level.getField("WARN").get(null);
            Object slf4j = Class.forName("org.slf4j.LoggerFactory").getMethod("getLogger", String.class)
                    .invoke(null, logger);
            slf4j.getClass().getMethod("setLevel", level).invoke(slf4j, warn);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError noLogback) {
            // another SLF4J binding, or none: java.util.logging's level and the frameworks' settings
        }
    }

    /** The file, found from the module's directory upward. */
    public static Path file() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path f = dir.resolve("test-support/decisions/cases.txt");
            if (Files.exists(f)) {
                return f;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException("test-support/decisions/cases.txt not found above " + Path.of("")
                .toAbsolutePath());
    }

    /**
     * The cases, with {@code ${name}} placeholders replaced; {@code ${mysql}} with the URL of the
     * case's own MySQL database, made now if this JVM has not made it yet.
     *
     * @param placeholders  for example {@code pg} to the PostgreSQL URL as messages show it
     */
    public static List<Case> load(Map<String, String> placeholders) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Case> cases = new ArrayList<>();
        Map<String, List<String>> fields = null;
        String name = null;
        for (String raw : lines) {
            String line = fill(raw, placeholders);
            if (line.startsWith("== ")) {
                if (name != null) {
                    cases.add(toCase(name, fields));
                }
                name = line.substring(3).strip();
                fields = new LinkedHashMap<>();
            } else if (!line.isBlank() && !line.startsWith("#") && name != null) {
                int colon = line.indexOf(':');
                if (colon < 0) {
                    throw new IllegalStateException("case " + name + ": no field in \"" + line + "\"");
                }
                fields.computeIfAbsent(line.substring(0, colon).strip(), k -> new ArrayList<>())
                        .add(line.substring(colon + 1).strip());
            }
        }
        if (name != null) {
            cases.add(toCase(name, fields));
        }
        return cases;
    }

    private static String fill(String line, Map<String, String> placeholders) {
        String s = line;
        for (Map.Entry<String, String> e : placeholders.entrySet()) {
            s = s.replace("${" + e.getKey() + "}", e.getValue());
        }
        return s;
    }

    /**
     * For a case on a MySQL environment: fills in {@code ${mysql}}, its database's URL as messages
     * show it, or says why it cannot run (the build's MySQL turned off). Null otherwise.
     */
    private static String mysql(String env, Map<String, List<String>> f) {
        if (!env.startsWith("mysql")) {
            return null;
        }
        java.util.Optional<String> off = DecisionDatabases.mysqlMissing();
        if (off.isPresent()) {
            return off.get();
        }
        String shown = DecisionDatabases.shown(database(env));
        f.replaceAll((k, values) -> values.stream().map(v -> v.replace("${mysql}", shown)).toList());
        return null;
    }

    /** The servers a placeholder stands for, for cases whose placeholder could not be filled. */
    private static String missing(Map<String, List<String>> f) {
        for (List<String> values : f.values()) {
            for (String v : values) {
                if (v.contains("${etcd}")) {
                    return EtcdServer.missing().orElse("no etcd");
                }
                if (v.contains("${")) {
                    throw new IllegalStateException("an unknown placeholder in \"" + v + "\" (${mysql} is"
                            + " filled in only in a case whose env is a MySQL one)");
                }
            }
        }
        return null;
    }

    private static Case toCase(String name, Map<String, List<String>> f) {
        String missing = mysql(one(f, "env", "none"), f);
        if (missing == null) {
            missing = missing(f);
        }
        Map<String, String> settings = new LinkedHashMap<>();
        for (String s : f.getOrDefault("set", List.of())) {
            int eq = s.indexOf('=');
            settings.put(s.substring(0, eq), s.substring(eq + 1));
        }
        Map<String, String> details = new LinkedHashMap<>();
        for (String d : one(f, "details", "").split(",")) {
            if (!d.isBlank()) {
                int eq = d.indexOf('=');
                details.put(d.substring(0, eq).strip(), d.substring(eq + 1).strip());
            }
        }
        List<String> properties = new ArrayList<>();
        for (String p : one(f, "properties", "").split(",")) {
            if (!p.isBlank()) {
                properties.add(p.strip());
            }
        }
        String source = Objects.requireNonNull(one(f, "source", null), () -> "case " + name + ": no source");
        String env = one(f, "env", "none");
        return new Case(name, env, settings, source, one(f, "text", ""), properties, details, missing);
    }

    private static String one(Map<String, List<String>> f, String key, String otherwise) {
        List<String> v = f.get(key);
        return v == null ? otherwise : String.join("\n", v);
    }

    /**
     * What differs between the case and the outcome, one line each; empty when they agree.
     *
     * @param runner  which framework ran it, for the lines
     */
    public static List<String> mismatches(String runner, Case c, Outcome o) {
        List<String> m = new ArrayList<>();
        String where = runner + ", case " + c.name() + ": ";
        if (!c.source().equals(o.source())) {
            m.add(where + "source " + o.source() + ", expected " + c.source() + " (" + o.text() + ")");
            return m;
        }
        String expected = c.text().replace("#", Integer.toString(o.partition()));
        if (c.source().equals("fails")) {
            if (!expected.equals(o.text())) {
                m.add(where + "failure\n  was      " + o.text() + "\n  expected " + expected);
            }
            if (!Set.copyOf(c.properties()).equals(o.properties())) {
                m.add(where + "properties " + o.properties() + ", expected " + c.properties());
            }
            return m;
        }
        if (!o.text().startsWith(expected)) {
            m.add(where + "startup line\n  was      " + o.text() + "\n  expected " + expected + "...");
        }
        Map<String, String> details = new LinkedHashMap<>();
        o.details().forEach((k, v) -> details.put(k, String.valueOf(v)));
        Map<String, String> want = new LinkedHashMap<>();
        c.details().forEach((k, v) -> want.put(k, v.replace("#", Integer.toString(o.partition()))));
        if (!want.isEmpty() && !want.equals(details)) {
            m.add(where + "details " + details + ", expected " + want);
        }
        return m;
    }
}
