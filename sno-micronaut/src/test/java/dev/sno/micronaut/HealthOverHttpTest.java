package dev.sno.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sno.SnoGenerator;
import dev.sno.testsupport.DecisionCases;
import dev.sno.testsupport.LogCapture;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Micronaut's {@code /health} endpoint (micronaut-management) of a running server on 127.0.0.1,
 * with details shown as an application shows them ({@code endpoints.health.details-visible=ANONYMOUS}):
 * the {@code sno} indicator with its partition and lease, UP (200) while the lease is held, DOWN
 * (503) once another holder took the partition over in the lease table; the same on
 * {@code /health/readiness}, while {@code /health/liveness} leaves sno out. The details are sno-core's,
 * the same fields the Spring Boot starter's {@code SnoHealth} and the Quarkus extension's
 * {@code SnoReadinessCheck} report.
 */
class HealthOverHttpTest {

    /** The lost lease's refused renewal and final save are logged: allowed, not printed. */
    @RegisterExtension
    final LogCapture log = new LogCapture("dev.sno");

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void healthShowsTheLeaseAndTurnsDownWhenItIsLost() throws Exception {
        String url = DecisionCases.url("pg-create");
        String ns = "health-" + UUID.randomUUID().toString().substring(0, 8);
        Map<String, Object> p = Map.ofEntries(Map.entry("micronaut.server.port", "-1"),
                Map.entry("micronaut.server.host", "127.0.0.1"),
                Map.entry("endpoints.health.details-visible", "ANONYMOUS"),
                Map.entry("datasources.default.url", url),
                Map.entry("datasources.default.driver-class-name", "org.postgresql.Driver"),
                Map.entry("datasources.default.maximum-pool-size", "2"),
                Map.entry("sno.install", "false"),
                Map.entry("sno.lease.initialize-schema", "always"),
                Map.entry("sno.lease.namespace", ns),
                Map.entry("sno.lease.partitions", "3300-3300"),
                Map.entry("sno.lease.duration", "1s"));
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, p)) {
            SnoGenerator generator = server.getApplicationContext().getBean(SnoGenerator.class);
            String range = generator.sequenceMin() + "-" + generator.sequenceMax();

            Answer up = get(server.getURL(), "/health");
            assertEquals(200, up.status(), up.body());
            JsonNode sno = up.json().path("details").path("sno");
            assertEquals("UP", up.json().path("status").asText(), up.body());
            assertEquals("UP", sno.path("status").asText(), up.body());
            assertEquals(List.of("partition", "source", "sequenceRange", "regressions", "leaseNamespace", "lease"),
                    names(sno.path("details")), up.body());
            assertEquals(JSON.readTree("{\"partition\":3300,\"source\":\"leased\",\"sequenceRange\":\"" + range
                    + "\",\"regressions\":0,\"leaseNamespace\":\"" + ns + "\",\"lease\":\"held\"}"), sno.path("details"));

            // a readiness indicator, as the Quarkus extension's check is; not one of liveness
            Answer ready = get(server.getURL(), "/health/readiness");
            assertEquals(200, ready.status(), ready.body());
            assertEquals("held", ready.json().path("details").path("sno").path("details").path("lease").asText(),
                    ready.body());
            assertLive(server.getURL());

            // Another holder takes the partition over in the table: the next renewal is refused.
            try (Connection c = DriverManager.getConnection(url); PreparedStatement s = c.prepareStatement(
                    "UPDATE sno_partition_lease SET epoch = epoch + 1, holder_token = 'someone-else' WHERE namespace = ?")) {
                s.setString(1, ns);
                assertEquals(1, s.executeUpdate());
            }
            Answer down = up;
            long end = System.nanoTime() + 10_000_000_000L;
            while (down.status() == 200 && System.nanoTime() - end < 0) {
                Thread.sleep(50);
                down = get(server.getURL(), "/health");
            }
            assertEquals(503, down.status(), down.body());
            sno = down.json().path("details").path("sno");
            assertEquals("DOWN", down.json().path("status").asText(), down.body());
            assertEquals("DOWN", sno.path("status").asText(), down.body());
            assertEquals("lost", sno.path("details").path("lease").asText(), down.body());
            assertEquals(3300, sno.path("details").path("partition").asInt(), down.body());
            Answer notReady = get(server.getURL(), "/health/readiness");
            assertEquals(503, notReady.status(), notReady.body());
            assertEquals("DOWN", notReady.json().path("details").path("sno").path("status").asText(), notReady.body());
            assertLive(server.getURL());
        }
        log.expect(Level.SEVERE, "sno: the lease of partition 3300 is lost");
        log.expect(Level.WARNING, "Could not save to the sno partition lease " + ns + "/");
        log.allow(Level.INFO, "sno: partition 3300");
        log.allow(Level.INFO, "after the lease was lost");
        log.allow(Level.WARNING, ns);
    }

    /** Liveness answers 200 without sno, whatever the lease. */
    private static void assertLive(URL server) throws IOException {
        Answer live = get(server, "/health/liveness");
        assertEquals(200, live.status(), live.body());
        assertTrue(live.json().path("details").path("sno").isMissingNode(), live.body());
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** An answer's status and body. */
    record Answer(int status, String body) {
        JsonNode json() throws IOException {
            return JSON.readTree(body);
        }
    }

    private static Answer get(URL server, String path) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL(server, path).openConnection();
        try {
            c.setConnectTimeout(10_000);
            c.setReadTimeout(10_000);
            int status = c.getResponseCode();
            try (InputStream in = status < 400 ? c.getInputStream() : c.getErrorStream()) {
                return new Answer(status, in == null ? "" : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
            }
        } finally {
            c.disconnect();
        }
    }
}
