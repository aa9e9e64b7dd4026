package dev.sno.quarkus.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.lease.PartitionLeases;
import dev.sno.redis.RedisPartitionLeases;
import dev.sno.testsupport.NeedsServers;
import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import io.lettuce.core.RedisClient;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Redis leases in Quarkus (issue 29): {@code sno.lease.store=redis} with
 * {@code sno.lease.redis.url} naming the build's Redis 6.2 (test-support's TestServers), in an
 * application with no datasource. sno-redis's provider is found on the class path, as in plain
 * Java and Spring; the extension has no Redis code of its own. The lease shows in the readiness
 * check, and is freed on shutdown: the partition can be leased again at once.
 */
@NeedsServers(Server.REDIS)
class RedisLeaseTest {

    static final String REDIS = TestServers.urlUnlessOff(Server.REDIS);
    /** Fixed: the class is loaded twice (by the test and by the application), a random one would differ. */
    static final String NAMESPACE = "quarkus-redis";
    static final String PARTITION = "sno.test.redis-partition";

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addClasses(TestApps.class).addPackage("dev.sno.testsupport"))
            .withConfiguration(TestApps.BASE + String.join("\n",
                    "sno.lease.enabled=true",
                    "sno.lease.store=redis",
                    "sno.lease.redis.url=" + REDIS,
                    "sno.lease.redis.accept-unsafe-persistence=true",
                    "sno.lease.namespace=" + NAMESPACE,
                    "sno.lease.partitions=20-21",
                    ""))
            .setLogRecordPredicate(r -> r.getLoggerName().startsWith("dev.sno"))
            .assertLogRecords(records -> assertTrue(records.stream().anyMatch(r -> r.getLevel().intValue()
                    == Level.INFO.intValue() && NativeRegistrationsTest.format(r).matches("sno: partition 2[01]"
                    + " \\(leased from Redis 127\\.0\\.0\\.1:\\d+/0, namespace \"" + NAMESPACE + "\", lease PT30S\\)")),
                    () -> records.stream().map(NativeRegistrationsTest::format).toList().toString()))
            .setAfterUndeployListener(() -> {
                int partition = Integer.parseInt(System.getProperty(PARTITION));
                // Lettuce's JFR events, loaded once by the application's class loader, do not fit
                // this client's classes: off for the check.
                System.setProperty("io.lettuce.core.jfr", "false");
                RedisClient client = RedisClient.create(REDIS);
                try (SnoGenerator again = PartitionLeases.builder(RedisPartitionLeases.store(client)
                        .acceptUnsafePersistence(true).build()).namespace(NAMESPACE).partitions(partition, partition)
                        .build().acquire()) {
                    assertEquals(partition, again.partition(), "the lease was freed on shutdown");
                } catch (java.io.IOException e) {
                    throw new AssertionError(e);
                } finally {
                    client.shutdown();
                }
            });

    @Inject
    SnoGenerator generator;

    @Test
    void thePartitionIsLeasedFromRedisAndShownInTheReadinessCheck() {
        assertEquals(PartitionSource.LEASED, generator.partitionSource());
        int partition = generator.partition();
        assertTrue(partition == 20 || partition == 21, "from sno.lease.partitions: " + partition);
        assertEquals(partition, generator.next(3).partition());
        System.setProperty(PARTITION, Integer.toString(partition));
        given().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'sno' }.data.source", equalTo("leased"))
                .body("checks.find { it.name == 'sno' }.data.lease", equalTo("held"))
                .body("checks.find { it.name == 'sno' }.data.leaseNamespace", equalTo(NAMESPACE));
    }
}
