package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.config.PartitionDecision;
import dev.sno.testsupport.EtcdServer;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.GetOption;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Leases from etcd ({@code sno.lease.store=etcd}, issue 31) on the application's own jetcd
 * {@code Client} bean, through a real Spring Boot 3.5 context and a real etcd (test-support's
 * {@link EtcdServer}: Debian's etcd 3.4, skipped by name where it is not installed). On Boot 3.5
 * the client is jetcd 0.7, whose Vert.x 4 runs on the Netty 4.1 Boot manages. The starter has no
 * etcd code: sno-etcd's provider asks for a {@code Client}, and the starter offers the bean of
 * that type. (The endpoints variant is a row of the shared decision table.)
 */
class SnoEtcdLeaseTest {

    /** Contexts that fail on purpose: their failures are asserted, Spring's warning about them is not printed. */
    @RegisterExtension
    final QuietLoggers quiet = QuietLoggers.contextFailures();

    private static String url;

    @BeforeAll
    static void etcd() {
        url = EtcdServer.shared().url();
    }

    private ApplicationContextRunner runner(String namespace) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class, SnoObservabilityAutoConfiguration.class))
                .withBean("etcd", Client.class, () -> Client.builder().endpoints(url).build(),
                        d -> d.setDestroyMethodName("close"))
                .withPropertyValues("sno.install=false", "sno.lease.namespace=" + namespace);
    }

    @Test
    void theApplicationsClientBeanLeasesThePartitionAndTheKeyIsGoneAfterTheContext() throws Exception {
        String ns = "boot-" + UUID.randomUUID();
        ByteSequence holders = ByteSequence.from("sno/" + ns + "/holder/", StandardCharsets.UTF_8);
        runner(ns).withPropertyValues("sno.lease.enabled=true", "sno.lease.store=etcd", "sno.lease.duration=20s",
                "sno.lease.partitions=3-4").run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    SnoGenerator g = ctx.getBean(SnoGenerator.class);
                    assertThat(g.partitionSource()).isEqualTo(PartitionSource.LEASED);
                    assertThat(g.partition()).isBetween(3, 4);
                    assertThat(g.next(1).partition()).isEqualTo(g.partition());
                    PartitionDecision d = ctx.getBean(PartitionDecision.class);
                    assertThat(d.lease().store()).isEqualTo("etcd");
                    assertThat(d.startupLine()).endsWith("(leased from etcd (the application's client), namespace \""
                            + ns + "\", lease PT20S)");
                    assertThat(holderKeys(holders)).as("the holder key of partition %d", g.partition())
                            .containsExactly("sno/" + ns + "/holder/" + String.format("%05d", g.partition()));
                });
        assertThat(holderKeys(holders)).as("released when the context closed").isEmpty();
    }

    /** Issue 41, finding 6: naming the store asks for a lease; before, the partition was random. */
    @Test
    void withTheClientBeanNamingTheStoreLeases() {
        String ns = "boot-" + UUID.randomUUID();
        runner(ns).withPropertyValues("sno.lease.store=etcd").run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(ctx.getBean(SnoGenerator.class).partitionSource()).isEqualTo(PartitionSource.LEASED);
            assertThat(ctx.getBean(PartitionDecision.class).startupLine()).endsWith("(leased from etcd (the"
                    + " application's client), namespace \"" + ns + "\", lease PT30S)");
        });
    }

    @Test
    void withTheClientBeanAndNothingAskingForALeaseThePartitionIsRandom() {
        String ns = "boot-" + UUID.randomUUID();
        runner(ns).run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(ctx.getBean(SnoGenerator.class).partitionSource()).isEqualTo(PartitionSource.RANDOM);
            assertThat(ctx.getBean(PartitionDecision.class).startupLine()).contains(
                    "leasing from etcd needs sno.lease.enabled=true");
        });
    }

    /** The keys under a prefix (sno-etcd's holder keys: sno/NAMESPACE/holder/00042), read with a client of the test's own. */
    private static java.util.List<String> holderKeys(ByteSequence prefix) throws Exception {
        try (Client reader = Client.builder().endpoints(url).build()) {
            return reader.getKVClient().get(prefix, GetOption.builder().isPrefix(true).withKeysOnly(true).build())
                    .get(10, TimeUnit.SECONDS).getKvs().stream()
                    .map(kv -> kv.getKey().toString(StandardCharsets.UTF_8)).toList();
        }
    }
}
