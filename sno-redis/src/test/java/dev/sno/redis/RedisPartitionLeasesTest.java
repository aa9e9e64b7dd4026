package dev.sno.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoClock;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.lease.PartitionLease;
import dev.sno.lease.PartitionLeases;
import dev.sno.testsupport.LogCapture;
import io.lettuce.core.RedisClient;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Leased generators through the public entry point, on a real Redis: IDs stay unique across a
 * takeover after a crash by a holder whose clock replays the old holder's time; a client clock a
 * day off neither shortens nor lengthens a lease; close frees at once; replicas that do not
 * acknowledge fail the acquisition; a slow server meets the store's own timeout; bad options are
 * refused with the value and the constraint.
 */
class RedisPartitionLeasesTest {

    /** The crashed holder's failed renewals are logged: asserted, not printed. */
    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    @Test
    void idsStayUniqueWhenACrashedHoldersPartitionIsTakenOverByAClockReplayingItsTime() throws Exception {
        String ns = TestRedis.namespace("takeover");
        RedisClient crashing = TestRedis.newClient();
        // Each call to Redis must answer within an eighth of the lease: 2 s leaves 250 ms for the
        // acquisition on a busy 2-core machine (1 s left 125 ms, and a CI run once missed it), and
        // the new holder, whose lease length plays no part here, takes 8 s (1 s per call).
        SnoGenerator a = RedisPartitionLeases.builder(crashing).namespace(ns).partitions(5, 5)
                .leaseDuration(Duration.ofSeconds(2)).build().acquire();
        long startA = System.currentTimeMillis();
        Set<SnoId> idsA = new HashSet<>();
        // 300 ms of IDs, and on until there are more than 1,000 (a busy machine makes fewer in
        // 300 ms; what is checked below needs them, not the speed), for at most 20 s.
        while ((System.currentTimeMillis() - startA < 300 || idsA.size() <= 1000)
                && System.currentTimeMillis() - startA < 20_000) {
            idsA.add(a.next(1));
        }
        crashing.shutdown(Duration.ZERO, Duration.ZERO); // a crash: no more renewals, nothing released

        long expires = Long.parseLong(TestRedis.redis().hget(Scripts.record(ns, 5), "expires"));
        TestRedis.await("the crashed holder's lease to expire on the server", 5_000,
                () -> TestRedis.serverMillis() > expires);

        // The new holder's clock runs again from the moment the old holder made its first ID,
        // from its first reading on (while the generator is built, just before its first ID):
        // without the state in the lease it would make the same units, partition and sequences.
        AtomicLong origin = new AtomicLong();
        SnoClock replay = () -> {
            long now = System.currentTimeMillis();
            origin.compareAndSet(0, now);
            return startA + (now - origin.get());
        };
        SnoGenerator[] b = {RedisPartitionLeases.builder(TestRedis.client()).namespace(ns).partitions(5, 5)
                .leaseDuration(Duration.ofSeconds(8)).clock(replay).build().acquire()};
        assertEquals(2, PartitionLeases.leaseOf(b[0]).orElseThrow().epoch());
        int repeats = 0;
        List<SnoId> idsB = new ArrayList<>();
        for (int i = 0; i < idsA.size(); i++) {
            SnoId id = b[0].next(1);
            idsB.add(id);
            if (idsA.contains(id)) {
                repeats++;
            }
        }
        b[0].close();
        assertEquals(0, repeats, "IDs of the old holder made again");
        boolean tickA = idsA.iterator().next().tickTock();
        for (SnoId id : idsB) {
            assertNotEquals(tickA, id.tickTock(), "the new holder, behind the stored high mark, tick-tocks");
        }
        assertTrue(idsA.size() > 1000, "IDs of the old holder: " + idsA.size());
        // The crashed holder's generator (its client shut down) tried to renew while its lease ran out.
        logs.expect(Level.WARNING, "Could not save to the sno partition lease " + ns + "/5 (epoch 1)");
    }

    @Test
    void aClientClockADayOffNeitherShortensNorLengthensALease() throws Exception {
        String ns = TestRedis.namespace("skew");
        long day = Duration.ofDays(1).toMillis();
        long before = TestRedis.serverMillis();
        SnoGenerator ahead = RedisPartitionLeases.builder(TestRedis.client()).namespace(ns).partitions(0, 0)
                .clock(() -> System.currentTimeMillis() + day).build().acquire();
        ahead.next(0);
        long expires = Long.parseLong(TestRedis.redis().hget(Scripts.record(ns, 0), "expires"));
        assertTrue(expires >= before + 30_000 && expires <= TestRedis.serverMillis() + 30_000,
                "the server's time + 30 s, not the holder's: " + expires);
        PartitionLeases behind = RedisPartitionLeases.builder(TestRedis.client()).namespace(ns).partitions(0, 0)
                .clock(() -> System.currentTimeMillis() - day).build();
        IllegalStateException e = assertThrows(IllegalStateException.class, behind::acquire);
        assertTrue(e.getMessage().startsWith("No free partition in sno namespace \"" + ns + "\""), e.getMessage());
        ahead.close();
        behind.acquire().close();
    }

    @Test
    void closeStoresTheFinalStateAndFreesThePartitionAtOnce() throws Exception {
        String ns = TestRedis.namespace("close");
        PartitionLeases leases = RedisPartitionLeases.builder(TestRedis.client()).namespace(ns).partitions(2, 2).build();
        SnoGenerator a = leases.acquire();
        PartitionLease la = PartitionLeases.leaseOf(a).orElseThrow();
        assertEquals(new PartitionLease(ns, 2, 1, la.host(), ProcessHandle.current().pid()), la);
        Set<SnoId> ids = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            ids.add(a.next(0));
        }
        a.close();
        Map<String, String> record = TestRedis.redis().hgetall(Scripts.record(ns, 2));
        assertNull(record.get("token"), "released");
        assertTrue(Long.parseLong(record.get("wallHi")) > 0, "the final state is stored: " + record);
        SnoGenerator b = leases.acquire();
        assertEquals(2, PartitionLeases.leaseOf(b).orElseThrow().epoch());
        for (int i = 0; i < 10_000; i++) {
            assertTrue(ids.add(b.next(0)), "repeated");
        }
        b.close();
    }

    @Test
    void anAcquisitionTheAskedReplicasDoNotAcknowledgeFailsAndFreesThePartition() throws Exception {
        String ns = TestRedis.namespace("wait");
        RedisLeaseStore waiting = RedisPartitionLeases.store(TestRedis.client()).replicas(1)
                .commandTimeout(Duration.ofMillis(100)).build();
        PartitionLeases.builder(RedisPartitionLeases.store(TestRedis.client()).build()).namespace(ns).partitions(0, 0)
                .build();
        PartitionLeases leases = PartitionLeases.builder(waiting).namespace(ns).partitions(0, 0).build();
        IOException e = assertThrows(IOException.class, leases::acquire);
        assertTrue(e.getMessage().contains("only 0 of the 1 replicas asked for"), e.getMessage());
        assertTrue(e.getMessage().contains("acquisition of partition " + ns + "/0"), e.getMessage());
        assertNull(TestRedis.redis().hget(Scripts.record(ns, 0), "token"), "given back");
        SnoGenerator g = RedisPartitionLeases.builder(TestRedis.client()).namespace(ns).partitions(0, 0).build().acquire();
        assertEquals(2, PartitionLeases.leaseOf(g).orElseThrow().epoch());
        g.close();
        assertEquals("Redis lease store (WAIT for 1 replica, command timeout PT0.1S)", waiting.toString());
    }

    @Test
    void aServerThatDoesNotAnswerMeetsTheStoresTimeoutNotTheClients() throws Exception {
        String ns = TestRedis.namespace("slow");
        RedisLeaseStore store = RedisPartitionLeases.store(TestRedis.client()).commandTimeout(Duration.ofMillis(200))
                .build();
        PartitionLeases leases = PartitionLeases.builder(store).namespace(ns).partitions(0, 0).build();
        TestRedis.redis().clientPause(1_000);
        long start = System.nanoTime();
        IOException e = assertThrows(IOException.class, leases::acquire);
        long millis = (System.nanoTime() - start) / 1_000_000;
        TestRedis.redis().ping(); // answered once the pause is over
        assertTrue(e.getMessage().contains("did not answer the acquire within PT0.2S"), e.getMessage());
        assertTrue(millis < 1_000, "gave up after " + millis + " ms");
    }

    @Test
    void badOptionsAreRefusedWithTheValueAndTheConstraint() {
        RedisLeaseStore.Builder b = RedisPartitionLeases.store(TestRedis.client());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.replicas(-1));
        assertEquals("replicas must be in [0, 100]: replicas=-1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> b.commandTimeout(Duration.ofMinutes(2)));
        assertEquals("commandTimeout must be in [PT0.01S, PT1M]: commandTimeout=PT2M", e.getMessage());
        assertThrows(NullPointerException.class, () -> RedisPartitionLeases.builder((RedisClient) null));
        List<String> names = new ArrayList<>();
        names.add(RedisPartitionLeases.store(TestRedis.client()).build().toString());
        assertEquals(List.of("Redis lease store (no WAIT for replicas, command timeout PT2S)"), names);
    }
}
