package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sno.SnoGenerator;
import dev.sno.config.PartitionDecision;
import dev.sno.config.Settings;
import dev.sno.config.SettingsException;
import dev.sno.lease.LeaseResources;
import dev.sno.testsupport.DecisionCases;
import dev.sno.testsupport.DecisionCases.Case;
import dev.sno.testsupport.DecisionCases.Outcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The shared table of partition decisions (test-support/decisions/cases.txt, issue 29) through
 * plain Java (sno-core's {@link PartitionDecision} with DataSources handed over as a framework
 * would) and through the starter in a real Spring Boot 3.5 context: the DataSource from
 * {@code spring.datasource.url} (Boot's own auto-configuration and Hikari) or two beans, the
 * settings as property values, the failure through {@link SnoFailureAnalyzer}, the details through
 * the {@code sno} health indicator. examples/spring-boot4 runs the same table on Boot 4, and
 * sno-quarkus-deployment on Quarkus.
 */
class DecisionTableTest {

    @RegisterExtension
    final QuietLoggers quiet = QuietLoggers.contextFailures();

    private static String url(String env) {
        return DecisionCases.url(env);
    }

    private static Stream<DynamicTest> run(String runner, java.util.function.Function<Case, Outcome> decide) {
        return DecisionCases.load(DecisionCases.placeholders()).stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            org.junit.jupiter.api.Assumptions.assumeTrue(c.missing() == null, c::missing);
            Outcome o = decide.apply(c);
            assertThat(DecisionCases.mismatches(runner, c, o)).isEmpty();
        }));
    }

    @TestFactory
    Stream<DynamicTest> plainJava() {
        return run("plain Java", DecisionTableTest::plain);
    }

    @TestFactory
    Stream<DynamicTest> springBoot() {
        return run("Spring Boot 3.5", DecisionTableTest::spring);
    }

    /** The decision as plain Java makes it: settings from a map, DataSources offered by name. */
    static Outcome plain(Case c) {
        Map<String, DataSource> named = new LinkedHashMap<>();
        DataSource primary = null;
        String url = url(c.env());
        if (c.env().equals("two")) {
            primary = new DriverManagerDataSource("jdbc:h2:mem:cases");
            named.put("leases", new DriverManagerDataSource(url));
        } else if (url != null) {
            primary = new DriverManagerDataSource(url);
        }
        DataSource first = primary;
        LeaseResources resources = new LeaseResources() {
            @Override
            public <T> Optional<T> find(Class<T> type, String name) {
                return type == DataSource.class ? Optional.ofNullable(name == null ? first : named.get(name))
                        .map(type::cast) : Optional.empty();
            }
        };
        try (PartitionDecision d = PartitionDecision.make(Settings.of(c.settings()::get), resources, b -> { })) {
            SnoGenerator g = d.generator();
            return new Outcome(g.partitionSource().toString(), g.partition(), d.startupLine(), Set.of(), d.details());
        } catch (SettingsException e) {
            return new Outcome("fails", -1, e.problem(), e.properties(), Map.of());
        }
    }

    /** The decision as the starter makes it in a Boot 3.5 context. */
    static Outcome spring(Case c) {
        List<String> properties = new ArrayList<>(List.of("sno.install=false"));
        c.settings().forEach((k, v) -> properties.add(k + "=" + v));
        ApplicationContextRunner runner = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class,
                        SnoObservabilityAutoConfiguration.class));
        String url = url(c.env());
        if (url != null && !c.env().equals("two")) {
            // Boot's own DataSource (Hikari) from spring.datasource.url; without a URL Boot would
            // make an embedded H2, and "none" means none.
            runner = runner.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class));
            properties.add("spring.datasource.url=" + url);
        }
        if (c.env().equals("two")) {
            runner = runner.withBean("h2", DataSource.class, () -> new DriverManagerDataSource("jdbc:h2:mem:cases"),
                    bd -> bd.setPrimary(true))
                    .withBean("leases", DataSource.class, () -> new DriverManagerDataSource(url));
        }
        Outcome[] outcome = new Outcome[1];
        runner.withPropertyValues(properties.toArray(String[]::new)).run(ctx -> {
            Throwable failure = ctx.getStartupFailure();
            if (failure != null) {
                SettingsException e = settingsException(failure);
                var analysis = new SnoFailureAnalyzer().analyze(failure);
                outcome[0] = new Outcome("fails", -1, analysis.getDescription(), e.properties(), Map.of());
                return;
            }
            SnoGenerator g = ctx.getBean(SnoGenerator.class);
            PartitionDecision d = ctx.getBean(PartitionDecision.class);
            Map<String, Object> details = ctx.getBean("snoHealthIndicator", HealthIndicator.class).health()
                    .getDetails();
            outcome[0] = new Outcome(g.partitionSource().toString(), g.partition(), d.startupLine(), Set.of(),
                    details);
        });
        return outcome[0];
    }

    private static SettingsException settingsException(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SettingsException e) {
                return e;
            }
        }
        throw new AssertionError("the context failed without a SettingsException", failure);
    }
}
