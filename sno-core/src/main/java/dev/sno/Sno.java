package dev.sno;

import java.time.Instant;

/**
 * Process-wide ID generation over one shared {@link SnoGenerator} with default settings:
 * {@code Sno.next(meta)} is all most applications need.
 *
 * <p>The shared generator is created on first use with {@link SnoGenerator#create()}: the full
 * sequence pool, the system clock and a partition derived from the time the process first
 * asked for one, so it differs between restarts but is not coordinated between processes. When
 * several processes write IDs into one keyspace, give each a generator with its own partition
 * (or sequence range) instead, and persist its state across restarts with
 * {@link SnoGenerator.Builder#snapshotFile}.
 *
 * @implSpec All methods are thread-safe.
 */
public final class Sno {

    private Sno() {
    }

    /** Lazily created shared generator (initialization-on-demand holder). */
    private static final class Shared {
        static final SnoGenerator GENERATOR = SnoGenerator.create();
    }

    /**
     * A new ID with the current time and the given metabyte, from the shared generator.
     *
     * @param meta  the metabyte, 0..255
     * @return an ID never returned before in this process
     * @throws InvalidSnoIdException if meta is out of range
     * @see SnoGenerator#next(int)
     */
    public static SnoId next(int meta) {
        return Shared.GENERATOR.next(meta);
    }

    /**
     * A new ID with the current time and metabyte 0, from the shared generator.
     *
     * @return an ID never returned before in this process
     * @see SnoGenerator#next(int)
     */
    public static SnoId next() {
        return Shared.GENERATOR.next(0);
    }

    /**
     * A new ID for an explicit time, from the shared generator's separate explicit-time
     * sequence; see {@link SnoGenerator#nextWithTime(int, Instant)} for what that does and does
     * not guarantee.
     *
     * @param meta  the metabyte, 0..255
     * @param time  the time, in [{@link SnoId#EPOCH}, {@link SnoId#MAX_TIME}], not null
     * @return the ID
     * @throws InvalidSnoIdException if meta or time is out of range
     */
    public static SnoId nextWithTime(int meta, Instant time) {
        return Shared.GENERATOR.nextWithTime(meta, time);
    }

    /**
     * The partition of the shared generator.
     *
     * @return the partition, 0..65535
     */
    public static int partition() {
        return Shared.GENERATOR.partition();
    }
}
