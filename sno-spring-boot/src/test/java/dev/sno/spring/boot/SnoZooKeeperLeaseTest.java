package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.config.PartitionDecision;
import java.util.UUID;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
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
                            + "\", lease PT10S, the store's for sno.lease.duration=PT20S)");
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

    @Test
    void withTheCuratorBeanAndLeasingUnsetThePartitionIsRandom() {
        runner(10_000).withPropertyValues("sno.lease.store=zookeeper").run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(ctx.getBean(SnoGenerator.class).partitionSource()).isEqualTo(PartitionSource.RANDOM);
        });
    }
}
