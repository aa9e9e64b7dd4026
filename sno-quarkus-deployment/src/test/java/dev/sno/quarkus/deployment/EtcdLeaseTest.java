package dev.sno.quarkus.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.testsupport.EtcdServer;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.GetOption;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A Quarkus application that produces its own jetcd {@code Client} bean (injected nowhere, so ArC
 * would remove it but for the extension, which keeps the types lease store providers ask for)
 * leases its partition from etcd: {@code sno.lease.store=etcd}, with no code of the extension's
 * naming etcd. The server is real (test-support's {@link EtcdServer}: Debian's etcd 3.4, skipped
 * by name where it is not installed); the client is jetcd 0.7, on the Vert.x 4 that Quarkus 3
 * manages. The endpoints variant is a row of the shared decision table.
 */
@ExtendWith(EtcdServer.Installed.class)
class EtcdLeaseTest {

    /**
     * The etcd's URL, or null where there is none (the class is then disabled by
     * EtcdServer.Installed). JUnit's class loader starts the server; the copy of this class that
     * Quarkus loads for the application finds its URL in the system property.
     */
    static final String URL = System.getProperty("sno.test.etcd.url") != null ? System.getProperty("sno.test.etcd.url")
            : EtcdServer.missing().isPresent() ? null : EtcdServer.shared().url();

    static {
        if (URL != null) {
            System.setProperty("sno.test.etcd.url", URL);
        }
    }

    /**
     * The application's own etcd client, on the system property this test sets (a class of the
     * application cannot see test-support's, nor a test class's static fields).
     */
    @Singleton
    public static class Etcd {

        @Produces
        @Singleton
        Client etcd() {
            return Client.builder().endpoints(System.getProperty("sno.test.etcd.url")).build();
        }

        void close(@Disposes Client c) {
            c.close();
        }
    }

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addClasses(TestApps.class, Etcd.class, EtcdServer.class,
                    EtcdServer.Installed.class))
            .withConfiguration(TestApps.BASE + String.join("\n",
                    "sno.lease.enabled=true",
                    "sno.lease.store=etcd",
                    "sno.lease.duration=20s",
                    "sno.lease.namespace=quarkus-etcd",
                    "sno.lease.partitions=400-401",
                    ""));

    @Inject
    SnoGenerator generator;

    @Test
    void theApplicationsClientBeanLeasesThePartition() throws Exception {
        assertEquals(PartitionSource.LEASED, generator.partitionSource());
        assertTrue(generator.partition() == 400 || generator.partition() == 401, "" + generator.partition());
        assertEquals(generator.partition(), generator.next(2).partition());
        given().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'sno' }.data.lease", equalTo("held"));
        try (Client reader = Client.builder().endpoints(URL).build()) {
            List<String> keys = reader.getKVClient().get(ByteSequence.from("sno/quarkus-etcd/holder/",
                    StandardCharsets.UTF_8), GetOption.builder().isPrefix(true).withKeysOnly(true).build())
                    .get(10, TimeUnit.SECONDS).getKvs().stream()
                    .map(kv -> kv.getKey().toString(StandardCharsets.UTF_8)).toList();
            assertEquals(List.of("sno/quarkus-etcd/holder/00" + generator.partition()), keys, "one holder key, ours");
        }
    }
}
