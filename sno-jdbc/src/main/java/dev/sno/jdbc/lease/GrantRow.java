package dev.sno.jdbc.lease;

import static dev.sno.jdbc.lease.LeaseDialect.TABLE;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.LeaseStore.Claim;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The row an acquisition takes, as both {@link Acquisition}s write and read it: the acquiring
 * {@code UPDATE}, and the generator state in the row's columns.
 */
final class GrantRow {

    /** The generator state's columns, in the order {@link #state} reads them. */
    static final String STATE = "seq_min, seq_max, seq, now_unit, wall_hi, wall_safe, drifts";

    private GrantRow() {
    }

    /**
     * The acquiring update: a new epoch and holder, if the row still is free at the epoch seen and
     * readable ({@link LeaseRow#READABLE}).
     */
    static int take(Connection c, LeaseDialect d, Claim claim, int partition, long epoch) throws SQLException {
        return Sql.of("UPDATE " + TABLE + " SET epoch = ?, holder_token = ?,"
                + " holder_host = ?, holder_pid = ?, expires_at = " + d.expiry(claim.leaseDuration())
                + ", updated_at = " + d.now()
                + " WHERE namespace = ? AND partition_no = ? AND epoch = ? AND " + d.free() + " AND " + LeaseRow.READABLE,
                epoch, claim.token(), claim.host(), claim.pid(), claim.namespace(), partition, epoch - 1)
                .timeout(Sql.timeoutSeconds(claim.leaseDuration())).update(c, d);
    }

    /** The generator state of a row, read by itself; null if the row has none. */
    static GeneratorSnapshot readState(Connection c, LeaseDialect d, Claim claim, int partition)
            throws SQLException {
        return Sql.of("SELECT " + STATE + " FROM " + TABLE + " WHERE namespace = ? AND partition_no = ?",
                claim.namespace(), partition).query(c, d, r -> {
                    if (!r.next()) {
                        throw new SQLException("The row of partition " + claim.namespace() + "/" + partition
                                + " disappeared");
                    }
                    return state(r, 1, partition);
                });
    }

    /** The generator state in columns from..from+6 ({@link #STATE}), or null if the row has none. */
    static GeneratorSnapshot state(ResultSet r, int from, int partition) throws SQLException {
        long wallHi = r.getLong(from + 4);
        if (r.wasNull()) {
            return null;
        }
        try {
            return new GeneratorSnapshot(partition, r.getInt(from), r.getInt(from + 1), r.getLong(from + 2),
                    r.getLong(from + 3), wallHi, r.getLong(from + 5), r.getLong(from + 6));
        } catch (IllegalArgumentException e) {
            throw new SQLException("The generator state in the " + TABLE + " row of partition " + partition
                    + " is invalid: " + e.getMessage(), e);
        }
    }
}
