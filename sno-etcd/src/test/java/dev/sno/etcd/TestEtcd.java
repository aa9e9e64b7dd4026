package dev.sno.etcd;

import static org.junit.jupiter.api.Assertions.fail;

import dev.sno.testsupport.EtcdServer;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The etcd the tests use: test-support's {@link EtcdServer} (Debian's etcd 3.4, which no Maven
 * artifact ships), one shared server per test JVM and clients of it. Tests that kill and restart
 * a server take one of their own ({@link #own()}). Without the binary every etcd test is skipped
 * with a reason that starts {@value dev.sno.testsupport.TestServers#NO_ARTIFACT}.
 */
final class TestEtcd {

    private static volatile Client client;

    private TestEtcd() {
    }

    /** The client URL of this JVM's shared server, started now if needed. */
    static String url() {
        return EtcdServer.shared().url();
    }

    /** A client of the shared server, shared by the tests of this JVM. */
    static synchronized Client client() {
        if (client == null) {
            client = Client.builder().endpoints(url()).build();
        }
        return client;
    }

    /** A client of its own, for a holder that a test cuts off. */
    static Client newClient() {
        return Client.builder().endpoints(url()).build();
    }

    /** A server of the caller's own, which it may kill and restart; close() stops and deletes it. */
    static EtcdServer own() {
        return EtcdServer.start();
    }

    static String namespace(String what) {
        return what + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static String text(ByteSequence b) {
        return b.toString(StandardCharsets.UTF_8);
    }

    static void await(String what, long timeoutMillis, BooleanSupplier condition) {
        long end = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                fail("timed out after " + timeoutMillis + " ms waiting for " + what);
            }
            LockSupport.parkNanos(5_000_000L);
        }
    }
}
