package dev.sno.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sno.SnoGenerator;
import dev.sno.config.PartitionDecision;
import dev.sno.config.SettingsException;
import dev.sno.testsupport.DecisionCases;
import dev.sno.testsupport.DecisionCases.Case;
import dev.sno.testsupport.DecisionCases.Outcome;
import io.micronaut.context.ApplicationContext;
import io.micronaut.management.health.indicator.HealthResult;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The shared table of partition decisions (test-support/decisions/cases.txt) through this module
 * in a real Micronaut {@link ApplicationContext} per case, the fifth runner beside plain Java,
 * Spring Boot 3.5 and 4, and Quarkus: the case's settings as the context's properties, its
 * environment's database as Micronaut's own Hikari datasource ({@code datasources.default.url}, or
 * for {@code two} the default in-memory H2 and one named {@code leases}; any environment
 * {@link DecisionCases#url} knows works), the failure as the context's startup fails with it, and
 * the details as the {@code sno} health indicator reports them.
 */
class DecisionTableMicronautTest {

    @TestFactory
    Stream<DynamicTest> micronaut() {
        List<Case> cases = DecisionCases.load(DecisionCases.placeholders());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            Assumptions.assumeTrue(c.missing() == null, c::missing);
            List<String> mismatches = DecisionCases.mismatches("Micronaut", c, decide(c));
            assertEquals(List.of(), mismatches, () -> String.join("\n", mismatches));
        }));
    }

    /** The context's properties for a case: its settings, and its environment's datasources. */
    static Map<String, Object> properties(Case c) {
        Map<String, Object> p = new LinkedHashMap<>(c.settings());
        p.put("sno.install", "false");
        String url = DecisionCases.url(c.env());
        if (c.env().equals("two")) {
            datasource(p, "default", "jdbc:h2:mem:cases");
            datasource(p, "leases", url);
        } else if (url != null) {
            datasource(p, "default", url);
        }
        return p;
    }

    private static void datasource(Map<String, Object> p, String name, String url) {
        p.put("datasources." + name + ".url", url);
        p.put("datasources." + name + ".maximum-pool-size", "2");
        p.put("datasources." + name + ".minimum-idle", "0");
        try {
            p.put("datasources." + name + ".driver-class-name", DriverManager.getDriver(url).getClass().getName());
        } catch (SQLException e) {
            throw new IllegalStateException("no JDBC driver for " + url, e);
        }
    }

    static Outcome decide(Case c) {
        ApplicationContext context = ApplicationContext.builder().properties(properties(c)).build();
        try {
            context.start();
            SnoGenerator generator = context.getBean(SnoGenerator.class);
            PartitionDecision d = context.getBean(SnoDecisions.class).decision();
            HealthResult health = Health.of(context.getBean(SnoHealthIndicator.class));
            Map<String, Object> details = new LinkedHashMap<>();
            ((Map<?, ?>) health.getDetails()).forEach((k, v) -> details.put(String.valueOf(k), v));
            return new Outcome(generator.partitionSource().toString(), generator.partition(), d.startupLine(),
                    java.util.Set.of(), details);
        } catch (RuntimeException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof SettingsException s) {
                    return new Outcome("fails", -1, s.problem(), s.properties(), Map.of());
                }
            }
            throw e;
        } finally {
            context.close(); // a context whose startup failed too: its pools
        }
    }
}
