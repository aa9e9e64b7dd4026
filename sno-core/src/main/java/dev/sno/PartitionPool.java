package dev.sno;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;

/*
 * Process-unique partitions for generators made without one: a random seed, drawn when the
 * first partition is asked for, plus an atomic counter. The n-th partition handed out is
 * (seed + n) mod 65536, so the first 65,536 are distinct; the next request fails rather than
 * repeat one.
 *
 * The seed comes from SecureRandom, not from the clock (the reference's way) nor the PID:
 * processes started together read the same clock and often get nearby PIDs, and the clock seed
 * put them on the same partitions (measured: 39 pairs among 144 processes started in bursts).
 * A random seed makes any two processes share a partition with probability 1/65,536. It is
 * drawn on first use, never in a static initializer, so that a native image built ahead of
 * time does not bake one seed into every process it starts (SPEC.md 8.3.1).
 */
final class PartitionPool {

    static final PartitionPool GLOBAL = new PartitionPool(PartitionPool::randomSeed);

    private final IntSupplier seedSource;

    /** The seed, 0..65535, or -1 until the first partition is asked for; set once. */
    private final AtomicInteger seed = new AtomicInteger(-1);

    private final AtomicInteger handedOut = new AtomicInteger();

    /** A pool whose seed is drawn from seedSource on first use. */
    PartitionPool(IntSupplier seedSource) {
        this.seedSource = seedSource;
    }

    /** A pool with a fixed seed, for tests. */
    PartitionPool(int seed) {
        this(() -> seed);
    }

    private static int randomSeed() {
        return new SecureRandom().nextInt();
    }

    /** Whether the seed has been drawn. */
    boolean seeded() {
        return seed.get() >= 0;
    }

    /** The next partition; throws once all 65,536 have been handed out. */
    int next() {
        int n = handedOut.getAndUpdate(i -> i > 0xFFFF ? i : i + 1);
        if (n > 0xFFFF) {
            throw new IllegalStateException("All 65536 process-unique partitions have been handed out:"
                    + " give further generators an explicit partition (SnoGenerator.builder().partition(p))"
                    + " or restore them from snapshots");
        }
        return (seed() + n) & 0xFFFF;
    }

    /** The seed; the first caller's draw wins a race (losers' draws are dropped, never used). */
    private int seed() {
        int s = seed.get();
        if (s < 0) {
            seed.compareAndSet(-1, seedSource.getAsInt() & 0xFFFF);
            s = seed.get();
        }
        return s;
    }
}
