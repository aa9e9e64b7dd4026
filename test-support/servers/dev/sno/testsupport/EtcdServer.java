package dev.sno.testsupport;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An etcd server for the tests: Debian's etcd 3.4 ({@code etcd-server}: {@code /usr/bin/etcd}, or
 * {@code etcd} on the PATH), which no Maven artifact ships, so it is not one of
 * {@link TestServers}'. Each server runs on free ports of 127.0.0.1 with a data directory under
 * {@code java.io.tmpdir}; a watchdog process outlives a killed test JVM and then stops the server
 * and deletes its data. {@link #shared()} is one server per test JVM, stopped at its exit; tests
 * that kill, stop and restart a server take one of their own ({@link #start()}).
 *
 * <p>Without the binary, {@link #binary()} skips the calling test with a reason that starts
 * {@value TestServers#NO_ARTIFACT} and says how to install it; {@link #missing()} gives that
 * reason to callers that skip by name. {@code -Dsno.etcd.binary=PATH} names the binary instead
 * (one that is not there skips the same way).
 *
 * <p>The servers run with a heartbeat of 50 ms and an election timeout of 500 ms, so that etcd's
 * minimum lease TTL ({@code ceil(1.5 * election timeout)}) is 1 s, as short as the tests' leases;
 * with etcd's defaults (100 ms, 1 s) it is 2 s.
 */
public final class EtcdServer implements AutoCloseable {

    private static EtcdServer shared;

    private final String binary;
    private final Path dir;
    private final int clientPort;
    private final int peerPort;
    private Process process;
    private Process watchdog;

    private EtcdServer(String binary, Path dir, int clientPort, int peerPort) {
        this.binary = binary;
        this.dir = dir;
        this.clientPort = clientPort;
        this.peerPort = peerPort;
    }

    /**
     * Why the etcd tests cannot run here, or empty if an etcd binary is found.
     *
     * @return the reason, starting {@value TestServers#NO_ARTIFACT}
     */
    public static Optional<String> missing() {
        String given = System.getProperty("sno.etcd.binary");
        if (given != null && !given.isEmpty()) {
            return Files.isExecutable(Path.of(given)) ? Optional.empty()
                    : Optional.of(why("-Dsno.etcd.binary=" + given + " is not an executable file"));
        }
        return find().isPresent() ? Optional.empty()
                : Optional.of(why("no etcd binary is on the PATH or at /usr/bin/etcd"));
    }

    /**
     * The etcd binary, or a skip of the calling test saying how to install it.
     *
     * @return the binary's path
     */
    public static String binary() {
        Optional<String> missing = missing();
        if (missing.isPresent()) {
            System.out.println("[sno] skipping: " + missing.get());
            Assumptions.abort(missing.get());
        }
        String given = System.getProperty("sno.etcd.binary");
        return given != null && !given.isEmpty() ? given : find().orElseThrow();
    }

    /**
     * Disables a test class (before any extension starts an application for it) when there is no
     * etcd binary, with the reason {@link #missing()} gives: for test classes that start their
     * application in a JUnit callback, such as Quarkus's, before a test method could skip.
     * Use with {@code @ExtendWith(EtcdServer.Installed.class)}.
     */
    public static final class Installed implements ExecutionCondition {

        /** For JUnit. */
        public Installed() {
        }

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            Optional<String> missing = missing();
            missing.ifPresent(why -> System.out.println("[sno] skipping: " + why));
            return missing.map(ConditionEvaluationResult::disabled)
                    .orElseGet(() -> ConditionEvaluationResult.enabled("an etcd binary is installed"));
        }
    }

    private static Optional<String> find() {
        String path = System.getenv("PATH");
        Stream<Path> dirs = path == null ? Stream.of() : Stream.of(path.split(File.pathSeparator))
                .map(d -> Path.of(d.isEmpty() ? "." : d));
        return Stream.concat(dirs.map(d -> d.resolve("etcd")), Stream.of(Path.of("/usr/bin/etcd")))
                .filter(Files::isExecutable).map(Path::toString).findFirst();
    }

    private static String why(String what) {
        return TestServers.NO_ARTIFACT + "etcd 3.4 (Debian's etcd-server), and " + what
                + "; install it with apt-get install etcd-server";
    }

    /**
     * This JVM's shared server, started at the first call and stopped when the JVM exits; skips
     * the calling test if there is no etcd binary.
     *
     * @return the server
     */
    public static synchronized EtcdServer shared() {
        if (shared == null) {
            EtcdServer s = start();
            Runtime.getRuntime().addShutdownHook(new Thread(s::close, "stop test etcd"));
            shared = s;
        }
        return shared;
    }

    /**
     * Starts a server of the caller's own on free ports (three tries, each on other ports); skips
     * the calling test if there is no etcd binary. {@link #close()} stops it and deletes its data.
     *
     * @return the running server, answering on {@link #url()}
     */
    public static EtcdServer start() {
        String binary = binary();
        IllegalStateException last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            Path dir;
            try {
                dir = Files.createTempDirectory("sno-test-etcd-");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            EtcdServer s = new EtcdServer(binary, dir, freePort(), freePort());
            try {
                s.launch();
                return s;
            } catch (IllegalStateException e) {
                s.close();
                last = e;
            }
        }
        throw last;
    }

    /**
     * The client URL.
     *
     * @return {@code http://127.0.0.1:PORT}
     */
    public String url() {
        return "http://127.0.0.1:" + clientPort;
    }

    /**
     * The client port, for a proxy in front of it.
     *
     * @return the port on 127.0.0.1
     */
    public int port() {
        return clientPort;
    }

    /**
     * The server process's pid.
     *
     * @return the pid of its last start
     */
    public long pid() {
        return process.pid();
    }

    /**
     * Kills the server with SIGKILL: a crash, nothing flushed beyond what etcd synced.
     *
     * @throws InterruptedException if interrupted while waiting for it to die
     */
    public void kill9() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /** Starts the server again on its data directory and ports, after {@link #kill9()}. */
    public void restart() {
        launch();
    }

    /**
     * Sends a signal to the server process.
     *
     * @param signal  {@code STOP}, {@code CONT}, ...
     * @throws IOException if kill cannot run
     * @throws InterruptedException if interrupted while it runs
     */
    public void signal(String signal) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start().waitFor();
    }

    private void launch() {
        String peer = "http://127.0.0.1:" + peerPort;
        ProcessBuilder pb = new ProcessBuilder(binary, "--name", "sno-test", "--data-dir",
                dir.resolve("data").toString(), "--listen-client-urls", url(), "--advertise-client-urls", url(),
                "--listen-peer-urls", peer, "--initial-advertise-peer-urls", peer, "--initial-cluster",
                "sno-test=" + peer, "--heartbeat-interval", "50", "--election-timeout", "500",
                "--log-level", "warn", "--logger", "zap")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("etcd.log").toFile()));
        try {
            process = pb.start();
            Files.writeString(dir.resolve("pid"), Long.toString(process.pid()));
            if (watchdog == null) {
                // Outlives a killed JVM: stops the server (by the pid of its last start) and deletes its data.
                watchdog = new ProcessBuilder("sh", "-c", "while kill -0 " + ProcessHandle.current().pid()
                        + " 2>/dev/null; do sleep 1; done; kill -9 \"$(cat '" + dir.resolve("pid") + "')\";"
                        + " rm -rf '" + dir + "'").redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // Ready when /health says so: the member is up and has a leader (a one-member cluster elects itself).
        long end = System.nanoTime() + 30_000_000_000L;
        String last = "no answer";
        while (!(last = health()).contains("\"true\"")) {
            if (!process.isAlive() || System.nanoTime() - end > 0) {
                process.destroyForcibly();
                throw new IllegalStateException("etcd did not start on " + url() + " (/health: " + last + "): "
                        + log());
            }
            LockSupport.parkNanos(20_000_000L);
        }
    }

    /** The body of GET /health, or why there is none. */
    private String health() {
        try {
            HttpURLConnection c = (HttpURLConnection) URI.create(url() + "/health").toURL().openConnection();
            c.setConnectTimeout(200);
            c.setReadTimeout(2_000);
            try (InputStream in = c.getInputStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } finally {
                c.disconnect();
            }
        } catch (IOException e) {
            return e.toString();
        }
    }

    private String log() {
        try {
            List<String> lines = Files.readAllLines(dir.resolve("etcd.log"));
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /** Stops the server (SIGKILL) and its watchdog, and deletes its data. */
    @Override
    public void close() {
        if (process != null) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (watchdog != null) {
            watchdog.destroyForcibly();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory; the watchdog's sweep is gone with it
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress("127.0.0.1", 0));
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
