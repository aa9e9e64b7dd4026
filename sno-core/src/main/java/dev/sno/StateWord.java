package dev.sno;

/**
 * The layout of a generator's state word, which shares its top 40 bits with bytes 0..4 of an ID
 * (and so with {@link SnoId}'s high long):
 * <pre>
 * bits 63..25  time unit of the current timeline (wallHi)     39 bits   UNIT_SHIFT
 * bit  24      tick-tock bit of the current timeline          1 bit     TICK
 * bits 23..0   last sequence handed out in that unit          24 bits   SEQ_MASK
 * </pre>
 * In an ID's high long, bits 23..16 hold the metabyte and bits 15..0 the partition instead.
 */
final class StateWord {

    /** Position of the time unit in a state word and in an ID's high long. */
    static final int UNIT_SHIFT = 25;

    /** The tick-tock bit, in a state word and in an ID's high long. */
    static final long TICK = 1L << 24;

    /** The sequence field: 8 bits of headroom above the largest sequence, 65535. */
    static final long SEQ_MASK = TICK - 1;

    /** Unit and tick-tock bit: exactly bytes 0..4 of the IDs made from a word. */
    static final long TIME_MASK = ~SEQ_MASK;

    /**
     * A word no clock reading can match or pass, with a sequence beyond every pool: its unit is
     * the last one, which generators never read (see {@link #LAST_CLOCK_UNIT}). A generator
     * parks its state here while it makes a new timeline durable, and for good on close, so that
     * every caller ends up on the locked slow path while the fast path pays nothing for it.
     */
    static final long PARKED = SnoId.MAX_UNITS << UNIT_SHIFT | TICK | 1L << 23;

    /** The last time unit a generator's clock may read; the one after it is reserved for PARKED. */
    static final long LAST_CLOCK_UNIT = SnoId.MAX_UNITS - 1;

    private StateWord() {
    }

    static long of(long unit, long tick, long seq) {
        return unit << UNIT_SHIFT | (tick & 1) << 24 | seq;
    }

    static long unit(long word) {
        return word >>> UNIT_SHIFT;
    }

    static long seq(long word) {
        return word & SEQ_MASK;
    }

    /** Unit and tick-tock bit together: equal for two words of the same timeline and unit. */
    static long time(long word) {
        return word & TIME_MASK;
    }
}
