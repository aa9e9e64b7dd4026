package dev.sno;

/*
 * The generator's state word on a cache line of its own: SnoGenerator extends GeneratorState, so
 * its fields come after 64 bytes of padding on each side of the word (HotSpot lays out a
 * superclass's fields first). Every call writes the word; every call also reads partition, the
 * pool bounds and the clock, which then stay in a line the other cores can keep.
 *
 * Measured (issue 24, review against Agrona's SnowflakeIdGenerator), SaturatedBenchmark
 * .twoThreads, two threads on one generator, JDK 17, 2 cores, 2 forks x 5 iterations in one
 * session: padded 16.28 M IDs/s +- 0.12 M (99.4% of the 16.384 M the format allows), unpadded
 * 14.80 M +- 1.76 M (90.3%), the code before this change 15.69 M +- 1.18 M. The single-thread
 * fast path was unchanged within the noise of that machine.
 */

/** Padding before the state word. */
abstract class GeneratorStatePadding {
    long p01, p02, p03, p04, p05, p06, p07, p08;
}

/** The state word, padded on both sides; see SnoGenerator's design notes. */
abstract class GeneratorState extends GeneratorStatePadding {

    /** The clock state; see StateWord. Accessed through SnoGenerator's STATE handle. */
    volatile long state;

    long q01, q02, q03, q04, q05, q06, q07, q08;
}
