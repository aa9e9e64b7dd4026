package dev.sno.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoGenerator;
import dev.sno.config.PartitionDecision;
import dev.sno.config.SettingsException;
import dev.sno.lease.LeaseResources;
import dev.sno.testsupport.DecisionCases;
import dev.sno.testsupport.DecisionCases.Case;
import dev.sno.testsupport.DecisionCases.Outcome;
import io.quarkus.runtime.configuration.ConfigurationException;
import io.quarkus.test.QuarkusUnitTest;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The shared table of partition decisions (test-support/decisions/cases.txt, issue 29) through
 * the Quarkus extension: a running Quarkus application whose Agroal datasources are the table's
 * environments (the default one the in-memory H2 of {@code h2-mem} and {@code two}, named ones on
 * the build's PostgreSQL and MySQL and a SQLite file), and for each case the extension's own reading of a
 * SmallRye configuration holding the case's settings as {@code application.properties}, its own
 * datasource lookup (SnoAgroal), its failure ({@link ConfigurationException} naming the
 * settings) and its readiness check's data. The same results as plain Java and Spring Boot.
 */
class DecisionTableQuarkusTest {

    private static final Map<String, String> DATASOURCE = Map.of("pg", "pgempty", "pg-create", "pgcreate",
            "pg+table", "pgtable", "mysql", "mysqlempty", "mysql-create", "mysqlcreate", "mysql+table", "mysqltable",
            "sqlite", "sqlite");

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            // The application: test-support's classes, with the test-only store module's provider
            // registered as a store module's jar registers it (META-INF/services).
            .withApplicationRoot(jar -> jar.addPackage("dev.sno.testsupport").addAsServiceProvider(
                    dev.sno.lease.LeaseStoreProvider.class, dev.sno.testsupport.MemoryLeaseStoreProvider.class))
            .withConfiguration(String.join("\n",
                    "quarkus.http.test-port=0",
                    "quarkus.devservices.enabled=false",
                    "quarkus.datasource.db-kind=h2",
                    "quarkus.datasource.jdbc.url=jdbc:h2:mem:cases",
                    postgres("pgempty", "pg"), postgres("pgcreate", "pg-create"), postgres("pgtable", "pg+table"),
                    postgres("leases", "two"),
                    mysql("mysqlempty", "mysql"), mysql("mysqlcreate", "mysql-create"),
                    mysql("mysqltable", "mysql+table"),
                    "quarkus.datasource.sqlite.db-kind=other",
                    "quarkus.datasource.sqlite.jdbc.driver=org.sqlite.JDBC",
                    "quarkus.datasource.sqlite.jdbc.url=" + DecisionCases.url("sqlite"),
                    "sno.install=false",
                    ""));

    private static String postgres(String name, String env) {
        return "quarkus.datasource." + name + ".db-kind=postgresql\nquarkus.datasource." + name + ".jdbc.url="
                + DecisionCases.url(env);
    }

    /**
     * A datasource on the build's MySQL (quarkus-jdbc-mysql); none where the user turned MySQL
     * off, whose cases are then skipped by name.
     */
    private static String mysql(String name, String env) {
        return DecisionCases.mysqlMissing().isPresent() ? "" : "quarkus.datasource." + name
                + ".db-kind=mysql\nquarkus.datasource." + name + ".jdbc.url=" + DecisionCases.url(env);
    }

    /**
     * A package-private class of the extension, by name: the test runs in the application's class
     * loader, a child of the one holding the extension, where package-private access does not
     * reach, so the extension's own code is called reflectively.
     */
    private static Class<?> extension(String simpleName) throws ReflectiveOperationException {
        return Class.forName("dev.sno.quarkus." + simpleName, true, Thread.currentThread().getContextClassLoader());
    }

    private static Object call(Object target, Class<?> type, String method, Class<?>[] types, Object... args)
            throws ReflectiveOperationException {
        java.lang.reflect.Method m = type.getDeclaredMethod(method, types);
        m.setAccessible(true);
        try {
            return m.invoke(target, args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }

    @Test
    void everyCaseComesOutAsTheTableSays() throws ReflectiveOperationException {
        List<String> mismatches = new ArrayList<>();
        List<Case> cases = DecisionCases.load(DecisionCases.placeholders());
        for (Case c : DecisionCases.runnable(cases)) {
            mismatches.addAll(DecisionCases.mismatches("Quarkus", c, decide(c)));
        }
        assertEquals(List.of(), mismatches, () -> String.join("\n", mismatches));
        assertTrue(cases.size() >= 33, "the whole table: " + cases.size());
        DecisionCases.skipMissing(cases);
    }

    private Outcome decide(Case c) throws ReflectiveOperationException {
        Class<?> agroalType = extension("SnoAgroal");
        Object agroal = io.quarkus.arc.Arc.container().instance(agroalType).get();
        Map<String, String> settings = new LinkedHashMap<>(c.settings());
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(settings, "application.properties", 260)).build();
        String env = c.env();
        LeaseResources resources = new LeaseResources() {
            @Override
            public <T> Optional<T> find(Class<T> type, String name) {
                if (type != DataSource.class || env.equals("none")) {
                    return Optional.empty();
                }
                // the application's default datasource is the environment's own
                try {
                    return ((Optional<?>) call(agroal, agroalType, "find", new Class<?>[] {String.class},
                            name != null ? name : DATASOURCE.get(env))).map(type::cast);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
        };
        java.util.function.Consumer<SnoGenerator.Builder> customizer = b -> b.announcePartition(false);
        try (PartitionDecision d = (PartitionDecision) call(null, extension("SnoGeneratorFactory"), "decide",
                new Class<?>[] {org.eclipse.microprofile.config.Config.class, LeaseResources.class,
                        java.util.function.Consumer.class}, config, resources, customizer)) {
            Class<?> decisionsType = extension("SnoDecisions");
            java.lang.reflect.Constructor<?> holder = decisionsType.getDeclaredConstructor();
            holder.setAccessible(true);
            Object decisions = holder.newInstance();
            call(decisions, decisionsType, "made", new Class<?>[] {PartitionDecision.class}, d);
            Class<?> checkType = extension("SnoReadinessCheck");
            java.lang.reflect.Constructor<?> check = checkType.getDeclaredConstructor(SnoGenerator.class, decisionsType);
            check.setAccessible(true);
            HealthCheckResponse health = (HealthCheckResponse) call(check.newInstance(d.generator(), decisions),
                    checkType, "call", new Class<?>[0]);
            Map<String, Object> details = new LinkedHashMap<>(health.getData().orElseThrow());
            return new Outcome(d.generator().partitionSource().toString(), d.generator().partition(), d.startupLine(),
                    Set.of(), details);
        } catch (ConfigurationException e) {
            if (!(e.getCause() instanceof SettingsException cause)) {
                return new Outcome("fails", -1, e.getMessage(), e.getConfigKeys(), Map.of());
            }
            assertTrue(e.getMessage().startsWith(cause.problem()), e.getMessage());
            return new Outcome("fails", -1, cause.problem(), e.getConfigKeys(), Map.of());
        }
    }
}
