package dev.sno;

import java.time.Instant;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * A half-open range of IDs, {@code [from, to)}, in the order of {@link SnoId#compareTo}: the
 * key range of a time window ({@link #timeWindow}), for queries such as
 * {@code WHERE id >= ? AND id < ?} on an ordered ID column, for a web parameter, or for a
 * filter in memory ({@link #contains}).
 *
 * <pre>
 * SnoIdRange lastHour = SnoIdRange.timeWindow(Instant.now().minus(Duration.ofHours(1)), Instant.now());
 * boolean recent = lastHour.contains(id);
 * </pre>
 *
 * <p>sno-jdbc binds a range to a statement ({@code SnoJdbc.setSnoIdRange}); the Spring Boot
 * starter binds a handler parameter of this type from two request parameters.
 *
 * @param from  the lowest ID in the range, not null
 * @param to    the lowest ID above the range, not null, not below {@code from}
 */
public record SnoIdRange(SnoId from, SnoId to) {

    /**
     * Checks the bounds.
     *
     * @param from  the lowest ID in the range, not null
     * @param to    the lowest ID above the range, not null
     * @throws IllegalArgumentException if {@code to} is below {@code from}
     */
    public SnoIdRange {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (to.compareTo(from) < 0) {
            throw new IllegalArgumentException("range ends before it starts: from=" + from + ", to=" + to);
        }
    }

    /**
     * The range of IDs whose time lies in {@code [from, to)}. Because an ID carries the start of
     * its 4 ms unit, an ID is in the window when that start lies in it; both bounds are rounded
     * up to a unit boundary accordingly: the range is
     * {@code [firstAt(ceil(from)), firstAt(ceil(to)))}. A window within one unit that holds no
     * unit start is {@linkplain #isEmpty() empty}.
     *
     * @param from  the start, inclusive, in [{@link SnoId#EPOCH}, {@link SnoId#MAX_TIME}], not null
     * @param to    the end, exclusive, in [{@code from}, {@link SnoId#MAX_TIME}], not null
     * @return the range
     * @throws InvalidSnoIdException if a time is outside the sno range
     * @throws IllegalArgumentException if {@code to} is before {@code from}
     */
    public static SnoIdRange timeWindow(Instant from, Instant to) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (to.isBefore(from)) {
            throw new IllegalArgumentException("time window ends before it starts: from=" + from + ", to=" + to);
        }
        return new SnoIdRange(firstAtOrAfter(from), firstAtOrAfter(to));
    }

    /** The smallest ID whose time is at or after t. */
    private static SnoId firstAtOrAfter(Instant t) {
        SnoId first = SnoId.firstAt(t);
        if (first.time().equals(t)) {
            return first;
        }
        return SnoId.firstAt(first.time().plus(SnoId.TIME_UNIT));
    }

    /**
     * Tells whether the range holds no ID, which is when {@code from} equals {@code to} (a time
     * window shorter than one 4 ms unit, or of length zero, can be empty).
     *
     * @return true if no ID lies in the range
     */
    public boolean isEmpty() {
        return from.equals(to);
    }

    /**
     * The highest ID in the range, the one just below {@code to}: for queries with an inclusive
     * upper bound, such as SQL's {@code BETWEEN} and Spring Data's derived
     * {@code findByIdBetween(range.from(), range.last())}, which then select exactly the IDs of
     * the range, since no ID lies between two consecutive ones.
     *
     * @return the largest ID {@code id} with {@code from <= id < to}
     * @throws NoSuchElementException if the range {@linkplain #isEmpty() is empty}
     */
    public SnoId last() {
        if (isEmpty()) {
            throw new NoSuchElementException("The range is empty: from=" + from + ", to=" + to);
        }
        byte[] bytes = to.toBytes();
        int i = bytes.length - 1;
        while (bytes[i] == 0) { // to > from >= ZERO, so some byte is not zero
            bytes[i--] = (byte) 0xFF;
        }
        bytes[i]--;
        return SnoId.fromBytes(bytes);
    }

    /**
     * Tells whether an ID lies in the range.
     *
     * @param id  the ID, not null
     * @return true if {@code from <= id < to}
     */
    public boolean contains(SnoId id) {
        return from.compareTo(id) <= 0 && id.compareTo(to) < 0;
    }
}
