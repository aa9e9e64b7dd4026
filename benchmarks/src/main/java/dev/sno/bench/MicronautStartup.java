package dev.sno.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Startup time of the Micronaut example with sno ({@code examples/micronaut-app}) against its twin
 * with {@code java.util.UUID} IDs and no sno jar ({@code benchmarks/micronaut-startup-uuid}). Each
 * start is a JVM of its own on the given class path, against the same PostgreSQL, whose
 * {@code note} table is dropped first (each app creates it at startup); it measures (a) the
 * milliseconds Micronaut's own "Startup completed in N ms" line reports and (b) the wall time from
 * just before the process is started until the first {@code POST /notes} is answered 201. Then the
 * process gets SIGTERM and is waited for.
 *
 * <pre>java -cp benchmarks.jar dev.sno.bench.MicronautStartup PG_URL RUNS SNO_CLASSPATH UUID_CLASSPATH LOG_DIR [OUT.md COMMAND]</pre>
 *
 * <p>One unmeasured pair first (sno, uuid), then RUNS of each, alternating sno, uuid. The two class
 * paths must differ by sno's jars alone. Without OUT.md the report goes to standard output.
 * {@code benchmarks/micronaut-startup.sh} starts the server, builds the class paths and runs this.
 */
public final class MicronautStartup {

    /** Micronaut's line, as its logger prints it once the server listens. */
    static final Pattern STARTED = Pattern.compile("Startup completed in (\\d+)ms\\. Server Running: (http://\\S+)");

    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);

    private MicronautStartup() {
    }

    /** One of the two apps: its name in the report, its main class and its class path. */
    record App(String name, String mainClass, String classPath) {
    }

    /** One start: Micronaut's own figure (a) and the wall time to the first 201 (b), in ms. */
    record Run(String app, long startupMs, long firstCreatedMs) {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 5 && args.length != 7) {
            System.err.println("usage: MicronautStartup PG_URL RUNS SNO_CLASSPATH UUID_CLASSPATH LOG_DIR [OUT.md COMMAND]");
            System.exit(2);
        }
        String url = args[0];
        int runs = Integer.parseInt(args[1]);
        App sno = new App("sno", "dev.sno.example.micronaut.Application", args[2]);
        App uuid = new App("uuid", "dev.sno.bench.micronaut.Application", args[3]);
        Path logs = Path.of(args[4]);
        List<String> snoJars = snoJars(sno.classPath(), uuid.classPath());
        Files.createDirectories(logs);

        String loadBefore = loadAverage();
        Instant date = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        for (App app : List.of(sno, uuid)) {
            Run run = start(app, url, http, logs.resolve("warmup-" + app.name() + ".log"));
            System.err.printf(Locale.ROOT, "%s warm-up (not counted): startup %d ms, first 201 after %d ms%n",
                    app.name(), run.startupMs(), run.firstCreatedMs());
        }
        List<Run> all = new ArrayList<>();
        for (int i = 1; i <= runs; i++) {
            for (App app : List.of(sno, uuid)) {
                Run run = start(app, url, http, logs.resolve(app.name() + "-" + i + ".log"));
                System.err.printf(Locale.ROOT, "%s run %d: startup %d ms, first 201 after %d ms%n",
                        app.name(), i, run.startupMs(), run.firstCreatedMs());
                all.add(run);
            }
        }
        String loadAfter = loadAverage();

        String command = args.length == 7 ? args[6] : "benchmarks/micronaut-startup.sh --smoke";
        String md = markdown(all, new Machine(date, PgInsertBenchmark.cpu(), Runtime.getRuntime().availableProcessors(),
                jdk(), loadBefore, loadAfter, server(url)), snoJars, common(uuid.classPath()), command);
        if (args.length == 7) {
            Files.writeString(Path.of(args[5]), md, StandardCharsets.UTF_8);
        } else {
            System.out.print(md);
        }
    }

    /** Where and when the runs ran. */
    record Machine(Instant date, String cpu, int cores, String jdk, String loadBefore, String loadAfter,
            String server) {
    }

    /**
     * Starts the app once against an empty database and measures it.
     *
     * @throws IllegalStateException if it does not start, or its first note is not created
     */
    static Run start(App app, String url, HttpClient http, Path log) throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS note");
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", app.classPath(),
                "-Dmicronaut.server.host=127.0.0.1",
                "-Dmicronaut.server.port=-1",
                "-Ddatasources.default.url=" + url,
                "-Ddatasources.default.username=sno",
                app.mainClass()).redirectErrorStream(true);
        long t0 = System.nanoTime();
        Process p = pb.start();
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8))) {
            CompletableFuture<Matcher> started = new CompletableFuture<>();
            Thread reader = new Thread(() -> copy(p, out, started), "log-" + app.name());
            reader.start();
            Matcher m = started.get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if (m == null) {
                throw new IllegalStateException(app.name() + " exited before \"Startup completed\"; see " + log);
            }
            HttpResponse<String> created = http.send(HttpRequest.newBuilder(URI.create(m.group(2) + "/notes"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"text\":\"startup\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            long t1 = System.nanoTime();
            if (created.statusCode() != 201 || !created.body().contains("\"id\":\"")) {
                throw new IllegalStateException(app.name() + ": POST /notes answered " + created.statusCode()
                        + " " + created.body() + "; see " + log);
            }
            p.destroy(); // SIGTERM: Micronaut's shutdown hook closes the context
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException(app.name() + " did not stop within 60 s of SIGTERM; see " + log);
            }
            reader.join();
            out.println("(exit code " + p.exitValue() + " after SIGTERM)");
            return new Run(app.name(), Long.parseLong(m.group(1)), TimeUnit.NANOSECONDS.toMillis(t1 - t0));
        } finally {
            p.destroyForcibly();
        }
    }

    /** Copies the process's output to the log, completing {@code started} at the line of {@link #STARTED}. */
    private static void copy(Process p, PrintWriter out, CompletableFuture<Matcher> started) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                out.println(line);
                Matcher m = STARTED.matcher(line);
                if (!started.isDone() && m.find()) {
                    started.complete(m);
                }
            }
        } catch (IOException e) {
            // the JDK closes an exited process's pipe under a blocked reader: the end, not a failure
            if (!"Stream closed".equals(e.getMessage())) {
                out.println("(reading the output failed: " + e + ")");
            }
        } finally {
            started.complete(null);
        }
    }

    /**
     * The file names of sno's jars on the first class path, after checking that the two class paths
     * differ by those alone (directories, the apps' own classes, aside).
     *
     * @throws IllegalArgumentException naming the difference, if they differ otherwise
     */
    static List<String> snoJars(String snoClassPath, String uuidClassPath) {
        Set<String> with = jars(snoClassPath);
        Set<String> without = jars(uuidClassPath);
        List<String> sno = with.stream().filter(n -> n.startsWith("sno-")).toList();
        Set<String> extra = new TreeSet<>(with);
        extra.removeAll(without);
        extra.removeAll(sno);
        Set<String> missing = new TreeSet<>(without);
        missing.removeAll(with);
        if (sno.isEmpty() || !extra.isEmpty() || !missing.isEmpty()) {
            throw new IllegalArgumentException("the class paths must differ by sno's jars alone: sno's jars " + sno
                    + ", only with sno " + extra + ", only without " + missing);
        }
        return sno;
    }

    /** How many jars the class path holds: the ones both apps share. */
    private static int common(String uuidClassPath) {
        return jars(uuidClassPath).size();
    }

    private static Set<String> jars(String classPath) {
        Set<String> names = new TreeSet<>();
        for (String entry : classPath.split(java.io.File.pathSeparator)) {
            if (entry.endsWith(".jar")) {
                names.add(Path.of(entry).getFileName().toString());
            }
        }
        return names;
    }

    /** The median: the middle value, or the mean of the middle two, rounded. */
    static long median(List<Long> values) {
        long[] v = values.stream().mapToLong(Long::longValue).sorted().toArray();
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : Math.round((v[n / 2 - 1] + v[n / 2]) / 2.0);
    }

    /** The report: setting, medians with difference and ratio, every run. */
    static String markdown(List<Run> runs, Machine machine, List<String> snoJars, int commonJars, String command) {
        long snoA = median(values(runs, "sno", true));
        long uuidA = median(values(runs, "uuid", true));
        long snoB = median(values(runs, "sno", false));
        long uuidB = median(values(runs, "uuid", false));
        int n = values(runs, "sno", true).size();
        StringBuilder sb = new StringBuilder();
        sb.append("# Micronaut startup: the example with and without sno\n\n");
        sb.append("Command: `").append(command).append("`\n\n");
        sb.append("Measured ").append(machine.date()).append(" on ").append(machine.cpu()).append(" (")
                .append(machine.cores()).append(" cores), ").append(machine.jdk()).append(", against ")
                .append(machine.server()).append(".\n");
        sb.append("Load average (1, 5, 15 min): ").append(machine.loadBefore()).append(" at the start, ")
                .append(machine.loadAfter()).append(" at the end.\n\n");
        sb.append("- sno: `examples/micronaut-app`, a `SnoId` ID generated on insert (sno-micronaut), with ")
                .append(String.join(", ", snoJars)).append(" on its class path.\n");
        sb.append("- uuid: `benchmarks/micronaut-startup-uuid`, the same service with a `java.util.UUID` ID that")
                .append(" Micronaut Data generates (`@AutoPopulated`), no sno jar.\n");
        sb.append("- Both: the same ").append(commonJars).append(" other jars (checked), the same datasource settings"
                        + " (the example also sets `sno.partition=1`);")
                .append(" each start a JVM of its own with `-Dmicronaut.server.port=-1`, the `note` table dropped")
                .append(" before it; one unmeasured pair first, then ").append(n)
                .append(n == 1 ? " start" : " starts")
                .append(" of each, alternating sno, uuid; each stopped with SIGTERM and waited for.\n");
        sb.append("- (a): Micronaut's own \"Startup completed in N ms\" line. (b): wall time from just before")
                .append(" the process starts until the first `POST /notes` is answered 201.\n\n");
        sb.append("| app | (a) Startup completed, median | (b) first 201, median |\n");
        sb.append("|---|---|---|\n");
        sb.append(String.format(Locale.ROOT, "| sno | %d ms | %d ms |%n", snoA, snoB));
        sb.append(String.format(Locale.ROOT, "| uuid | %d ms | %d ms |%n", uuidA, uuidB));
        sb.append(String.format(Locale.ROOT, "| difference (sno - uuid) | %+d ms | %+d ms |%n", snoA - uuidA, snoB - uuidB));
        sb.append(String.format(Locale.ROOT, "| ratio (sno / uuid) | %.2fx | %.2fx |%n",
                (double) snoA / uuidA, (double) snoB / uuidB));
        sb.append("\nEvery run, in the order they ran:\n\n");
        sb.append("| # | app | (a) Startup completed | (b) first 201 |\n");
        sb.append("|---|---|---|---|\n");
        for (int i = 0; i < runs.size(); i++) {
            Run r = runs.get(i);
            sb.append(String.format(Locale.ROOT, "| %d | %s | %d ms | %d ms |%n",
                    i + 1, r.app(), r.startupMs(), r.firstCreatedMs()));
        }
        return sb.toString();
    }

    private static List<Long> values(List<Run> runs, String app, boolean startup) {
        return runs.stream().filter(r -> r.app().equals(app))
                .map(r -> startup ? r.startupMs() : r.firstCreatedMs()).toList();
    }

    /** /proc/loadavg's three averages. */
    private static String loadAverage() throws IOException {
        String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
        return String.join(" ", Arrays.copyOf(f, 3));
    }

    private static String jdk() {
        return System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version");
    }

    private static String server(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            return "PostgreSQL " + c.getMetaData().getDatabaseProductVersion();
        }
    }
}
