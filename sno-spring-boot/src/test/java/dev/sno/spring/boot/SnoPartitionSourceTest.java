package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.jdbc.lease.JdbcPartitionLeases;
import dev.sno.testsupport.TestServers.Server;
import dev.sno.testsupport.TestServers;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.autoconfigure.sql.init.SqlInitializationAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Where the starter's generator gets its partition (issue 18), decided when the bean is made:
 * configured; leased when sno.lease.enabled is unset and the lease table exists in the
 * application's (not in-memory) database; else random, with a WARNING through the application's
 * logging (Logback here) that names the reason, the property and the DDL. On a real PostgreSQL
 * (each case in a schema of its own) and H2. The line is counted in the captured console output:
 * exactly one per context.
 */
@ExtendWith(OutputCaptureExtension.class)
class SnoPartitionSourceTest {

    /** Contexts that fail on purpose: their failures are asserted, Spring's warning about them is not printed. */
    @RegisterExtension
    final QuietLoggers quiet = QuietLoggers.contextFailures();

    private static final String LOGGER = "dev.sno.spring.boot.SnoAutoConfiguration";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                    SqlInitializationAutoConfiguration.class, SnoAutoConfiguration.class,
                    SnoObservabilityAutoConfiguration.class))
            .withPropertyValues("sno.install=false", "spring.datasource.generate-unique-name=true");

    /** PostgreSQL's URL (test-support's TestServers), in a new schema of its own. */
    static String postgresSchema() {
        String url = TestServers.url(Server.POSTGRES);
        String schema = "boot_" + UUID.randomUUID().toString().substring(0, 8);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        } catch (SQLException e) {
            throw new AssertionError("CREATE SCHEMA " + schema + " on " + url, e);
        }
        return url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    /** The lines of the starter's logger in the output, at any level. */
    private static String[] lines(CapturedOutput output) {
        return Arrays.stream(output.getAll().split("\n")).filter(l -> l.contains(LOGGER) && l.contains("sno: "))
                .toArray(String[]::new);
    }

    @Test
    void autoLeasesOnPostgresWhenTheTableExists(CapturedOutput output) throws Exception {
        String url = postgresSchema();
        JdbcPartitionLeases.createTable(new org.springframework.jdbc.datasource.DriverManagerDataSource(url));
        runner.withPropertyValues("spring.datasource.url=" + url, "sno.lease.partitions=40-41").run(ctx -> {
            SnoGenerator g = ctx.getBean(SnoGenerator.class);
            assertThat(g.partitionSource()).isEqualTo(PartitionSource.LEASED);
            assertThat(g.partition()).isBetween(40, 41);
            assertThat(g.next(0).partition()).isEqualTo(g.partition());
            HealthIndicator health = ctx.getBean("snoHealthIndicator", HealthIndicator.class);
            assertThat(health.health().getDetails()).containsEntry("source", "leased").containsEntry("lease", "held");
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            ctx.getBean(SnoMetrics.class).bindTo(registry);
            assertThat(registry.get("sno.generator.ids").tag("source", "leased").functionCounter()).isNotNull();
            assertThat(lines(output)).hasSize(1);
            assertThat(lines(output)[0]).contains("INFO").endsWith("sno: partition " + g.partition()
                    + " (leased from the table sno_partition_lease in PostgreSQL " + url.substring(0, url.indexOf('?'))
                    + ", namespace \"default\", lease PT30S)");
        });
    }

    @Test
    void withoutTheTableAutoIsRandomAndWarnsWithTheDdl(CapturedOutput output) {
        String url = postgresSchema();
        runner.withPropertyValues("spring.datasource.url=" + url).run(ctx -> {
            SnoGenerator g = ctx.getBean(SnoGenerator.class);
            assertThat(g.partitionSource()).isEqualTo(PartitionSource.RANDOM);
            g.next(0); // the core's own line is claimed by the starter's: still one line
            assertThat(lines(output)).hasSize(1);
            String warning = output.getAll().substring(output.getAll().indexOf("sno: partition"));
            assertThat(lines(output)[0]).contains("WARN");
            assertThat(warning).startsWith("sno: partition " + g.partition() + " is random: sno.partition is not set and"
                    + " the table sno_partition_lease does not exist in PostgreSQL " + url.substring(0, url.indexOf('?'))
                    + ". ");
            assertThat(warning).contains("Set sno.partition").contains(JdbcPartitionLeases.DDL.lines().findFirst().get());
            assertThat(ctx.getBean("snoHealthIndicator", HealthIndicator.class).health().getDetails())
                    .containsEntry("source", "random").doesNotContainKey("lease");
        });
    }

    @Test
    void initializeSchemaAlwaysCreatesTheTableThenLeases(CapturedOutput output) {
        String url = postgresSchema();
        runner.withPropertyValues("spring.datasource.url=" + url, "sno.lease.initialize-schema=always").run(ctx -> {
            assertThat(ctx.getBean(SnoGenerator.class).partitionSource()).isEqualTo(PartitionSource.LEASED);
            assertThat(lines(output)).hasSize(1);
            assertThat(lines(output)[0]).contains("INFO").contains("(leased from the table sno_partition_lease in"
                    + " PostgreSQL " + url.substring(0, url.indexOf('?')) + ", created at startup"
                    + " (sno.lease.initialize-schema=always), namespace \"default\"");
        });
    }

    @Test
    void aTableMadeBySpringsScriptInitializerIsThereWhenTheStarterLooks(@TempDir Path dir) throws Exception {
        // The generator depends on database initialization: the schema script (the DDL) runs first.
        Path schema = Files.writeString(dir.resolve("lease-schema.sql"), JdbcPartitionLeases.DDL);
        String url = postgresSchema();
        runner.withPropertyValues("spring.datasource.url=" + url, "spring.sql.init.mode=always",
                "spring.sql.init.schema-locations=" + schema.toUri()).run(ctx ->
                assertThat(ctx.getBean(SnoGenerator.class).partitionSource()).isEqualTo(PartitionSource.LEASED));
    }

    @Test
    void anInMemoryDatabaseIsNeverLeasedFrom(CapturedOutput output) {
        runner.withPropertyValues("spring.datasource.url=jdbc:h2:mem:auto", "sno.lease.initialize-schema=always")
                .run(ctx -> {
                    SnoGenerator g = ctx.getBean(SnoGenerator.class);
                    assertThat(g.partitionSource()).isEqualTo(PartitionSource.RANDOM);
                    assertThat(lines(output)).hasSize(1);
                    assertThat(output.getAll()).contains("sno: partition " + g.partition() + " is random: sno.partition"
                            + " is not set and the DataSource is the in-memory database H2 jdbc:h2:mem:auto, which no"
                            + " other instance shares.");
                });
        runner.withPropertyValues("spring.datasource.url=jdbc:h2:mem:asked", "sno.lease.enabled=true").run(ctx -> {
            FailureAnalysis analysis = new SnoFailureAnalyzer().analyze(ctx.getStartupFailure());
            assertThat(analysis.getDescription()).isEqualTo("sno.lease.enabled=true, but the DataSource is the"
                    + " in-memory database H2 jdbc:h2:mem:asked, which no other instance shares.");
            assertThat(analysis.getAction()).isEqualTo("Point the DataSource at a database all instances share, or"
                    + " set sno.lease.enabled=false (in tests).");
        });
    }

    @Test
    void withoutADataSourceTheWarningSaysSo(CapturedOutput output) {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class))
                .withPropertyValues("sno.install=false").run(ctx -> {
                    SnoGenerator g = ctx.getBean(SnoGenerator.class);
                    assertThat(g.partitionSource()).isEqualTo(PartitionSource.RANDOM);
                    assertThat(output.getAll()).contains("sno: partition " + g.partition() + " is random: sno.partition"
                            + " is not set and the application has no DataSource (or several, none of them primary)"
                            + " to lease one from.");
                });
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class))
                .withPropertyValues("sno.install=false", "sno.lease.enabled=true").run(ctx -> assertThat(
                        new SnoFailureAnalyzer().analyze(ctx.getStartupFailure()).getDescription())
                        .startsWith("sno.lease.enabled=true, but the application has no DataSource"));
    }

    @Test
    void aConfiguredPartitionIsSaidAtInfoAndExcludesLeasing(CapturedOutput output) {
        String url = postgresSchema();
        runner.withPropertyValues("spring.datasource.url=" + url, "sno.partition=12").run(ctx -> {
            assertThat(ctx.getBean(SnoGenerator.class).partitionSource()).isEqualTo(PartitionSource.CONFIGURED);
            assertThat(lines(output)).hasSize(1);
            assertThat(lines(output)[0]).contains("INFO").endsWith("sno: partition 12 (configured: sno.partition)");
        });
        runner.withPropertyValues("sno.partition=12", "sno.lease.enabled=true").run(ctx -> {
            FailureAnalysis analysis = new SnoFailureAnalyzer().analyze(ctx.getStartupFailure());
            assertThat(analysis.getDescription()).isEqualTo("sno.partition=12 and sno.lease.enabled=true exclude each"
                    + " other: a leased partition is assigned by the lease store.");
            assertThat(analysis.getAction()).isEqualTo("Remove sno.partition to lease the partition, or remove"
                    + " sno.lease.enabled (or set it to false) to use sno.partition=12.");
        });
        runner.withPropertyValues("spring.datasource.url=" + url, "sno.lease.enabled=false").run(ctx ->
                assertThat(ctx.getBean(SnoGenerator.class).partitionSource()).isEqualTo(PartitionSource.RANDOM));
    }

    @Test
    void leasingRequiredWithoutTheTableFailsWithTheDdl() {
        String url = postgresSchema();
        runner.withPropertyValues("spring.datasource.url=" + url, "sno.lease.enabled=true").run(ctx -> {
            assertThat(new SnoFailureAnalyzer().analyze(ctx.getStartupFailure()).getDescription()).isEqualTo(
                    "sno.lease.enabled=true, but the table sno_partition_lease does not exist in PostgreSQL "
                            + url.substring(0, url.indexOf('?')) + ".");
            assertThat(new SnoFailureAnalyzer().analyze(ctx.getStartupFailure()).getAction())
                    .startsWith("Create it, best with a migration:").contains("CREATE TABLE IF NOT EXISTS")
                    .endsWith("or set sno.lease.initialize-schema=always to have sno create it at startup.");
        });
    }

    @Test
    void anEmptyPropertyIsAnErrorNotUnset() {
        for (String property : new String[] {"sno.partition", "sno.lease.enabled", "sno.snapshot-file"}) {
            runner.withPropertyValues(property + "=").run(ctx -> assertThat(new SnoFailureAnalyzer()
                    .analyze(ctx.getStartupFailure()).getDescription()).isEqualTo(property + " is set but empty (\"\")."));
        }
    }
}
