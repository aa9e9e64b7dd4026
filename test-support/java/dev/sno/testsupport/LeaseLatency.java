package dev.sno.testsupport;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import dev.sno.lease.PartitionLease;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The latency measurement the stores' LatencyTests share (docs/performance.md): acquisitions of a
 * namespace of all 65,536 partitions until some are held, one caller at a time, then rounds of
 * renewals of every held lease, each call timed on {@link System#nanoTime()}. Every partition is
 * handed out once and every renewal succeeds, or the test fails.
 *
 * @param acquireNanos  the time of each acquisition
 * @param renewNanos    the time of each renewal
 */
public record LeaseLatency(long[] acquireNanos, long[] renewNanos) {

    /**
     * Measures a store whose namespace is prepared for 0..65535.
     *
     * @param store   the store
     * @param ns      the namespace
     * @param held    how many leases to acquire
     * @param rounds  how many rounds of renewals of all of them
     * @return the times
     */
    public static LeaseLatency measure(LeaseStore store, String ns, int held, int rounds) throws IOException {
        // Long enough that no lease expires before its renewals, however slowly a loaded machine
        // acquires the others (1,000 etcd acquisitions took over 30 s in one CI run).
        Duration lease = Duration.ofMinutes(10);
        List<PartitionLease> leases = new ArrayList<>();
        List<String> tokens = new ArrayList<>();
        long[] acquire = new long[held];
        Set<Integer> partitions = new HashSet<>();
        for (int i = 0; i < held; i++) {
            String token = UUID.randomUUID().toString().replace("-", "");
            long t = System.nanoTime();
            Grant g = store.acquire(new Claim(ns, 0, 0xFFFF, lease, token, "bench", 1)).orElseThrow();
            acquire[i] = System.nanoTime() - t;
            assertTrue(partitions.add(g.partition()), "partition " + g.partition() + " handed out twice");
            leases.add(new PartitionLease(ns, g.partition(), g.epoch(), "bench", 1));
            tokens.add(token);
        }
        long[] renew = new long[rounds * held];
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < held; i++) {
                PartitionLease l = leases.get(i);
                GeneratorSnapshot s = new GeneratorSnapshot(l.partition(), 0, 65535, round, 1_000 + round,
                        1_000 + round, 0, 0);
                long t = System.nanoTime();
                assertTrue(store.renew(l, tokens.get(i), lease, s), "the renewal of " + l);
                renew[round * held + i] = System.nanoTime() - t;
            }
        }
        return new LeaseLatency(acquire, renew);
    }

    /** A percentile of the acquisitions, in milliseconds. */
    public double acquire(int percentile) {
        return percentile(acquireNanos, percentile);
    }

    /** A percentile of the renewals, in milliseconds. */
    public double renew(int percentile) {
        return percentile(renewNanos, percentile);
    }

    /** A percentile (nearest rank) of times in nanoseconds, in milliseconds. */
    public static double percentile(long[] nanos, int p) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        return s[Math.min(s.length - 1, (int) Math.ceil(p / 100.0 * s.length) - 1)] / 1e6;
    }
}
