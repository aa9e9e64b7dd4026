package dev.sno.quarkus.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.lease.LeaseStoreProvider;
import dev.sno.testsupport.MemoryLeaseStoreProvider;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A lease store from a module that is neither sno-jdbc nor sno-redis (test-support's memory
 * store, registered in the application's {@code META-INF/services} as its own jar would register
 * it) leases the partition of a Quarkus application, with no code of the extension's naming it;
 * its own setting ({@code sno.lease.memory.label}) is known, not refused as a misspelling.
 */
class MemoryStoreTest {

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addClasses(TestApps.class, MemoryLeaseStoreProvider.class)
                    .addAsServiceProvider(LeaseStoreProvider.class, MemoryLeaseStoreProvider.class))
            .withConfiguration(TestApps.BASE + String.join("\n",
                    "sno.lease.enabled=true",
                    "sno.lease.store=memory",
                    "sno.lease.memory.label=quarkus",
                    "sno.lease.namespace=quarkus-memory",
                    "sno.lease.partitions=300-301",
                    ""));

    @Inject
    SnoGenerator generator;

    @Test
    void theStoreOfItsOwnModuleLeasesThePartition() {
        assertEquals(PartitionSource.LEASED, generator.partitionSource());
        assertTrue(generator.partition() == 300 || generator.partition() == 301, "" + generator.partition());
        assertEquals(1, MemoryLeaseStoreProvider.held("quarkus-memory"));
        given().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'sno' }.data.lease", equalTo("held"));
    }
}
