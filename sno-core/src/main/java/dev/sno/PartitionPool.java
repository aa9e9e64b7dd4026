package dev.sno;

import java.util.concurrent.atomic.AtomicInteger;

/*
 * Process-unique partitions for generators made without one, as the reference does it: a seed
 * taken from the clock once, plus an atomic counter. The n-th partition handed out is
 * (seed + n) mod 65536, so the first 65,536 are distinct; the next request fails rather than
 * repeat one. Predictability does not matter here, only uniqueness within the process.
 */
final class PartitionPool {

    static final PartitionPool GLOBAL = new PartitionPool(seedFromClock(System.currentTimeMillis()));

    private final int seed;

    private final AtomicInteger handedOut = new AtomicInteger();

    PartitionPool(int seed) {
        this.seed = seed & 0xFFFF;
    }

    static int seedFromClock(long millis) {
        long units = (millis - SnoId.EPOCH_MILLIS) >> 2;
        return (int) (units >>> 32 ^ units) & 0xFFFF;
    }

    /** The next partition; throws once all 65,536 have been handed out. */
    int next() {
        int n = handedOut.getAndUpdate(i -> i > 0xFFFF ? i : i + 1);
        if (n > 0xFFFF) {
            throw new IllegalStateException("All 65536 process-unique partitions have been handed out:"
                    + " give further generators an explicit partition (SnoGenerator.builder().partition(p))"
                    + " or restore them from snapshots");
        }
        return (seed + n) & 0xFFFF;
    }
}
