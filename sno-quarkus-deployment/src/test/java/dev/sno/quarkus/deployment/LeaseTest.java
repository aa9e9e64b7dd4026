package dev.sno.quarkus.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.PartitionSource;
import dev.sno.Sno;
import dev.sno.SnoGenerator;
import dev.sno.jdbc.lease.JdbcPartitionLeases;
import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * sno.lease.enabled=true on the application's default Agroal datasource (an H2 file database):
 * the partition is leased, another instance leasing from the same table gets another one, health
 * and meters show the lease, and shutdown frees it at once.
 */
class LeaseTest {

    static final String URL = "jdbc:h2:file:" + Path.of("target", "lease-test", "db").toAbsolutePath()
            + ";AUTO_SERVER=FALSE";
    static final String PARTITION = "sno.test.leased-partition";

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addClasses(TestApps.class))
            .withConfiguration(TestApps.BASE + String.join("\n",
                    "quarkus.datasource.db-kind=h2",
                    "quarkus.datasource.jdbc.url=" + URL,
                    "sno.lease.enabled=true",
                    "sno.lease.initialize-schema=always",
                    "sno.lease.namespace=quarkus-test",
                    "sno.lease.partitions=10-11",
                    ""))
            .setLogRecordPredicate(r -> r.getLoggerName().startsWith("dev.sno"))
            .assertLogRecords(records -> assertTrue(records.stream().anyMatch(r -> r.getLevel().intValue()
                    == Level.INFO.intValue() && NativeRegistrationsTest.format(r).matches("sno: partition 1[01]"
                    + " \\(leased from the table sno_partition_lease in H2 jdbc:h2:file:.*, namespace"
                    + " \"quarkus-test\", lease PT30S\\)")), () -> records.stream()
                            .map(NativeRegistrationsTest::format).toList().toString()))
            .setAfterUndeployListener(() -> {
                // Freed on shutdown: the partition can be leased again at once, not after 30 s.
                int partition = Integer.parseInt(System.getProperty(PARTITION));
                JdbcDataSource ds = new JdbcDataSource();
                ds.setURL(URL);
                try (SnoGenerator again = dev.sno.lease.PartitionLeases.builder(JdbcPartitionLeases.store(ds).createTable(false).build())
                        .namespace("quarkus-test").partitions(partition, partition).build().acquire()) {
                    assertEquals(partition, again.partition());
                } catch (java.io.IOException e) {
                    throw new AssertionError(e);
                }
            });

    @Inject
    SnoGenerator generator;

    @Inject
    AgroalDataSource dataSource;

    @Inject
    MeterRegistry registry;

    @Test
    void partitionIsLeasedAndShownInHealthAndMeters() throws Exception {
        assertEquals(PartitionSource.LEASED, generator.partitionSource());
        assertSame(generator, Sno.generator());
        int partition = generator.partition();
        assertTrue(partition == 10 || partition == 11, "from sno.lease.partitions: " + partition);
        System.setProperty(PARTITION, Integer.toString(partition));

        // A second instance on the same table gets the other partition.
        try (SnoGenerator other = dev.sno.lease.PartitionLeases.builder(JdbcPartitionLeases.store(dataSource).createTable(false).build())
                .namespace("quarkus-test").partitions(10, 11).build().acquire()) {
            assertNotEquals(partition, other.partition());
        }

        given().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'sno' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'sno' }.data.source", equalTo("leased"))
                .body("checks.find { it.name == 'sno' }.data.lease", equalTo("held"))
                .body("checks.find { it.name == 'sno' }.data.leaseNamespace", equalTo("quarkus-test"));
        given().get("/q/metrics").then().statusCode(200).body(containsString("sno_lease_state{namespace=\"quarkus-test\","
                + "partition=\"" + partition + "\",source=\"leased\"} 0.0"));
    }

    /** Issue 29: a leased generator had no overflow listener, so this meter stayed 0. */
    @Test
    void aLeasedGeneratorsOverflowStallsAreCounted() {
        // A batch of a whole pool stalls when it filled its 4 ms unit before the unit ended. A
        // lease hands out the whole pool and takes no clock, so the test cannot hold the clock
        // still: it makes pools until one stalled, for at most 20 s (a loaded machine may need
        // several; without the listener the meter stays 0 however many).
        FunctionCounter stalls = registry.get("sno.generator.overflow.stalls").tag("source", "leased").functionCounter();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        int pools = 0;
        while (stalls.count() < 1 && System.nanoTime() - end < 0) {
            generator.nextBatch(0, 65_536);
            pools++;
        }
        assertTrue(stalls.count() >= 1, "no stall counted after " + pools + " full pools");
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertTrue(metrics.contains("sno_generator_overflow_stalls_total{partition=\"" + generator.partition()
                + "\",source=\"leased\"}"), metrics);
    }
}
