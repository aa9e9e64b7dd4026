package dev.sno.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.logging.LogRecord;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 41, finding 13: a Quarkus application whose {@code CuratorFramework} is built with
 * Curator's defaults (a 60 s session asked for), against a server with stock session limits
 * (tickTime 2000, as ZooKeeper's sample configuration and Docker image have it: at most 20 ticks,
 * 40 s), sets sno.lease.enabled=true and names the store, as the ZooKeeper guide said. Before, it did not start: {@code Invalid
 * sno.lease.duration "PT30S": leaseDuration PT30S is shorter than the ZooKeeper session timeout
 * ...}. The session is the lease: sno.lease.duration unset, the lease is the 40 s the server
 * granted, and the startup line says so. (curator-test's own default server grants sessions of
 * at most 20 s, below the 30 s default, which is why the decision table did not show it.)
 */
class ZooKeeperDefaultCuratorTest {

    static final TestingServer SERVER = start();

    private static TestingServer start() {
        try {
            return new TestingServer(new InstanceSpec(null, -1, -1, -1, true, -1, 2000, 0), true);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The application's own Curator client, with Curator's defaults. */
    @Singleton
    public static class Curator {

        @Produces
        @Singleton
        CuratorFramework curator() {
            CuratorFramework c = CuratorFrameworkFactory.newClient(SERVER.getConnectString(), new RetryOneTime(100));
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
                    "sno.lease.namespace=quarkus-default-curator",
                    "quarkus.log.category.\"org.apache.zookeeper\".level=WARN",
                    "quarkus.log.category.\"org.apache.curator\".level=WARN",
                    ""))
            .setLogRecordPredicate(r -> "dev.sno.quarkus".equals(r.getLoggerName()))
            .assertLogRecords(records -> assertTrue(records.stream().map(LogRecord::getMessage)
                    .anyMatch(m -> m.startsWith("sno: partition ") && m.endsWith(" (leased from ZooKeeper (the"
                            + " application's Curator client) /sno/leases, namespace \"quarkus-default-curator\","
                            + " lease PT40S, the store's own: sno.lease.duration is not set)")),
                    () -> records.stream().map(LogRecord::getMessage).toList().toString()));

    @Inject
    SnoGenerator generator;

    @Inject
    CuratorFramework curator;

    @Test
    void aDefaultCuratorBeanLeasesForTheSessionTheServerGranted() throws Exception {
        assertEquals(40_000, curator.getZookeeperClient().getZooKeeper().getSessionTimeout());
        assertEquals(PartitionSource.LEASED, generator.partitionSource());
        assertEquals(generator.partition(), generator.next(2).partition());
    }
}
