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
    public Optional<Grant> acquire(Tx tx, LeaseDialect d, Claim claim) throws SQLException {
        return Optional.ofNullable(tx.inTransaction(d, d.readCommitted(), c -> takeOldest(c, d, claim)));
    }

    /** Takes one of the oldest free rows; null when there is none. */
    private static Grant takeOldest(Connection c, LeaseDialect d, Claim claim) throws SQLException {
        for (int round = 0;; round++) {
            List<long[]> candidates = Sql.of("SELECT partition_no, epoch FROM " + TABLE
                    + " WHERE namespace = ? AND partition_no BETWEEN ? AND ? AND " + d.free()
                    + " ORDER BY namespace, updated_at, partition_no LIMIT " + CANDIDATES,
                    claim.namespace(), claim.lo(), claim.hi()).timeout(Sql.timeoutSeconds(claim.leaseDuration()))
                    .query(c, d, r -> {
                        List<long[]> rows = new ArrayList<>();
                        while (r.next()) {
                            rows.add(new long[] {r.getInt(1), r.getLong(2)});
                        }
                        return rows;
                    });
            if (candidates.isEmpty()) {
                return null;
            }
            // The oldest first; after losing a race to concurrent acquirers, who all saw the same
            // candidates, start at a random one of them.
            int start = round == 0 ? 0 : ThreadLocalRandom.current().nextInt(candidates.size());
            for (int i = 0; i < candidates.size(); i++) {
                long[] candidate = candidates.get((start + i) % candidates.size());
                int partition = (int) candidate[0];
                long epoch = candidate[1] + 1;
                if (GrantRow.take(c, d, claim, partition, epoch) == 1) {
                    return new Grant(partition, epoch, GrantRow.readState(c, d, claim, partition));
                }
            }
        }
    }
}
