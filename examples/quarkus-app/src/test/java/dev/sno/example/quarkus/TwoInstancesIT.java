package dev.sno.example.quarkus;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The packaged application (target/quarkus-app/quarkus-run.jar, built for H2), started by Quarkus,
 * and a second instance of it started here, lease their partitions from one shared H2 database in
 * server mode: they get different ones, and both serve people. {@link TwoInstancesOnPostgresIT}
 * does the same on PostgreSQL.
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

        String log;
        // The second instance also gets -Dsno.version=1, as a build's version property reaches a JVM:
        // an unrelated sno.* system property must not stop it (issue 29; before: SRCFG00050).
        Map<String, String> config = new LinkedHashMap<>(SharedH2Lease.config());
        config.put("sno.version", "1");
        try (PackagedInstance second = PackagedInstance.start(Path.of("target", "quarkus-app", "quarkus-run.jar"),
                config, Path.of("target", "second-instance.log"))) {
            String body = second.awaitReady(Duration.ofSeconds(90));
            assertTrue(body.contains("\"leased\""), body);
            int b = partition(body);
            assertNotEquals(a, b, "two instances, one partition each");
            assertTrue(Math.min(a, b) == 100 && Math.max(a, b) == 101, a + " " + b);
            second.given().contentType("application/json").body("{\"name\":\"Linus\"}")
                    .post("/people").then().statusCode(201).body("name", equalTo("Linus"));
            second.stop(Duration.ofSeconds(60));
            log = second.log();
        }
        assertTrue(log.contains("sno: partition"), log);
    }

    private static int partition(String health) {
        Matcher m = PARTITION.matcher(health);
        assertTrue(m.find(), health);
        return Integer.parseInt(m.group(1));
    }
}
