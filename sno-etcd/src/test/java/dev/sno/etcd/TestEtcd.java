package dev.sno.etcd;

import static org.junit.jupiter.api.Assertions.fail;

import dev.sno.testsupport.TestServers;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Assumptions;

/**
 * The etcd the tests use: Debian's etcd 3.4 ({@code etcd-server}, {@code /usr/bin/etcd} or
 * {@code etcd} on the PATH), which no Maven artifact ships. One server per test JVM, started at the
 * first test that needs it on free ports of 127.0.0.1 with a data directory under {@code /tmp}, and
 * stopped when the JVM exits (a watchdog process stops it if the JVM is killed). Tests that kill
 * and restart a server take one of their own ({@link #own()}). Without the binary, every etcd test
 * is skipped with a reason that starts {@value TestServers#NO_ARTIFACT}. {@code -Dsno.etcd.binary=PATH}
 * names the binary instead (one that is not there skips the tests, the same way).
 *
 * <p>The servers run with a heartbeat of 50 ms and an election timeout of 500 ms, so that etcd's
 * minimum lease TTL ({@code ceil(1.5 * election timeout)}) is 1 s, as short as the tests' leases;
 * with etcd's defaults (100 ms, 1 s) it is 2 s.
 */
final class TestEtcd {

    private static Server shared;
    private static volatile Client client;

    private TestEtcd() {
    }

    /** The etcd binary, or a skip of the calling test saying how to install it. */
    static String binary() {
        String given = System.getProperty("sno.etcd.binary");
        if (given != null && !given.isEmpty()) {
            if (Files.isExecutable(Path.of(given))) {
                return given;
            }
            skip("-Dsno.etcd.binary=" + given + " is not an executable file");
        }
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                Path p = Path.of(dir.isEmpty() ? "." : dir, "etcd");
                if (Files.isExecutable(p)) {
                    return p.toString();
                }
            }
        }
        if (Files.isExecutable(Path.of("/usr/bin/etcd"))) {
            return "/usr/bin/etcd";
        }
        skip("no etcd binary is on the PATH or at /usr/bin/etcd");
        throw new AssertionError("unreachable");
    }

    private static void skip(String what) {
        String why = TestServers.NO_ARTIFACT + "etcd 3.4 (Debian's etcd-server), and " + what
                + "; install it with apt-get install etcd-server";
        System.out.println("[sno] skipping: " + why);
        Assumptions.abort(why);
    }

    /** The client URL of this JVM's shared server, started now if needed. */
    static synchronized String url() {
        if (shared == null) {
            shared = Server.start();
            Server s = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(s::close, "stop test etcd"));
        }
        return shared.url();
    }

    /** A client of the shared server, shared by the tests of this JVM. */
    static synchronized Client client() {
        if (client == null) {
            client = Client.builder().endpoints(url()).build();
        }
        return client;
    }

    /** A client of its own, for a holder that a test cuts off. */
    static Client newClient() {
        return Client.builder().endpoints(url()).build();
    }

    /** A server of the caller's own, which it may kill and restart; close() stops and deletes it. */
    static Server own() {
        return Server.start();
    }

    static String namespace(String what) {
        return what + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static String text(ByteSequence b) {
        return b.toString(StandardCharsets.UTF_8);
    }

    static void await(String what, long timeoutMillis, BooleanSupplier condition) {
        long end = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                fail("timed out after " + timeoutMillis + " ms waiting for " + what);
            }
            LockSupport.parkNanos(5_000_000L);
        }
    }

    /** One etcd server process, its ports and data directory, and its watchdog. */
    static final class Server implements AutoCloseable {

        private final String binary;
        private final Path dir;
        private final int clientPort;
        private final int peerPort;
        private Process process;
        private Process watchdog;

        private Server(String binary, Path dir, int clientPort, int peerPort) {
            this.binary = binary;
            this.dir = dir;
            this.clientPort = clientPort;
            this.peerPort = peerPort;
        }

        /** Starts a new server on free ports: three tries, each on other ports. */
        static Server start() {
            String binary = binary();
            IllegalStateException last = null;
            for (int attempt = 0; attempt < 3; attempt++) {
                Path dir;
                try {
                    dir = Files.createTempDirectory("sno-test-etcd-");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                Server s = new Server(binary, dir, freePort(), freePort());
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

        String url() {
            return "http://127.0.0.1:" + clientPort;
        }

        long pid() {
            return process.pid();
        }

        /** Kills the server with SIGKILL: a crash, nothing flushed beyond what etcd synced. */
        void kill9() throws InterruptedException {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }

        /** Starts the server again on its data directory and ports, after {@link #kill9()}. */
        void restart() {
            launch();
        }

        /** Sends a signal (STOP, CONT) to the server process. */
        void signal(String signal) throws IOException, InterruptedException {
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
            long end = System.nanoTime() + 30_000_000_000L;
            while (!listening(clientPort)) {
                if (!process.isAlive() || System.nanoTime() - end > 0) {
                    process.destroyForcibly();
                    throw new IllegalStateException("etcd did not start on " + url() + ": " + log());
                }
                LockSupport.parkNanos(20_000_000L);
            }
            try (Client c = Client.builder().endpoints(url()).build()) {
                c.getKVClient().get(ByteSequence.from("sno-test-ready", StandardCharsets.UTF_8))
                        .get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                process.destroyForcibly();
                throw new IllegalStateException("etcd on " + url() + " does not answer: " + e + "; " + log(), e);
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
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // a temporary directory
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

        private static boolean listening(int port) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return true;
            } catch (IOException e) {
                return false;
            }
        }
    }
}
