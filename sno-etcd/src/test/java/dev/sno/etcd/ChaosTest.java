package dev.sno.etcd;

import dev.sno.testsupport.ChaosFleet;
import dev.sno.testsupport.EtcdServer;
import dev.sno.testsupport.ChaosFleet.Child;
import io.etcd.jetcd.Client;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fleet chaos on etcd, with real processes (test-support's {@link ChaosFleet}): 8 child JVMs
 * ({@link ChaosChild}) share the 8 partitions of one namespace on an etcd of this test's own
 * (killed and restarted below), their clocks up to 2 s apart, with a lease of 3 s. Two children
 * are killed with SIGKILL and two stopped with SIGSTOP (zombies, past their lease); four new
 * children, their clocks 8 s behind (without the state in the lease they would make the old
 * holders' IDs again), wait for the partitions; meanwhile the etcd server is killed with SIGKILL
 * and restarted on its data directory and port. The new children take the partitions over once
 * the server expired the killed and stopped children's etcd leases; then the stopped children are
 * continued and must learn that their lease is lost. ChaosFleet checks the end: no ID twice, no
 * live holder losing its lease outside the outage, every zombie fenced.
 *
 * <p>Nothing waits on the wall clock but for real leases to expire: every step waits for what the
 * children print, or for the IDs they write.
 */
class ChaosTest {

    private static final int PARTITIONS = 8;
    private static final long LEASE_MS = 3_000;

    @Test
    @Timeout(300)
    void killedStoppedAndRestartedFleetMakesNoIdTwiceAndLiveHoldersKeepTheirLeases() throws Exception {
        ChaosFleet fleet = null;
        try (EtcdServer etcd = TestEtcd.own()) {
            String url = etcd.url();
            String ns = TestEtcd.namespace("chaos");
            try (Client client = Client.builder().endpoints(url).build()) {
                EtcdPartitionLeases.builder(client).namespace(ns).partitions(0, PARTITIONS - 1).build();
            }
            fleet = new ChaosFleet("etcd", ChaosChild.class, url, ns, PARTITIONS, LEASE_MS);
            List<Child> first = fleet.startHolders();

            fleet.kill(first.subList(0, 2));
            fleet.stop(first.subList(2, 4));
            List<Child> takers = fleet.startTakers(4);
            List<Child> live = first.subList(4, PARTITIONS);
            long down = System.nanoTime();
            etcd.kill9();
            ChaosFleet.await("a live child's renewal to fail while etcd is down", 30_000,
                    () -> live.stream().anyMatch(c -> c.printed("FAILED ")));
            etcd.restart();
            long outage = (System.nanoTime() - down) / 1_000_000;
            fleet.takeOverThenWakeZombies(takers, first.subList(2, 4));
            fleet.finish("2 killed (SIGKILL), 2 stopped past the lease, 4 takers 8 s behind, etcd killed (SIGKILL) and"
                    + " restarted on its data (outage " + outage + " ms)", 4);
        } finally {
            if (fleet != null) {
                fleet.destroy();
            }
        }
    }
}
