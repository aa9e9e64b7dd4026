package dev.sno.jdbc;

import dev.sno.SnoId;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * A half-open range of IDs, {@code [from, to)}, for key-range queries such as
 * {@code WHERE id >= ? AND id < ?}; see {@link SnoJdbc#timeWindow}.
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
     * Binds {@code from} and {@code to} to two consecutive parameters, as UUIDs.
     *
     * @param statement   the statement, not null
     * @param firstIndex  the index of the {@code >=} parameter; {@code firstIndex + 1} gets the
     *                    {@code <} parameter
     * @throws SQLException if the driver refuses the values
     */
    public void bind(PreparedStatement statement, int firstIndex) throws SQLException {
        SnoJdbc.setSnoId(statement, firstIndex, from);
        SnoJdbc.setSnoId(statement, firstIndex + 1, to);
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
