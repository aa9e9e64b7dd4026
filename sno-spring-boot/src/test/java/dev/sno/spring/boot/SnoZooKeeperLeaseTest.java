package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.config.PartitionDecision;
import java.util.UUID;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Leases from ZooKeeper (sno.lease.store=zookeeper, issue 31) on the application's own
 * {@code CuratorFramework} bean, through a real Spring context and a real ZooKeeper server
 * (curator-test, in this JVM; it grants sessions of 2 to 20 s). The starter has no ZooKeeper code:
 * sno-zookeeper's provider asks for a {@code CuratorFramework}, and the starter offers the bean of
 * that type. (The connect-string variant is a row of the shared decision table.)
 */
class SnoZooKeeperLeaseTest {

    /** Contexts that fail on purpose: their failures are asserted, Spring's warning about them is not printed. */
    @RegisterExtension
    final QuietLoggers quiet = QuietLoggers.contextFailures();

    private static TestingServer server;

    @BeforeAll
    static void zooKeeper() throws Exception {
        System.setProperty("logging.level.org.apache.zookeeper", "WARN");
        System.setProperty("logging.level.org.apache.curator", "WARN");
        server = new TestingServer(true);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private ApplicationContextRunner runner(int sessionMillis) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class, SnoObservabilityAutoConfiguration.class))
                .withBean("curator", CuratorFramework.class, () -> {
                    CuratorFramework c = CuratorFrameworkFactory.builder().connectString(server.getConnectString())
                            .sessionTimeoutMs(sessionMillis).retryPolicy(new RetryOneTime(100)).build();
                    c.start();
                    return c;
                }, d -> d.setDestroyMethodName("close"))
                .withPropertyValues("sno.install=false", "sno.lease.namespace=boot-" + UUID.randomUUID());
    }

    @Test
    void theApplicationsCuratorBeanLeasesWithASessionOfHalfTheLease() {
        runner(10_000).withPropertyValues("sno.lease.enabled=true", "sno.lease.store=zookeeper",
                "sno.lease.duration=20s", "sno.lease.partitions=3-4").run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    SnoGenerator g = ctx.getBean(SnoGenerator.class);
                    assertThat(g.partitionSource()).isEqualTo(PartitionSource.LEASED);
                    assertThat(g.partition()).isBetween(3, 4);
                    assertThat(g.next(1).partition()).isEqualTo(g.partition());
                    PartitionDecision d = ctx.getBean(PartitionDecision.class);
                    assertThat(d.lease().store()).isEqualTo("zookeeper");
                    assertThat(d.startupLine()).endsWith("(leased from ZooKeeper (the application's Curator client)"
                            + " /sno/leases, namespace \"" + ctx.getEnvironment().getProperty("sno.lease.namespace")
                            + "\", lease PT10S, the store's for sno.lease.duration=20s)");
                });
    }

    @Test
    void aCuratorSessionLongerThanTheLeaseFailsTheStartNamingBoth() {
        runner(15_000).withPropertyValues("sno.lease.enabled=true", "sno.lease.store=zookeeper",
                "sno.lease.duration=10s").run(ctx -> {
                    assertThat(ctx).hasFailed();
                    assertThat(new SnoFailureAnalyzer().analyze(ctx.getStartupFailure()).getDescription())
                            .isEqualTo("Invalid sno.lease.duration \"10s\": leaseDuration PT10S is shorter than the"
                                    + " ZooKeeper session timeout of this Curator client, 15000 ms as negotiated with the"
                                    + " server: ZooKeeper frees a silent holder's partition only when its session expires,"
                                    + " so a lease could not end after PT10S. Set leaseDuration to at least PT15S, or"
                                    + " build the CuratorFramework with sessionTimeoutMs(10000) or less.");
                });
    }

    /**
     * Issue 41, finding 6: naming the store asks for a lease. Before, the partition was random
     * unless sno.lease.enabled=true was set as well.
     */
    @Test
    void withTheCuratorBeanNamingTheStoreLeases() {
        runner(10_000).withPropertyValues("sno.lease.store=zookeeper").run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(ctx.getBean(SnoGenerator.class).partitionSource()).isEqualTo(PartitionSource.LEASED);
            assertThat(ctx.getBean(PartitionDecision.class).startupLine()).endsWith(", lease PT10S, the store's own:"
                    + " sno.lease.duration is not set)");
        });
    }

    @Test
    void withTheCuratorBeanAndNothingAskingForALeaseThePartitionIsRandom() {
        runner(10_000).run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(ctx.getBean(SnoGenerator.class).partitionSource()).isEqualTo(PartitionSource.RANDOM);
            assertThat(ctx.getBean(PartitionDecision.class).startupLine()).contains("is random: sno.partition is not"
                    + " set and leasing from ZooKeeper needs sno.lease.enabled=true");
        });
    }

    /**
     * Issue 41, finding 13: an application's Curator bean built with Curator's defaults (a 60 s
     * session asked for) against a server with stock limits (tickTime 2000, as ZooKeeper's sample
     * zoo.cfg and its Docker image have it: sessions of at most 20 ticks, 40 s). Before, startup
     * failed: "Invalid sno.lease.duration "PT30S": leaseDuration PT30S is shorter than the
     * ZooKeeper session timeout ...". The session is the lease: unset, sno.lease.duration is the
     * negotiated session timeout, and the startup line says so.
     */
    @Test
    void aDefaultCuratorBeanAgainstAStockServerLeasesForItsSession() throws Exception {
        try (TestingServer stock = new TestingServer(new InstanceSpec(null, -1, -1, -1, true, -1, 2000, 0), true)) {
            ApplicationContextRunner r = new ApplicationContextRunner()
                    .withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class,
                            SnoObservabilityAutoConfiguration.class))
                    .withBean("curator", CuratorFramework.class, () -> {
                        CuratorFramework c = CuratorFrameworkFactory.newClient(stock.getConnectString(),
                                new RetryOneTime(100));
                        c.start();
                        return c;
                    }, d -> d.setDestroyMethodName("close"))
                    .withPropertyValues("sno.install=false", "sno.lease.namespace=boot-" + UUID.randomUUID(),
                            "sno.lease.enabled=true", "sno.lease.store=zookeeper");
            r.run(ctx -> {
                assertThat(ctx).hasNotFailed();
                assertThat(ctx.getBean(CuratorFramework.class).getZookeeperClient().getZooKeeper().getSessionTimeout())
                        .isEqualTo(40_000);
                assertThat(ctx.getBean(SnoGenerator.class).partitionSource()).isEqualTo(PartitionSource.LEASED);
                assertThat(ctx.getBean(PartitionDecision.class).startupLine()).endsWith(", lease PT40S, the store's"
                        + " own: sno.lease.duration is not set)");
            });
            // An explicit setting that contradicts the session is refused, quoted as written.
            r.withPropertyValues("sno.lease.duration=30s").run(ctx -> {
                assertThat(ctx).hasFailed();
                assertThat(new SnoFailureAnalyzer().analyze(ctx.getStartupFailure()).getDescription())
                        .startsWith("Invalid sno.lease.duration \"30s\": leaseDuration PT30S is shorter than the"
                                + " ZooKeeper session timeout of this Curator client, 40000 ms");
            });
        }
    }
}
