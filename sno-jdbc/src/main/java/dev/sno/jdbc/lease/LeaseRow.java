package dev.sno.jdbc.lease;

import dev.sno.GeneratorSnapshot;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A free row an acquisition looked at: its partition, epoch and generator state, or why sno
 * cannot read it. sno writes an epoch from 0 up and a generator state all at once, each column in
 * its range; a row that another program left otherwise (a careless {@code UPDATE}: a negative
 * epoch, part of a state, a state out of range, an epoch of {@link Long#MAX_VALUE}, which cannot be
 * incremented) is unreadable, and no acquisition takes it.
 *
 * @param partition   the partition
 * @param epoch       its epoch
 * @param state       its generator state, or null if it has none
 * @param unreadable  why sno cannot read it, or null if it can
 */
record LeaseRow(int partition, long epoch, GeneratorSnapshot state, String unreadable) {

    /** The columns {@link #read} reads, in its order. */
    static final String COLUMNS = "partition_no, epoch, " + GrantRow.STATE;

    /** The largest time unit of a generator state (GeneratorSnapshot's now, wallHi, wallSafe). */
    private static final long MAX_UNITS = (1L << 39) - 1;

    /** The state's columns in {@link GrantRow#STATE}'s order, and the largest value of each. */
    private static final String[] STATE_COLUMNS = GrantRow.STATE.split(", ");
    private static final long[] STATE_MAX = {0xFFFF, 0xFFFF, 0xFFFF_FFFFL, MAX_UNITS, MAX_UNITS, MAX_UNITS, 0xFFFF_FFFFL};

    /** The condition of a row that {@link #read} reads: the same rules, in SQL. */
    static final String READABLE = readable();

    private static String readable() {
        StringBuilder none = new StringBuilder();
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < STATE_COLUMNS.length; i++) {
            String and = i == 0 ? "" : " AND ";
            none.append(and).append(STATE_COLUMNS[i]).append(" IS NULL");
            all.append(and).append(STATE_COLUMNS[i]).append(" BETWEEN 0 AND ").append(STATE_MAX[i]);
        }
        return "(epoch >= 0 AND epoch < " + Long.MAX_VALUE + " AND (" + none + " OR " + all + "))";
    }

    /** Reads the row at r's cursor, columns from 1 as {@link #COLUMNS} names them. */
    static LeaseRow read(ResultSet r) throws SQLException {
        int partition = r.getInt(1);
        long epoch = r.getLong(2);
        if (epoch < 0 || epoch == Long.MAX_VALUE) {
            return new LeaseRow(partition, epoch, null, "its epoch " + epoch + " is not from 0 to "
                    + (Long.MAX_VALUE - 1) + (epoch < 0 ? "" : " (no acquisition can increment it)"));
        }
        long[] v = new long[STATE_COLUMNS.length];
        int present = 0;
        for (int i = 0; i < v.length; i++) {
            v[i] = r.getLong(3 + i);
            if (!r.wasNull()) {
                present++;
                if (v[i] < 0 || v[i] > STATE_MAX[i]) {
                    return new LeaseRow(partition, epoch, null, "its " + STATE_COLUMNS[i] + " " + v[i]
                            + " is not from 0 to " + STATE_MAX[i]);
                }
            }
        }
        if (present == 0) {
            return new LeaseRow(partition, epoch, null, null);
        }
        if (present < v.length) {
            return new LeaseRow(partition, epoch, null, "it holds " + present + " of the " + v.length
                    + " columns of a generator state");
        }
        return new LeaseRow(partition, epoch, new GeneratorSnapshot(partition, (int) v[0], (int) v[1], v[2], v[3],
                v[4], v[5], v[6]), null);
    }
}
