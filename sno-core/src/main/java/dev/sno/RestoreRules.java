package dev.sno;

/**
 * The rules by which a generator is restored from a {@link GeneratorSnapshot} (SPEC.md 8.6), as
 * a pure function: the reference's rules in the reference's order, plus one Java fix.
 */
final class RestoreRules {

    /** Smallest pool a generator accepts: sequenceMax - sequenceMin + 1. */
    static final int MIN_POOL = 4;

    /**
     * What a generator starts from.
     *
     * @param partition  the partition
     * @param seqMin     the pool's lower bound
     * @param seqMax     the pool's upper bound
     * @param word       the state word (see {@link StateWord})
     * @param wallSafe   the unit at or before which a further regression is unsafe
     * @param drifts     regressions tick-tocked at (unsigned)
     */
    record Restored(int partition, int seqMin, int seqMax, long word, long wallSafe, int drifts) {

        /**
         * The same state with the pool of its unit taken as used up: a generator restored from a
         * state store must not make IDs in the restored unit without saving first, or a second
         * crash would restore the same record and repeat them.
         */
        Restored withUnitUsedUp() {
            return new Restored(partition, seqMin, seqMax, StateWord.time(word) | seqMax, wallSafe, drifts);
        }

        /** A fresh generator's state: all clock fields zero. */
        static Restored fresh(int partition, int seqMin, int seqMax) {
            return new Restored(partition, seqMin, seqMax, 0L, 0L, 0);
        }
    }

    private RestoreRules() {
    }

    /**
     * Applies the rules.
     *
     * @throws IllegalArgumentException naming the rule broken and the values
     */
    static Restored apply(GeneratorSnapshot s) {
        int min = s.sequenceMin();
        int max = s.sequenceMax();
        if (max == 0 && min != 0xFFFF) {
            max = 0xFFFF;
        }
        if (min == max) {
            throw new IllegalArgumentException("Invalid generator snapshot: sequence bounds are identical,"
                    + " leaving no pool: sequenceMin=" + s.sequenceMin() + ", sequenceMax=" + s.sequenceMax());
        }
        if (max < min) {
            int t = min;
            min = max;
            max = t;
        }
        checkPool(min, max);
        long seq = s.sequence() == 0 ? min : s.sequence();
        if (seq < min) {
            throw new IllegalArgumentException("Invalid generator snapshot: sequence must be >= sequenceMin:"
                    + " sequence=" + s.sequence() + ", sequenceMin=" + min);
        }
        // Java fix: a snapshot taken after the clock had left wallHi reports sequenceMin, which
        // says nothing about the IDs made in wallHi; treat that unit's pool as used up.
        if (s.now() != 0 && s.now() != s.wallHi()) {
            seq = max;
        }
        long word = StateWord.of(s.wallHi(), s.drifts(), Math.min(seq, max));
        return new Restored(s.partition(), min, max, word, s.wallSafe(), (int) s.drifts());
    }

    /**
     * Checks the minimum pool size.
     *
     * @throws IllegalArgumentException if the pool holds fewer than {@link #MIN_POOL} values
     */
    static void checkPool(int min, int max) {
        if (max - min + 1 < MIN_POOL) {
            throw new IllegalArgumentException("sequence pool must hold at least " + MIN_POOL
                    + " values (sequenceMax >= sequenceMin + " + (MIN_POOL - 1) + "): sequenceMin="
                    + min + ", sequenceMax=" + max);
        }
    }
}
