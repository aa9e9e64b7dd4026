package dev.sno.micronaut;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.testsupport.DecisionCases;
import dev.sno.testsupport.EtcdServer;
import dev.sno.testsupport.LogCapture;
import dev.sno.testsupport.TestServers;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.micronaut.context.ApplicationContext;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Leases through the application's own ZooKeeper and etcd clients, found in Micronaut's bean
 * context by sno-core's store providers (SnoMicronautTest does PostgreSQL and Redis): the record is
 * written through that very client (its own Curator namespace, its own jetcd key prefix), the
 * lease is freed when the context stops, and the client is left open, since it is the
 * application's; the application's Redis client is left open too. On the servers the decision
 * table starts once per JVM.
 */
class AppClientLeasesTest {

    @RegisterExtension
    final LogCapture log = new LogCapture("dev.sno.micronaut");

    private static String namespace(String store) {
        return "micronaut-" + store + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static ApplicationContext start(Map<String, Object> properties) {
        Map<String, Object> p = new LinkedHashMap<>(properties);
        p.put("sno.install", "false");
        return ApplicationContext.builder().properties(p).start();
    }

    @Test
    void leasedOnZooKeeperThroughTheApplicationsCuratorClient() throws Exception {
        String ns = namespace("zk");
        String holder = "/sno/leases/" + ns + "/holders/3100";
        CuratorFramework app;
        try (ApplicationContext context = start(Map.of("test.curator", DecisionCases.placeholders().get("zookeeper"),
                "test.curator-namespace", "app", "sno.lease.store", "zookeeper", "sno.lease.namespace", ns,
                "sno.lease.partitions", "3100-3100"))) {
            SnoGenerator generator = context.getBean(SnoGenerator.class);
            assertEquals(PartitionSource.LEASED, generator.partitionSource());
            assertEquals(3100, generator.partition());
            app = context.getBean(CuratorFramework.class);
            // written through the application's client: under its Curator namespace /app, nowhere else
            assertNotNull(app.checkExists().forPath(holder), holder + " in the application's namespace");
            assertNotNull(app.usingNamespace(null).checkExists().forPath("/app" + holder));
            assertNull(app.usingNamespace(null).checkExists().forPath(holder), "outside the application's namespace");
        }
        try {
            assertEquals(CuratorFrameworkState.STARTED, app.getState(), "sno closed the application's client");
            // The holder is an ephemeral znode of the application's session, which lives on: its
            // absence means the lease was released, the record kept.
            assertNull(app.checkExists().forPath(holder), "the lease was released when the context stopped");
            assertNotNull(app.checkExists().forPath("/sno/leases/" + ns + "/records/3100"));
        } finally {
            app.close();
        }
        log.expect(Level.INFO, "sno: partition 3100 (leased from ZooKeeper (the application's Curator client)");
    }

    @Test
    void leasedOnEtcdThroughTheApplicationsClient() throws Exception {
        Assumptions.assumeTrue(EtcdServer.missing().isEmpty(), () -> EtcdServer.missing().orElse(""));
        String url = DecisionCases.placeholders().get("etcd");
        String ns = namespace("etcd");
        String holder = "sno/" + ns + "/holder/03200";
        Client app;
        try (Client plain = Client.builder().endpoints(url).build()) {
            try (ApplicationContext context = start(Map.of("test.etcd-client", url, "test.etcd-namespace", "app/",
                    "sno.lease.store", "etcd", "sno.lease.namespace", ns, "sno.lease.partitions", "3200-3200"))) {
                SnoGenerator generator = context.getBean(SnoGenerator.class);
                assertEquals(PartitionSource.LEASED, generator.partitionSource());
                assertEquals(3200, generator.partition());
                app = context.getBean(Client.class);
                // written through the application's client: under its key prefix app/, nowhere else
                assertEquals(1, count(plain, "app/" + holder));
                assertEquals(0, count(plain, holder));
                assertEquals(1, count(app, holder));
            }
            try {
                // the application's client still answers (sno did not close it), and the lease is freed
                long holders = assertDoesNotThrow(() -> count(app, holder), "sno closed the application's client");
                assertEquals(0, holders, "the lease was released when the context stopped");
                assertEquals(1, count(app, "sno/" + ns + "/record/03200"));
            } finally {
                app.close();
            }
        }
        log.expect(Level.INFO, "sno: partition 3200 (leased from etcd (the application's client)");
    }

    /**
     * An etcd client the context closes itself (its bean's {@code preDestroy}) is closed after sno
     * released the lease through it: the holder key is gone at once, not left to expire.
     */
    @Test
    void theLeaseIsReleasedBeforeTheContextClosesTheApplicationsEtcdClient() throws Exception {
        Assumptions.assumeTrue(EtcdServer.missing().isEmpty(), () -> EtcdServer.missing().orElse(""));
        String url = DecisionCases.placeholders().get("etcd");
        String ns = namespace("etcd");
        try (Client plain = Client.builder().endpoints(url).build()) {
            try (ApplicationContext context = start(Map.of("test.etcd-client", url, "test.etcd-closed-by-context",
                    "true", "sno.lease.store", "etcd", "sno.lease.namespace", ns, "sno.lease.partitions", "3201-3201"))) {
                assertEquals(3201, context.getBean(SnoGenerator.class).partition());
                assertEquals(1, count(plain, "app/sno/" + ns + "/holder/03201"));
            }
            assertEquals(0, count(plain, "app/sno/" + ns + "/holder/03201"), "released before the client was closed");
        }
        log.allow(Level.INFO, "sno: partition 3201");
    }

    /**
     * The application's Lettuce client, a singleton the application gave the context: sno leases
     * through it and leaves it open (SnoMicronautTest shows the lease freed before a client the
     * context closes is shut down).
     */
    @Test
    void theApplicationsRedisClientIsLeftOpen() {
        String ns = namespace("redis");
        RedisClient app = RedisClient.create(TestServers.url(TestServers.Server.REDIS));
        try {
            Map<String, Object> p = new LinkedHashMap<>(Map.of("sno.lease.store", "redis",
                    "sno.lease.redis.accept-unsafe-persistence", "true", "sno.lease.namespace", ns,
                    "sno.lease.partitions", "3400-3400", "sno.install", "false"));
            try (ApplicationContext context = ApplicationContext.builder().properties(p).singletons(app).start()) {
                assertEquals(PartitionSource.LEASED, context.getBean(SnoGenerator.class).partitionSource());
                assertEquals(3400, context.getBean(SnoGenerator.class).partition());
            }
            try (StatefulRedisConnection<String, String> c = assertDoesNotThrow(() -> app.connect(),
                    "sno shut the application's client down")) {
                assertTrue(c.sync().keys("{sno:" + ns + "}*").size() > 0, "the lease's keys");
            }
        } finally {
            app.shutdown();
        }
        log.expect(Level.INFO, "sno: partition 3400 (leased from Redis");
    }

    private static long count(Client client, String key) throws Exception {
        return client.getKVClient().get(ByteSequence.from(key, StandardCharsets.UTF_8)).get(10, TimeUnit.SECONDS)
                .getCount();
    }

    /**
     * A Curator client its factory never started (Curator's clients start only when told) fails
     * the startup at once, the message naming the application's client and saying it is not
     * started: sno neither starts the application's client nor waits for it.
     */
    @Test
    void anUnstartedCuratorClientFailsTheStartupSayingSo() {
        RuntimeException e = assertThrows(RuntimeException.class, () -> start(Map.of(
                "test.curator", DecisionCases.placeholders().get("zookeeper"), "test.curator-start", "false",
                "sno.lease.store", "zookeeper", "sno.lease.namespace", namespace("latent"))).close());
        String message = null;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && t.getMessage().startsWith("sno could not lease")) {
                message = t.getMessage();
            }
        }
        assertEquals("sno could not lease a partition from ZooKeeper (the application's Curator client) /sno/leases:"
                + " Could not reach ZooKeeper: Client is not started", message, () -> String.valueOf(e));
    }
}
