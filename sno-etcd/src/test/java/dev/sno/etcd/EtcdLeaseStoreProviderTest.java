package dev.sno.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.config.PartitionDecision;
import dev.sno.config.Settings;
import dev.sno.config.SettingsException;
import dev.sno.lease.LeaseResources;
import dev.sno.lease.LeaseStoreProvider;
import dev.sno.lease.PartitionLeases;
import dev.sno.testsupport.LogCapture;
import io.etcd.jetcd.Client;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The lease store {@code etcd} as applications pick it, through sno-core's
 * {@link PartitionDecision} and {@link java.util.ServiceLoader}: named with
 * {@code sno.lease.store=etcd} and {@code sno.lease.etcd.endpoints}, it makes a leased generator
 * with a client of its own, closed after the generator; the application's jetcd client serves
 * when the endpoints are not set; bad endpoints are refused naming the value; an etcd that is
 * neither named nor required is never written to; and a plain process leases through
 * {@code Sno.next} alone and releases at exit.
 */
class EtcdLeaseStoreProviderTest {

    /** Startup lines of random partitions: claimed, not printed. */
    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    private static Settings settings(String... pairs) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return Settings.of(m::get);
    }

    @Test
    void theStoreRequiredWithEndpointsMakesALeasedGeneratorAndClosesItsClientAfterIt() throws Exception {
        String ns = TestEtcd.namespace("named");
        assertTrue(PartitionDecision.providers().stream().anyMatch(p -> p instanceof EtcdLeaseStoreProvider),
                "found by ServiceLoader: " + PartitionDecision.providers());
        PartitionDecision d = PartitionDecision.make(settings("sno.lease.enabled", "true", "sno.lease.store", "etcd",
                "sno.lease.etcd.endpoints",
                "  " + TestEtcd.url() + " , " + TestEtcd.url(), "sno.lease.namespace", ns, "sno.lease.partitions", "10-11"),
                LeaseResources.none(), b -> { });
        SnoGenerator g = d.generator();
        assertEquals(PartitionSource.LEASED, g.partitionSource());
        assertEquals(10, g.partition());
        assertTrue(d.startupLine().startsWith("sno: partition 10 (leased from etcd " + TestEtcd.url() + ","
                + TestEtcd.url() + ", namespace \"" + ns + "\""), d.startupLine());
        assertEquals(1, PartitionLeases.leaseOf(g).orElseThrow().epoch());
        g.next(0);
        d.close();
        assertTrue(TestEtcd.client().getKVClient().get(Keys.holder(ns, 10)).get(10, TimeUnit.SECONDS).getKvs()
                .isEmpty(), "released at close");
    }

    @Test
    void withoutEndpointsTheApplicationsClientServesWhenLeasingIsRequired() throws Exception {
        String ns = TestEtcd.namespace("app");
        Client app = TestEtcd.newClient();
        LeaseResources resources = new LeaseResources() {
            @Override
            public <T> Optional<T> find(Class<T> type, String name) {
                return type == Client.class && name == null ? Optional.of(type.cast(app)) : Optional.empty();
            }
        };
        try (PartitionDecision d = PartitionDecision.make(settings("sno.lease.enabled", "true", "sno.lease.namespace", ns,
                "sno.lease.partitions", "3-3"), resources, b -> { }, List.of(new EtcdLeaseStoreProvider()))) {
            assertEquals(PartitionSource.LEASED, d.generator().partitionSource());
            assertEquals(3, d.generator().partition());
        }
        // The application's client is the application's: still open.
        assertTrue(app.getKVClient().get(Keys.holder(ns, 3)).get(10, TimeUnit.SECONDS).getKvs().isEmpty());
        app.close();
    }

    @Test
    void badEndpointsAreRefusedNamingTheValue() {
        for (String bad : List.of("etcd-1:2379", "http://etcd-1", "ftp://etcd-1:2379", "http://etcd-1:2379/v3",
                "http://etcd-1:2379,", "http://a b:2379")) {
            SettingsException e = assertThrows(SettingsException.class, () -> PartitionDecision.make(
                    settings("sno.lease.store", "etcd", "sno.lease.etcd.endpoints", bad), LeaseResources.none(),
                    b -> { }));
            assertTrue(e.getMessage().contains(bad), bad + ": " + e.getMessage());
            assertTrue(e.getMessage().contains("sno.lease.etcd.endpoints"), e.getMessage());
            assertTrue(e.getMessage().contains("http://etcd-1:2379,http://etcd-2:2379"), e.getMessage());
        }
    }

    @Test
    void anEtcdIsNeverWrittenToUnlessLeasingIsRequired() {
        LeaseStoreProvider.Offer offer = new EtcdLeaseStoreProvider().offer(
                settings("sno.lease.store", "etcd", "sno.lease.etcd.endpoints", TestEtcd.url()), LeaseResources.none(),
                false);
        assertTrue(!offer.serves() && offer.found(), offer.why());
        assertEquals("leasing from etcd needs sno.lease.enabled=true (unset, sno writes no keys into the"
                + " application's etcd)", offer.why());
        LeaseStoreProvider.Offer none = new EtcdLeaseStoreProvider().offer(settings("sno.lease.store", "etcd"),
                LeaseResources.none(), true);
        assertTrue(!none.serves() && !none.found());
        assertTrue(none.action().contains("sno.lease.etcd.endpoints=http://host:2379"), none.action());
        assertEquals(List.of("sno.lease.etcd.endpoints"), new EtcdLeaseStoreProvider().settingNames());
        assertEquals(400, new EtcdLeaseStoreProvider().order());
        assertEquals(List.of("io.etcd.jetcd.Client"), new EtcdLeaseStoreProvider().resourceTypes());
        assertNull(none.store());
        logs.allow(Level.INFO, "sno");
    }

    @Test
    void snoNextLeasesFromEtcdAndReleasesAtExit() throws Exception {
        String ns = TestEtcd.namespace("facade");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "-Dsno.lease.etcd.endpoints=" + TestEtcd.url(), "-Dsno.lease.partitions=40-41",
                FacadeChild.class.getName()).redirectErrorStream(true);
        pb.environment().put("SNO_LEASE_ENABLED", "true");
        pb.environment().put("SNO_LEASE_STORE", "etcd");
        pb.environment().put("SNO_LEASE_NAMESPACE", ns);
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child did not exit");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        List<String> line = out.lines().filter(l -> l.startsWith("GENERATOR ")).toList();
        assertEquals(List.of("GENERATOR 40 leased 40"), line, out);
        try (SnoGenerator again = EtcdPartitionLeases.builder(TestEtcd.client()).namespace(ns).partitions(40, 40)
                .build().acquire()) {
            assertEquals(2, PartitionLeases.leaseOf(again).orElseThrow().epoch(), "released at exit");
        }
    }
}
