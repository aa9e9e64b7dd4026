package dev.sno.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The store's keep-alive is answered, on every jetcd it runs on, including jetcd 0.7 (which
 * Spring Boot 3.5 and Quarkus 3 applications run; {@code -Pjetcd07}, a pass of .ci/run): 500
 * keep-alives in a row, and the first keep-alive of 40 new clients, each with the store's timeout
 * for a lease of 3 s; a lease that etcd does not have is reported as such (0), not as a failure.
 *
 * <p>jetcd 0.7 sets the handler of a keep-alive stream after sending the request, so an answer
 * that arrives first is lost. That happens under load only: with another build running,
 * EtcdPartitionLeasesTest lost 2 of 5 tests to unanswered keep-alives on jetcd 0.7, and this
 * test, on an idle machine, passes with or without EtcdCalls sending the keep-alive again; it
 * guards the resending code, it does not provoke the race.
 */
class KeepAliveTest {

    @Test
    void everyKeepAliveOfALiveLeaseIsAnsweredAndAnExpiredOneIsReportedGone() throws Exception {
        EtcdCalls calls = new EtcdCalls(TestEtcd.client());
        Duration timeout = Duration.ofMillis(750);
        long id = calls.grant(30, timeout, "a test lease");
        long slowest = 0;
        for (int i = 0; i < 500; i++) {
            long start = System.nanoTime();
            assertEquals(30, calls.keepAliveOnce(id, timeout, "keep-alive " + i), "keep-alive " + i);
            slowest = Math.max(slowest, System.nanoTime() - start);
        }
        assertTrue(calls.revoke(id, timeout, "the test lease"));
        assertEquals(0, calls.keepAliveOnce(id, timeout, "a keep-alive of the revoked lease"));
        System.out.printf(Locale.ROOT, "[etcd] 500 keep-alives answered, the slowest in %d ms%n", slowest / 1_000_000);
    }

    @Test
    void theFirstKeepAliveOfANewClientIsAnswered() throws Exception {
        Duration timeout = Duration.ofMillis(750);
        long slowest = 0;
        for (int i = 0; i < 40; i++) {
            try (io.etcd.jetcd.Client client = TestEtcd.newClient()) {
                EtcdCalls calls = new EtcdCalls(client);
                long id = calls.grant(30, timeout, "a test lease");
                long start = System.nanoTime();
                assertEquals(30, calls.keepAliveOnce(id, timeout, "the first keep-alive of client " + i));
                slowest = Math.max(slowest, System.nanoTime() - start);
                calls.revoke(id, timeout, "the test lease");
            }
        }
        System.out.printf(Locale.ROOT, "[etcd] 40 new clients' first keep-alives answered, the slowest in %d ms%n",
                slowest / 1_000_000);
    }
}
