package dev.sno.etcd;

import dev.sno.testsupport.FaultProxy;
import dev.sno.testsupport.LogCapture;
import dev.sno.testsupport.PartitionDrill;
import io.etcd.jetcd.Client;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Network partitions between a holder and etcd (test-support's {@link PartitionDrill}): holder A's
 * jetcd client reaches the test JVM's etcd through a {@link FaultProxy}, B's directly; lease 3 s
 * (an etcd lease with a TTL of 3 s). A cut holder fences at 5/6 of the lease after its last
 * confirmed keep-alive; etcd expires its lease 3 s after the last keep-alive it received, and B
 * acquires; when the link heals A's next renewal finds the holder key gone: leaseLost. Each call
 * of the store is bounded by a quarter of the lease, whatever gRPC does meanwhile. A's client is
 * built as an application's would be, with jetcd's defaults but a connect timeout of 1 s.
 */
class NetworkPartitionTest {

    static final Duration LEASE = Duration.ofSeconds(3);

    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    private final Deque<AutoCloseable> closing = new ArrayDeque<>();

    @AfterEach
    void close() throws Exception {
        while (!closing.isEmpty()) {
            closing.pop().close();
        }
        PartitionDrill.allowHolderLogs(logs);
    }

    @Test
    void aHolderCutOffFromEtcdEntersNoNewUnitOnceItsPartitionIsTakenOver() throws Exception {
        drill("cut").cutAndTakeover();
    }

    @Test
    void aHolderWhoseLinkDropsForLessThanTheFenceKeepsItsLease() throws Exception {
        drill("drop").shortDrop(LEASE.dividedBy(3));
    }

    @Test
    void aHolderOnASlowLinkEntersNoNewUnitOnceItsPartitionIsTakenOver() throws Exception {
        drill("slow").slowLink();
    }

    private PartitionDrill drill(String scenario) throws Exception {
        String url = TestEtcd.url();
        FaultProxy proxy = new FaultProxy("127.0.0.1", java.net.URI.create(url).getPort());
        closing.push(proxy);
        Client a = Client.builder().endpoints("http://" + proxy.address())
                .connectTimeout(Duration.ofSeconds(1)).build();
        closing.push(a);
        return new PartitionDrill("etcd", proxy, EtcdPartitionLeases.store(a).build(),
                EtcdPartitionLeases.store(TestEtcd.client()).build(), LEASE, TestEtcd.namespace(scenario));
    }
}
