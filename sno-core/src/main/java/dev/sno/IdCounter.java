package dev.sno;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the IDs a generator has made, at no cost to its fast path: the IDs of a time unit are
 * added up when the state word leaves that unit (a progression, a regression, close), from the
 * word's final sequence; the current unit's are read from the live word.
 */
final class IdCounter {

    private final int seqMin;
    private final int seqMax;

    /** The word the generator started from: its unit's IDs up to its sequence are not its own. */
    private final long initialWord;

    private final LongAdder pastUnits = new LongAdder();

    /** The largest total reported, so that a reader racing a transition never sees it fall. */
    private final AtomicLong reported = new AtomicLong();

    IdCounter(int seqMin, int seqMax, long initialWord) {
        this.seqMin = seqMin;
        this.seqMax = seqMax;
        this.initialWord = initialWord;
    }

    /** The state left the unit of this word, which holds that unit's final sequence. */
    void left(long word) {
        long n = inUnit(word);
        if (n > 0) {
            pastUnits.add(n);
        }
    }

    /** IDs handed out in the unit of a word that is the state (or was, when it left). */
    private long inUnit(long word) {
        long before = StateWord.time(word) == StateWord.time(initialWord) ? StateWord.seq(initialWord) : seqMin - 1;
        return Math.max(0, Math.min(StateWord.seq(word), seqMax) - before);
    }

    /**
     * The total, given a supplier of the live word. The past units are read before the word:
     * a transition in between (the word moved on, its old unit not yet added) can then only
     * make a sum too small, which the running maximum hides; never one too large.
     */
    long total(java.util.function.LongSupplier liveWord) {
        long past = pastUnits.sum();
        long word = liveWord.getAsLong();
        long total = past + (word == StateWord.PARKED ? 0 : inUnit(word));
        return reported.accumulateAndGet(total, Math::max);
    }
}
