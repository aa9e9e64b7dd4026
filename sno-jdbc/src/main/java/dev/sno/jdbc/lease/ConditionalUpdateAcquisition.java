package dev.sno.jdbc.lease;

import static dev.sno.jdbc.lease.LeaseDialect.TABLE;

import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Acquisition by a conditional {@code UPDATE ... WHERE epoch = <seen> AND <free>} of one of the
 * oldest free rows, then a {@code SELECT} of its generator state (H2, which has no
 * {@code SKIP LOCKED}).
 */
final class ConditionalUpdateAcquisition implements Acquisition {

    static final ConditionalUpdateAcquisition INSTANCE = new ConditionalUpdateAcquisition();

    /** How many free rows it looks at per round. */
    private static final int CANDIDATES = 16;

    private ConditionalUpdateAcquisition() {
    }

    @Override
    public Optional<Grant> acquire(Tx tx, LeaseDialect d, Claim claim, UnreadableRows unreadable)
            throws SQLException {
        return Optional.ofNullable(tx.inTransaction(d, d.readCommitted(), c -> takeOldest(c, d, claim, unreadable)));
    }

    /**
     * Takes one of the oldest free rows; null when there is none. Unreadable ones are reported and
     * left out of the next rounds.
     */
    private static Grant takeOldest(Connection c, LeaseDialect d, Claim claim, UnreadableRows unreadable)
            throws SQLException {
        List<Integer> passed = new ArrayList<>();
        for (int round = 0;; round++) {
            List<LeaseRow> candidates = Sql.of("SELECT " + LeaseRow.COLUMNS + " FROM " + TABLE
                    + " WHERE namespace = ? AND partition_no BETWEEN ? AND ? AND " + d.free()
                    + SkipLockedAcquisition.notIn(passed)
                    + " ORDER BY namespace, updated_at, partition_no LIMIT " + CANDIDATES,
                    claim.namespace(), claim.lo(), claim.hi()).timeout(Sql.timeoutSeconds(claim.leaseDuration()))
                    .query(c, d, r -> {
                        List<LeaseRow> rows = new ArrayList<>();
                        while (r.next()) {
                            rows.add(LeaseRow.read(r));
                        }
                        return rows;
                    });
            List<LeaseRow> readable = new ArrayList<>();
            for (LeaseRow row : candidates) {
                if (row.unreadable() == null) {
                    readable.add(row);
                } else {
                    unreadable.report(claim.namespace(), row);
                    passed.add(row.partition());
                }
            }
            if (candidates.isEmpty()) {
                return null;
            }
            // The oldest first; after losing a race to concurrent acquirers, who all saw the same
            // candidates, start at a random one of them.
            int start = round == 0 || readable.isEmpty() ? 0 : ThreadLocalRandom.current().nextInt(readable.size());
            for (int i = 0; i < readable.size(); i++) {
                LeaseRow candidate = readable.get((start + i) % readable.size());
                int partition = candidate.partition();
                long epoch = candidate.epoch() + 1;
                if (GrantRow.take(c, d, claim, partition, epoch) == 1) {
                    return new Grant(partition, epoch, GrantRow.readState(c, d, claim, partition));
                }
            }
        }
    }
}
