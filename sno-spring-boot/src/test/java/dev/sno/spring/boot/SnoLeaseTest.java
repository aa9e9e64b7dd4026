package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sno.SnoGenerator;
import dev.sno.testsupport.LogCapture;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.logging.Level;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * sno.lease.*: partitions leased from a real H2 database through the application's DataSource,
 * an H2 file database that every context of the test shares (sno never leases from an in-memory
 * one, which no other instance would share).
 */
class SnoLeaseTest {

    /** Contexts that fail on purpose: their failures are asserted, Spring's warning about them is not printed. */
    @RegisterExtension
    final QuietLoggers quiet = QuietLoggers.contextFailures();

    /** The lost lease's refused renewal is logged: asserted, not printed. */
    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    private static final String URL = "jdbc:h2:file:" + tempDir().resolve("leases") + ";DB_CLOSE_DELAY=-1";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, SnoAutoConfiguration.class,
                    SnoObservabilityAutoConfiguration.class))
            .withPropertyValues("sno.install=false", "spring.datasource.url=" + URL,
                    "sno.lease.enabled=true", "sno.lease.initialize-schema=always", "sno.lease.namespace=test",
                    "sno.lease.partitions=3-4");

    private static java.nio.file.Path tempDir() {
        try {
            java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("sno-lease-test");
            dir.toFile().deleteOnExit();
            return dir;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void instancesLeaseDistinctPartitionsAndFreeThemOnClose() {
        runner.run(a -> runner.run(b -> {
            int pa = a.getBean(SnoGenerator.class).partition();
            int pb = b.getBean(SnoGenerator.class).partition();
            assertThat(pa).isBetween(3, 4);
            assertThat(pb).isBetween(3, 4).isNotEqualTo(pa);
            assertThat(a.getBean(SnoGenerator.class).next(1).partition()).isEqualTo(pa);
            runner.run(c -> assertThat(c).getFailure().rootCause().hasMessageContaining("held"));
        }));
        runner.run(again -> assertThat(again.getBean(SnoGenerator.class).partition())
                .as("closing the contexts freed the leases").isBetween(3, 4));
    }

    @Test
    void aLostLeaseTurnsHealthDownAndShowsInTheMeters() throws Exception {
        runner.withPropertyValues("sno.lease.namespace=lost", "sno.lease.duration=1s").run(ctx -> {
            HealthIndicator health = ctx.getBean("snoHealthIndicator", HealthIndicator.class);
            assertThat(health.health().getStatus()).isEqualTo(Status.UP);
            assertThat(health.health().getDetails()).containsEntry("lease", "held").containsEntry("leaseNamespace", "lost")
                    .containsEntry("source", "leased");
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            ctx.getBean(SnoMetrics.class).bindTo(registry);
            assertThat(registry.get("sno.lease.state").tag("namespace", "lost").gauge().value()).isZero();

            // Another holder takes the partition over: the holder's next renewal is refused.
            new JdbcTemplate(ctx.getBean(DataSource.class)).update(
                    "UPDATE sno_partition_lease SET epoch = epoch + 1, holder_token = 'someone-else' WHERE namespace = 'lost'");
            Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
            while (health.health().getStatus() == Status.UP && Instant.now().isBefore(deadline)) {
                Thread.sleep(50);
            }
            assertThat(health.health().getStatus()).isEqualTo(Status.DOWN);
            assertThat(health.health().getDetails()).containsEntry("lease", "lost");
            assertThat(registry.get("sno.lease.state").gauge().value()).isEqualTo(dev.sno.config.LeaseState.LOST);
        });
        logs.expect(Level.WARNING, "Could not save to the sno partition lease lost/");
        logs.allow(Level.INFO, "after the lease was lost");
    }

    @Test
    void leasingAndAFixedPartitionExcludeEachOther() {
        runner.withPropertyValues("sno.partition=5").run(ctx -> assertThat(problem(ctx))
                .isEqualTo("sno.partition=5 and sno.lease.enabled=true exclude each other: a leased partition is"
                        + " assigned by the lease store."));
        runner.withPropertyValues("sno.lease.partitions=9-x").run(ctx -> assertThat(problem(ctx))
                .isEqualTo("Invalid sno.lease.partitions \"9-x\": must be min-max with 0 <= min <= max <= 65535, as"
                        + " 0-32767."));
        runner.withPropertyValues("sno.snapshot-file=/tmp/x.state").run(ctx -> assertThat(problem(ctx))
                .isEqualTo("sno.snapshot-file=/tmp/x.state and sno.lease.enabled=true exclude each other: a leased"
                        + " generator keeps its state in its lease."));
    }

    /** The description Spring Boot's failure report prints. */
    static String problem(org.springframework.boot.test.context.assertj.AssertableApplicationContext ctx) {
        return new SnoFailureAnalyzer().analyze(ctx.getStartupFailure()).getDescription();
    }
}
