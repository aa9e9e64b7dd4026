package dev.sno.jdbc.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import dev.sno.lease.PartitionLease;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 19's numbers for the database store: acquire and renew latency (median, p99) in a
 * namespace of all 65,536 partitions with 1,000 of them held, one caller at a time, and the
 * first prepare of a namespace; per database and driver. What is asserted is the behaviour (1,000
 * distinct partitions, every renewal written, the rows' epochs); the figures are printed for the
 * note and README, which give date, CPU and versions.
 */
class LeaseLatencyTest {

    @ParameterizedTest
    @ValueSource(strings = {LeaseDb.POSTGRES, LeaseDb.MARIADB, LeaseDb.MYSQL_DRIVER, LeaseDb.H2})
    void acquireAndRenewWithAThousandPartitionsHeld(String dbName) throws Exception {
        LeaseDb db = LeaseDb.open(dbName, 4);
        try {
            JdbcLeaseStore store = JdbcPartitionLeases.store(db).build();
            String ns = "lat-" + UUID.randomUUID().toString().substring(0, 8);
            long t0 = System.nanoTime();
            store.prepare(ns, 0, 0xFFFF);
            long prepareNanos = System.nanoTime() - t0;
            t0 = System.nanoTime();
            store.prepare(ns, 0, 0xFFFF);
            long againNanos = System.nanoTime() - t0;
            Duration lease = Duration.ofSeconds(30);
            List<PartitionLease> leases = new ArrayList<>();
            List<String> tokens = new ArrayList<>();
            long[] acquire = new long[1_000];
            Set<Integer> partitions = new HashSet<>();
            for (int i = 0; i < acquire.length; i++) {
                String token = UUID.randomUUID().toString().replace("-", "");
                long t = System.nanoTime();
                Grant g = store.acquire(new Claim(ns, 0, 0xFFFF, lease, token, "bench", 1)).orElseThrow();
                acquire[i] = System.nanoTime() - t;
                assertTrue(partitions.add(g.partition()), "partition " + g.partition() + " handed out twice");
                leases.add(new PartitionLease(ns, g.partition(), g.epoch(), "bench", 1));
                tokens.add(token);
            }
            long[] renew = new long[leases.size()];
            for (int i = 0; i < leases.size(); i++) {
                PartitionLease l = leases.get(i);
                GeneratorSnapshot s = new GeneratorSnapshot(l.partition(), 0, 65535, 1, 1_000, 1_000, 0, 0);
                long t = System.nanoTime();
                assertTrue(store.renew(l, tokens.get(i), lease, s));
                renew[i] = System.nanoTime() - t;
            }
            assertEquals(1L, LeaseRows.epoch(db, ns, leases.get(999).partition()));
            System.out.printf("[numbers %s] 65,536 partitions, 1,000 held, one caller: acquire median %.2f ms,"
                    + " p99 %.2f ms; renew median %.2f ms, p99 %.2f ms; first prepare of the namespace %.0f ms,"
                    + " again %.1f ms%n", dbName, pct(acquire, 50), pct(acquire, 99), pct(renew, 50), pct(renew, 99),
                    prepareNanos / 1e6, againNanos / 1e6);
        } finally {
            db.close();
        }
    }

    private static double pct(long[] nanos, int p) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        return s[Math.min(s.length - 1, (int) Math.ceil(p / 100.0 * s.length) - 1)] / 1e6;
    }
}
