package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.testsupport.TestServers.Server;
import dev.sno.testsupport.TestServers;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.net.URI;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Leases from Redis (sno.lease.store=redis, issue 19 part 4) through a real Spring context whose
 * only store is the application's Lettuce connection factory, on the Redis that test-support's
 * TestServers gives (the user's {@code SNO_REDIS_URL}, or the build's own Redis 6.2).
 */
class SnoRedisLeaseTest {

    /** Contexts that fail on purpose: their failures are asserted, Spring's warning about them is not printed. */
    @RegisterExtension
    final QuietLoggers quiet = QuietLoggers.contextFailures();

    private static URI redis;

    @BeforeAll
    static void redisServer() {
        redis = URI.create(TestServers.url(Server.REDIS));
        RedisClient client = RedisClient.create(redis.toString());
        try (StatefulRedisConnection<String, String> c = client.connect()) {
            c.sync().ping();
        } finally {
            client.shutdown();
        }
    }

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class, SnoObservabilityAutoConfiguration.class))
                .withBean("redisConnectionFactory", LettuceConnectionFactory.class,
                        () -> new LettuceConnectionFactory(new RedisStandaloneConfiguration(redis.getHost(), redis.getPort())))
                .withPropertyValues("sno.install=false", "sno.lease.namespace=boot-" + UUID.randomUUID());
    }

    @Test
    void withOnlyRedisAndLeasingEnabledTheGeneratorIsLeasedFromRedis() {
        runner().withPropertyValues("sno.lease.enabled=true", "sno.lease.partitions=5-6").run(ctx -> {
            assertThat(ctx).hasNotFailed();
            SnoGenerator g = ctx.getBean(SnoGenerator.class);
            assertThat(g.partitionSource()).isEqualTo(PartitionSource.LEASED);
            assertThat(g.partition()).isBetween(5, 6);
            assertThat(g.next(1).partition()).isEqualTo(g.partition());
            assertThat(ctx.getBean(dev.sno.config.PartitionDecision.class).lease().store()).isEqualTo("redis");
            assertThat(ctx.getBean(dev.sno.config.PartitionDecision.class).startupLine())
                    .endsWith("(leased from Redis, namespace \"" + ctx.getEnvironment().getProperty("sno.lease.namespace")
                            + "\", lease PT30S)");
        });
    }

    @Test
    void withOnlyRedisAndLeasingUnsetThePartitionIsRandomAndTheWarningSaysHowToLease() {
        runner().run(ctx -> {
            assertThat(ctx).hasNotFailed();
            SnoGenerator g = ctx.getBean(SnoGenerator.class);
            assertThat(g.partitionSource()).isEqualTo(PartitionSource.RANDOM);
        });
    }

    @Test
    void redisAsTheStoreWithoutAConnectionFactoryFailsNamingWhatIsMissing() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class,
                SnoObservabilityAutoConfiguration.class))
                .withPropertyValues("sno.install=false", "sno.lease.enabled=true", "sno.lease.store=redis")
                .run(ctx -> {
                    assertThat(ctx).hasFailed();
                    assertThat(new SnoFailureAnalyzer().analyze(ctx.getStartupFailure()).getDescription())
                            .isEqualTo("sno.lease.enabled=true, but the application has no Lettuce RedisClient to lease"
                                    + " one from, and sno.lease.redis.url is not set.");
                });
    }

    @Test
    void closingTheContextReleasesTheLeaseSoTheNextInstanceGetsTheSamePartition() {
        String ns = "sno.lease.namespace=boot-" + UUID.randomUUID();
        int[] first = new int[1];
        runner().withPropertyValues("sno.lease.enabled=true", "sno.lease.partitions=9-9", ns)
                .run(ctx -> first[0] = ctx.getBean(SnoGenerator.class).partition());
        runner().withPropertyValues("sno.lease.enabled=true", "sno.lease.partitions=9-9", ns).run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(ctx.getBean(SnoGenerator.class).partition()).isEqualTo(first[0]).isEqualTo(9);
        });
    }
}
