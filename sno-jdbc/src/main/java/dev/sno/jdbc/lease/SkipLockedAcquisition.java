package dev.sno.jdbc.lease;

import static dev.sno.jdbc.lease.LeaseDialect.TABLE;

import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import java.io.Serial;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Acquisition with {@code SELECT ... FOR UPDATE SKIP LOCKED} of the free row unused longest,
 * then an {@code UPDATE} of it (PostgreSQL, MariaDB, MySQL).
 *
 * <p>Finding none does not mean that none is free: InnoDB locks every row its plan reads, not
 * only the one returned, so concurrent acquirers can hide all free rows from each other for the
 * moment their transactions last. Only when a plain read, which waits for nobody, finds no free
 * row either is every partition held; otherwise the acquisition tries again
 * ({@link RetryPolicy#LOCKED_ROWS}).
 */
final class SkipLockedAcquisition implements Acquisition {

    static final SkipLockedAcquisition INSTANCE = new SkipLockedAcquisition();

    private SkipLockedAcquisition() {
    }

    @Override
    public Optional<Grant> acquire(Tx tx, LeaseDialect d, Claim claim, UnreadableRows unreadable)
            throws SQLException {
        return RetryPolicy.LOCKED_ROWS.run(RowsLocked.class::isInstance, () -> {
            Grant g = tx.inTransaction(d, d.readCommitted(), c -> lockAndTake(c, d, claim, unreadable));
            if (g == null && anyFree(tx, d, claim)) {
                throw new RowsLocked(claim.namespace());
            }
            return Optional.ofNullable(g);
        });
    }

    /**
     * Locks the free row unused longest and takes it; an unreadable one is reported, stays locked
     * (by this transaction, unchanged) and the next is locked, until a readable one or none.
     */
    private static Grant lockAndTake(Connection c, LeaseDialect d, Claim claim, UnreadableRows unreadable)
            throws SQLException {
        List<Integer> passed = new ArrayList<>();
        while (true) {
            LeaseRow row = Sql.of("SELECT " + LeaseRow.COLUMNS + " FROM " + TABLE
                    + " WHERE namespace = ? AND partition_no BETWEEN ? AND ? AND " + d.free() + notIn(passed)
                    + " ORDER BY namespace, updated_at, partition_no LIMIT 1 FOR UPDATE SKIP LOCKED",
                    claim.namespace(), claim.lo(), claim.hi()).timeout(Sql.timeoutSeconds(claim.leaseDuration()))
                    .query(c, d, r -> r.next() ? LeaseRow.read(r) : null);
            if (row == null) {
                return null;
            }
            if (row.unreadable() != null) {
                unreadable.report(claim.namespace(), row);
                passed.add(row.partition());
                continue;
            }
            if (GrantRow.take(c, d, claim, row.partition(), row.epoch() + 1) != 1) {
                throw new SQLException("The locked row of partition " + claim.namespace() + "/" + row.partition()
                        + " changed under its lock");
            }
            return new Grant(row.partition(), row.epoch() + 1, row.state());
        }
    }

    /** The condition that leaves out the partitions passed over, or nothing. */
    static String notIn(List<Integer> partitions) {
        if (partitions.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder(" AND partition_no NOT IN (");
        for (int i = 0; i < partitions.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(partitions.get(i).intValue());
        }
        return b.append(')').toString();
    }

    /** Whether a plain read, locking nothing, finds a free readable row in the claim's range. */
    private static boolean anyFree(Tx tx, LeaseDialect d, Claim claim) throws SQLException {
        return tx.autoCommit(c -> Sql.of("SELECT partition_no FROM " + TABLE
                + " WHERE namespace = ? AND partition_no BETWEEN ? AND ? AND " + d.free() + " AND "
                + LeaseRow.READABLE + " LIMIT 1",
                claim.namespace(), claim.lo(), claim.hi()).query(c, d, ResultSet::next));
    }

    /** Every free row of the range was locked by other acquirers, while a plain read saw one. */
    private static final class RowsLocked extends SQLException {

        @Serial
        private static final long serialVersionUID = 1L;

        RowsLocked(String namespace) {
            super("Every free partition of namespace \"" + namespace + "\" stayed locked by other acquirers through "
                    + RetryPolicy.LOCKED_ROWS.attempts() + " attempts", SqlStates.SERIALIZATION_FAILURE);
        }
    }
}
