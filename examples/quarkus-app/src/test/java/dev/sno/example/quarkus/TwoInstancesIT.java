package dev.sno.example.quarkus;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The packaged application (target/quarkus-app/quarkus-run.jar), started by Quarkus, and a second
 * instance of it started here, lease their partitions from one shared database: they get
 * different ones, and both serve people.
 */
@QuarkusIntegrationTest
@QuarkusTestResource(SharedH2Lease.class)
class TwoInstancesIT {

    private static final Pattern PARTITION = Pattern.compile("\"partition\"\\s*:\\s*(\\d+)");

    @Test
    void twoInstancesGetDifferentPartitions() throws Exception {
        String first = given().get("/q/health/ready").then().statusCode(200).extract().asString();
        assertTrue(first.contains("\"leased\""), first);
        int a = partition(first);

        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        for (Map.Entry<String, String> e : SharedH2Lease.config().entrySet()) {
            command.add("-D" + e.getKey() + "=" + e.getValue());
        }
        command.add("-Dquarkus.http.port=" + port);
        command.add("-Dquarkus.http.host=127.0.0.1");
        command.add("-jar");
        command.add(Path.of("target", "quarkus-app", "quarkus-run.jar").toAbsolutePath().toString());
        Path log = Path.of("target", "second-instance.log");
        Process second = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
            String body = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (body == null && System.nanoTime() < deadline && second.isAlive()) {
                try {
                    HttpResponse<String> r = http.send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + port + "/q/health/ready")).build(),
                            HttpResponse.BodyHandlers.ofString());
                    body = r.statusCode() == 200 ? r.body() : null;
                } catch (IOException notYet) {
                    Thread.sleep(250);
                }
            }
            assertTrue(body != null, () -> "second instance did not get ready: " + read(log));
            assertTrue(body.contains("\"leased\""), body);
            int b = partition(body);
            assertNotEquals(a, b, "two instances, one partition each");
            assertTrue(Math.min(a, b) == 100 && Math.max(a, b) == 101, a + " " + b);
            HttpResponse<String> created = http.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/people")).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Linus\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(201, created.statusCode(), created.body());
            assertTrue(created.body().contains("\"name\":\"Linus\""), created.body());
        } finally {
            second.destroy();
            if (!second.waitFor(60, TimeUnit.SECONDS)) {
                second.destroyForcibly();
            }
        }
        assertTrue(read(log).contains("sno: partition"), read(log));
    }

    private static int partition(String health) {
        Matcher m = PARTITION.matcher(health);
        assertTrue(m.find(), health);
        return Integer.parseInt(m.group(1));
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
