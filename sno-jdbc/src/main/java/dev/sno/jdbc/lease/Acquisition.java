package dev.sno.jdbc.lease;

import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import java.sql.SQLException;
import java.util.Optional;

/**
 * How a dialect takes the free row of a claim's range unused longest
 * ({@link LeaseDialect#acquisition()}): each way sets a new epoch, the claim's token and holder,
 * and an expiry in the database's time, and reads the row's generator state, in one transaction
 * at READ COMMITTED. A row sno cannot read ({@link LeaseRow}) is passed over, reported, and never
 * taken; the rows after it are taken as usual.
 */
interface Acquisition {

    /**
     * Takes a free row of the claim's range.
     *
     * @param unreadable  where the rows it passed over are reported
     * @return the grant, or empty if every readable row of the range is held
     */
    Optional<Grant> acquire(Tx tx, LeaseDialect d, Claim claim, UnreadableRows unreadable) throws SQLException;
}
