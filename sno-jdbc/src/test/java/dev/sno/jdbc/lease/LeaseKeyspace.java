package dev.sno.jdbc.lease;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * What a careless {@code UPDATE} of the lease table can leave in a row, for the tests of rows sno
 * cannot read: the columns are typed, so the nearest thing to a record another tool wrote is a
 * value sno never writes there.
 */
final class LeaseKeyspace {

    private LeaseKeyspace() {
    }

    /** A generator state out of range: seq_min 70000, the other columns 0. */
    static void stateOutOfRange(DataSource db, String namespace, int partition) throws SQLException {
        update(db, "seq_min = 70000, seq_max = 0, seq = 0, now_unit = 0, wall_hi = 0, wall_safe = 0, drifts = 0",
                namespace, partition);
    }

    /** A negative epoch, as {@code SET epoch = epoch - 5} leaves it. */
    static void negativeEpoch(DataSource db, String namespace, int partition) throws SQLException {
        update(db, "epoch = -4", namespace, partition);
    }

    /** Part of a generator state: wall_hi alone. */
    static void partialState(DataSource db, String namespace, int partition) throws SQLException {
        update(db, "seq_min = NULL, seq_max = NULL, seq = NULL, now_unit = NULL, wall_hi = 5, wall_safe = NULL,"
                + " drifts = NULL", namespace, partition);
    }

    /** An epoch. */
    static void epoch(DataSource db, String namespace, int partition, long epoch) throws SQLException {
        update(db, "epoch = " + epoch, namespace, partition);
    }

    private static void update(DataSource db, String set, String namespace, int partition) throws SQLException {
        try (Connection c = db.getConnection();
                PreparedStatement u = c.prepareStatement("UPDATE sno_partition_lease SET " + set
                        + " WHERE namespace = ? AND partition_no = ?")) {
            if (!c.getAutoCommit()) {
                c.setAutoCommit(true);
            }
            u.setString(1, namespace);
            u.setInt(2, partition);
            if (u.executeUpdate() != 1) {
                throw new SQLException("no row " + namespace + "/" + partition);
            }
        }
    }
}
