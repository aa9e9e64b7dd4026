package dev.sno.jdbc.lease;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;

/** Reads lease rows as the tests check them, with the database's own verdict on expiry. */
final class LeaseRows {

    private LeaseRows() {
    }

    /**
     * The row's columns by lower-case name, plus "expired" (by the database's clock). A read that
     * the database cancels as a serialization failure (PostgreSQL at SERIALIZABLE may cancel a
     * reader beside concurrent writers) is tried again, as the store itself does.
     */
    static Map<String, Object> row(DataSource db, String namespace, int partition) throws SQLException {
        for (int attempt = 1;; attempt++) {
            try {
                return read(db, namespace, partition);
            } catch (SQLException e) {
                if (!SqlStates.transientConflict(e) || attempt == RetryPolicy.CONFLICTS.attempts()) {
                    throw e;
                }
                RetryPolicy.pause(attempt);
            }
        }
    }

    private static Map<String, Object> read(DataSource db, String namespace, int partition) throws SQLException {
        try (Connection c = db.getConnection();
                PreparedStatement q = c.prepareStatement("SELECT epoch, holder_token, holder_host, holder_pid,"
                        + " wall_hi, wall_safe, drifts, seq, now_unit, updated_at,"
                        + " CASE WHEN expires_at IS NULL OR expires_at < " + dev.sno.jdbc.lease.LeaseDialect.of(c.getMetaData()).now()
                        + " THEN 1 ELSE 0 END AS expired"
                        + " FROM sno_partition_lease WHERE namespace = ? AND partition_no = ?")) {
            q.setString(1, namespace);
            q.setInt(2, partition);
            try (ResultSet r = q.executeQuery()) {
                if (!r.next()) {
                    return null;
                }
                Map<String, Object> row = new HashMap<>();
                for (int i = 1; i <= r.getMetaData().getColumnCount(); i++) {
                    row.put(r.getMetaData().getColumnLabel(i).toLowerCase(java.util.Locale.ROOT), r.getObject(i));
                }
                return row;
            }
        }
    }

    static boolean expired(DataSource db, String namespace, int partition) throws SQLException {
        return ((Number) row(db, namespace, partition).get("expired")).intValue() == 1;
    }

    static long epoch(DataSource db, String namespace, int partition) throws SQLException {
        return ((Number) row(db, namespace, partition).get("epoch")).longValue();
    }
}
