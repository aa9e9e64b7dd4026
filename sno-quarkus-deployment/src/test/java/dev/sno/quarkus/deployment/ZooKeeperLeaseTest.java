package dev.sno.quarkus.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A Quarkus application that produces its own {@code CuratorFramework} bean (injected nowhere, so
 * ArC would remove it but for the extension, which keeps the types lease store providers ask for)
 * leases its partition from ZooKeeper: {@code sno.lease.store=zookeeper}, with no code of the
 * extension's naming ZooKeeper. The server is real (curator-test, in this JVM). The
 * connect-string variant is a row of the shared decision table.
 */
class ZooKeeperLeaseTest {

    static final TestingServer SERVER = start();

    private static TestingServer start() {
        try {
            return new TestingServer(true);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The application's own Curator client. */
    @Singleton
    public static class Curator {

        @Produces
        @Singleton
        CuratorFramework curator() {
            CuratorFramework c = CuratorFrameworkFactory.builder().connectString(SERVER.getConnectString())
                    .sessionTimeoutMs(10_000).retryPolicy(new RetryOneTime(100)).build();
            c.start();
            return c;
        }

        void close(@Disposes CuratorFramework c) {
            c.close();
        }
    }

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addClasses(TestApps.class, Curator.class))
            .withConfiguration(TestApps.BASE + String.join("\n",
                    "sno.lease.enabled=true",
                    "sno.lease.store=zookeeper",
                    "sno.lease.duration=20s",
                    "sno.lease.namespace=quarkus-zookeeper",
                    "sno.lease.partitions=400-401",
                    "quarkus.log.category.\"org.apache.zookeeper\".level=WARN",
                    "quarkus.log.category.\"org.apache.curator\".level=WARN",
                    ""));

    @Inject
    SnoGenerator generator;

    @Test
    void theApplicationsCuratorBeanLeasesThePartition() throws Exception {
        assertEquals(PartitionSource.LEASED, generator.partitionSource());
        assertTrue(generator.partition() == 400 || generator.partition() == 401, "" + generator.partition());
        assertEquals(generator.partition(), generator.next(2).partition());
        given().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'sno' }.data.lease", equalTo("held"));
        try (CuratorFramework reader = CuratorFrameworkFactory.newClient(SERVER.getConnectString(), new RetryOneTime(100))) {
            reader.start();
            assertEquals(java.util.List.of(Integer.toString(generator.partition())),
                    reader.getChildren().forPath("/sno/leases/quarkus-zookeeper/holders"), "one holder znode, ours");
        }
    }
}
