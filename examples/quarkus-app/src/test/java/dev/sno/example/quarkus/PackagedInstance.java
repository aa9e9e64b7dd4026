package dev.sno.example.quarkus;

import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One instance of a packaged application (a {@code quarkus-run.jar}), started by the integration
 * tests as a JVM of its own with run-time configuration as system properties, on 127.0.0.1 and a
 * free port; its output goes to a log file.
 */
final class PackagedInstance implements AutoCloseable {

    private final Process process;
    private final int port;
    private final Path log;

    private PackagedInstance(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** Starts {@code java -D<config>... -jar <jar>}, output to {@code log}. */
    static PackagedInstance start(Path jar, Map<String, String> config, Path log) throws IOException {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " does not exist: package the application first (mvn verify)");
        }
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        for (Map.Entry<String, String> e : config.entrySet()) {
            command.add("-D" + e.getKey() + "=" + e.getValue());
        }
        command.add("-Dquarkus.http.port=" + port);
        command.add("-Dquarkus.http.host=127.0.0.1");
        command.add("-jar");
        command.add(jar.toAbsolutePath().toString());
        Files.createDirectories(log.toAbsolutePath().getParent());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new PackagedInstance(p, port, log);
    }

    /** The base URI, http://127.0.0.1:port. */
    String uri() {
        return "http://127.0.0.1:" + port;
    }

    /**
     * A REST Assured request to this instance (host and port set explicitly: the Quarkus test
     * extension may have set RestAssured's global port to another application).
     */
    RequestSpecification given() {
        return RestAssured.given().baseUri("http://127.0.0.1").port(port);
    }

    /** The process ID. */
    long pid() {
        return process.pid();
    }

    /**
     * Polls {@code /q/health/ready} until it answers 200 and returns its body; fails, quoting the
     * log, when the process exits or the deadline passes first.
     */
    String awaitReady(Duration timeout) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create(uri() + "/q/health/ready"))
                .timeout(Duration.ofSeconds(10)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline && process.isAlive()) {
            try {
                HttpResponse<String> r = http.send(ready, HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return r.body();
                }
                last = r.statusCode() + " " + r.body();
            } catch (IOException notYet) {
                last = notYet.toString();
            }
            Thread.sleep(250);
        }
        throw new AssertionError((process.isAlive() ? "not ready within " + timeout : "exited with " + process.exitValue())
                + " (last answer: " + last + "); log " + log + ":\n" + log());
    }

    /**
     * Stops the instance with SIGTERM, as a platform stopping a service does, and waits for it
     * to exit; true if it did within the timeout (else it is killed).
     */
    boolean stop(Duration timeout) throws InterruptedException {
        process.destroy();
        if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            return true;
        }
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        return false;
    }

    /** What the instance has logged so far. */
    String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** Stops the instance if it still runs (after a failed assertion). */
    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                stop(Duration.ofSeconds(30));
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
