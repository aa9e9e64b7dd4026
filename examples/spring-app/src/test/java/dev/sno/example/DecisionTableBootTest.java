package dev.sno.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoGenerator;
import dev.sno.config.PartitionDecision;
import dev.sno.config.SettingsException;
import dev.sno.spring.boot.SnoAutoConfiguration;
import dev.sno.spring.boot.SnoObservabilityAutoConfiguration;
import dev.sno.testsupport.DecisionCases;
import dev.sno.testsupport.DecisionCases.Case;
import dev.sno.testsupport.DecisionCases.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The shared table of partition decisions (test-support/decisions/cases.txt, issue 29) through
 * the starter in a real context of this example's Spring Boot: 3.5 in examples/spring-boot3, 4 in
 * examples/spring-boot4. Boot's own DataSource auto-configuration (found by name: Boot 4 moved
 * it) from {@code spring.datasource.url}, or two DataSource beans; the failure's problem as
 * Spring's failure report prints it; the details from the {@code sno} health indicator of
 * whichever health API the Boot has. The same results as plain Java, the starter's own test on
 * Boot 3.5 and Quarkus.
 */
class DecisionTableBootTest {

    private static final String BOOT = "Spring Boot " + SpringBootVersion.getVersion();

    @Test
    void everyCaseComesOutAsTheTableSays() throws Exception {
        List<String> mismatches = new ArrayList<>();
        List<Case> cases = DecisionCases.load(DecisionCases.placeholders());
        for (Case c : DecisionCases.runnable(cases)) {
            mismatches.addAll(DecisionCases.mismatches(BOOT, c, decide(c)));
        }
        assertEquals(List.of(), mismatches, () -> String.join("\n", mismatches));
        assertTrue(cases.size() >= 33, "the whole table: " + cases.size());
        DecisionCases.skipMissing(cases);
    }

    private static Class<?> dataSourceAutoConfiguration() throws ClassNotFoundException {
        for (String name : List.of("org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
                "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration")) {
            try {
                return Class.forName(name);
            } catch (ClassNotFoundException e) {
                // the other generation's
            }
        }
        throw new ClassNotFoundException("DataSourceAutoConfiguration of Boot " + SpringBootVersion.getVersion());
    }

    private static Outcome decide(Case c) throws Exception {
        List<String> properties = new ArrayList<>(List.of("sno.install=false"));
        c.settings().forEach((k, v) -> properties.add(k + "=" + v));
        ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(
                AutoConfigurations.of(SnoAutoConfiguration.class, SnoObservabilityAutoConfiguration.class));
        String url = DecisionCases.url(c.env());
        if (c.env().equals("two")) {
            runner = runner.withBean("h2", DataSource.class, () -> new DriverManagerDataSource("jdbc:h2:mem:cases"),
                    bd -> bd.setPrimary(true))
                    .withBean("leases", DataSource.class, () -> new DriverManagerDataSource(url));
        } else if (url != null) {
            runner = runner.withConfiguration(AutoConfigurations.of(dataSourceAutoConfiguration()));
            properties.add("spring.datasource.url=" + url);
        }
        Outcome[] outcome = new Outcome[1];
        runner.withPropertyValues(properties.toArray(String[]::new)).run(ctx -> {
            Throwable failure = ctx.getStartupFailure();
            if (failure != null) {
                for (Throwable t = failure; t != null; t = t.getCause()) {
                    if (t instanceof SettingsException e) {
                        outcome[0] = new Outcome("fails", -1, e.problem(), e.properties(), Map.of());
                        return;
                    }
                }
                throw new AssertionError("case " + c.name() + ": the context failed without a SettingsException",
                        failure);
            }
            SnoGenerator g = ctx.getBean(SnoGenerator.class);
            PartitionDecision d = ctx.getBean(PartitionDecision.class);
            // Boot 3's and Boot 4's HealthIndicator and Health differ in package, not in method names.
            Object indicator = ctx.getBean("snoHealthIndicator");
            Object health = indicator.getClass().getMethod("health").invoke(indicator);
            @SuppressWarnings("unchecked")
            Map<String, Object> details = (Map<String, Object>) health.getClass().getMethod("getDetails").invoke(health);
            outcome[0] = new Outcome(g.partitionSource().toString(), g.partition(), d.startupLine(), Set.of(), details);
        });
        return outcome[0];
    }
}
