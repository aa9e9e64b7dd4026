package dev.sno.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.config.SettingsException;
import dev.sno.testsupport.DecisionCases;
import dev.sno.testsupport.LogCapture;
import dev.sno.testsupport.TestServers;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.ApplicationContext;
import io.micronaut.management.health.indicator.HealthResult;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The module in real Micronaut contexts: the startup line, unknown settings, Micronaut's own
 * sources ({@code -D}), meters, and leases through the application's own beans (a Hikari datasource
 * on PostgreSQL, a Lettuce client on Redis) freed when the context closes.
 */
class SnoMicronautTest {

    @RegisterExtension
    final LogCapture log = new LogCapture("dev.sno.micronaut");

    private static ApplicationContext start(Map<String, Object> properties) {
        Map<String, Object> p = new LinkedHashMap<>(properties);
        p.putIfAbsent("sno.install", "false");
        return ApplicationContext.builder().properties(p).start();
    }

    @Test
    void configuredPartitionIsLoggedAndMetered() {
        try (ApplicationContext context = start(Map.of("sno.partition", "12"))) {
            SnoGenerator generator = context.getBean(SnoGenerator.class);
            assertEquals(12, generator.partition());
            log.expect(Level.INFO, "sno: partition 12 (configured: sno.partition)");
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            Set<String> names = new TreeSet<>();
            for (Meter m : registry.getMeters()) {
                if (m.getId().getName().startsWith("sno.")) {
                    names.add(m.getId().getName());
                    assertEquals("12", m.getId().getTag("partition"), m.getId().toString());
                    assertEquals("configured", m.getId().getTag("source"), m.getId().toString());
                }
            }
            assertEquals(new TreeSet<>(Set.of("sno.generator.ids", "sno.generator.regressions",
                    "sno.generator.overflow.stalls", "sno.generator.unit.ids", "sno.generator.unit.capacity",
                    "sno.generator.closed")), names);
            generator.next(0);
            assertEquals(1.0, registry.get("sno.generator.ids").functionCounter().count());
        }
    }

    @Test
    void anUnknownSettingIsNamedWithTheNearestKnownOne() {
        RuntimeException e = assertThrows(RuntimeException.class,
                () -> start(Map.of("sno.partition", "1", "sno.lease.namspace", "orders")).close());
        SettingsException s = settingsException(e);
        assertTrue(s.getMessage().contains("Unknown sno setting sno.lease.namspace in ")
                && s.getMessage().contains("did you mean sno.lease.namespace?"), s.getMessage());
    }

    @Test
    void anUnknownSettingInAFileIsNamedWithTheFile() {
        RuntimeException e = assertThrows(RuntimeException.class, () -> ApplicationContext.builder()
                .environments("sno-unknown").properties(Map.of("sno.install", "false")).start().close());
        assertEquals("Unknown sno setting sno.partiton in application-sno-unknown.properties: did you mean"
                + " sno.partition?.", settingsException(e).problem());
    }

    @Test
    void theGeneratorIsInstalledBehindSnoNext() {
        try (ApplicationContext context = start(Map.of("sno.partition", "4242", "sno.install", "true"))) {
            assertEquals(4242, dev.sno.Sno.partition());
            assertEquals(context.getBean(SnoGenerator.class).partition(), dev.sno.Sno.next().partition());
        }
        log.allow(Level.INFO, "sno: partition 4242");
    }

    @Test
    void customizersApplyAfterTheSettings() {
        try (ApplicationContext context = start(Map.of("sno.partition", "5", "test.customizer", "6"))) {
            assertEquals(6, context.getBean(SnoGenerator.class).partition());
        }
        log.allow(Level.INFO, "sno: partition");
    }

    /** Micronaut's convention: SNO_PARTITION is sno.partition; an unknown SNO_* variable is not refused. */
    @Test
    void environmentVariablesAreReadButNotCheckedForUnknownNames() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), EnvironmentVariablesMain.class.getName());
        pb.environment().put("SNO_PARTITION", "44");
        pb.environment().put("SNO_INSTALL", "false");
        pb.environment().put("SNO_PARTITON", "45");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.contains("partition=44"), out);
    }

    @Test
    void systemPropertiesAreReadButNotCheckedForUnknownNames() {
        System.setProperty("sno.partition", "33");
        System.setProperty("sno.version", "1.2.3"); // a build's own property, as -Dsno.version
        try (ApplicationContext context = start(Map.of())) {
            assertEquals(33, context.getBean(SnoGenerator.class).partition());
        } finally {
            System.clearProperty("sno.partition");
            System.clearProperty("sno.version");
        }
    }

    @Test
    void leasedOnPostgresThroughTheApplicationsDataSourceAndFreedOnClose() {
        String url = DecisionCases.url("pg-create");
        Map<String, Object> p = Map.of("datasources.default.url", url,
                "datasources.default.driver-class-name", "org.postgresql.Driver",
                "datasources.default.maximum-pool-size", "2",
                "sno.lease.initialize-schema", "always",
                "sno.lease.partitions", "77-77");
        try (ApplicationContext context = start(p)) {
            SnoGenerator generator = context.getBean(SnoGenerator.class);
            assertEquals(PartitionSource.LEASED, generator.partitionSource());
            assertEquals(77, generator.partition());
            HealthResult health = Health.of(context.getBean(SnoHealthIndicator.class));
            assertEquals("UP", health.getStatus().getName());
            assertEquals("held", ((Map<?, ?>) health.getDetails()).get("lease"));
            assertEquals(0.0, context.getBean(MeterRegistry.class).get("sno.lease.state").gauge().value());
        }
        // the only partition of the pool is free again at once: the lease was released, not left to expire
        try (ApplicationContext again = start(p)) {
            assertEquals(77, again.getBean(SnoGenerator.class).partition());
        }
        log.allow(Level.INFO, "sno: partition 77");
    }

    /**
     * A context whose start fails after its generator was leased (here: Sno.install refused, the
     * shared generator being in use) releases the lease: a second context leases the same
     * one-partition pool at once. In a JVM of its own, since it uses the shared generator.
     */
    @Test
    void aStartThatFailsAfterTheLeaseReleasesIt() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), FailedInstallMain.class.getName(),
                DecisionCases.url("pg-create"));
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.contains("failed to start"), out);
        assertTrue(out.contains("partition=78"), out);
    }

    @Test
    void leasedOnRedisThroughTheApplicationsClientAndFreedOnClose() {
        Map<String, Object> p = Map.of("test.redis-client", TestServers.url(TestServers.Server.REDIS),
                "sno.lease.store", "redis",
                "sno.lease.redis.accept-unsafe-persistence", "true",
                "sno.lease.namespace", "micronaut-" + UUID.randomUUID(),
                "sno.lease.partitions", "3000-3000");
        try (ApplicationContext context = start(p)) {
            SnoGenerator generator = context.getBean(SnoGenerator.class);
            assertEquals(PartitionSource.LEASED, generator.partitionSource());
            assertEquals(3000, generator.partition());
        }
        // freed before the application's client shut down (else the second would find it taken)
        try (ApplicationContext again = start(p)) {
            assertEquals(3000, again.getBean(SnoGenerator.class).partition());
        }
        log.allow(Level.INFO, "sno: partition 3000");
    }

    @Test
    void anApplicationsOwnGeneratorReplacesTheModulesAndNoPartitionIsDecided() {
        // sno.lease.enabled=true with no store would fail the module's decision: it is not made
        try (ApplicationContext context = start(Map.of("test.own-generator", "true", "sno.lease.enabled", "true"))) {
            SnoGenerator generator = context.getBean(SnoGenerator.class);
            assertEquals(555, generator.partition());
            assertEquals(null, context.getBean(SnoDecisions.class).decision());
            HealthResult health = Health.of(context.getBean(SnoHealthIndicator.class));
            assertEquals(555, ((Map<?, ?>) health.getDetails()).get("partition"));
        }
    }

    private static SettingsException settingsException(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SettingsException s) {
                return s;
            }
        }
        throw new AssertionError("no SettingsException in " + e, e);
    }
}
