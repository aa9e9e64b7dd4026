package dev.sno.jdbc.lease;

import static dev.sno.jdbc.lease.LeaseDialect.TABLE;

import dev.sno.config.SafeText;
import java.lang.System.Logger.Level;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The rows a store's acquisitions passed over because sno cannot read them ({@link LeaseRow}),
 * each reported once per store (a {@link System.Logger} WARNING, {@code dev.sno.jdbc.lease}):
 * which row, what is wrong with it, and what to do.
 */
final class UnreadableRows {

    private static final System.Logger LOG = System.getLogger("dev.sno.jdbc.lease");

    /** The rows reported so far, as namespace and partition: at most one per row the store met. */
    private final Set<String> reported = ConcurrentHashMap.newKeySet();

    /** Reports an unreadable row, unless this store did already. */
    void report(String namespace, LeaseRow row) {
        if (reported.add(row.partition() + "/" + namespace)) {
            LOG.log(Level.WARNING, message(namespace, row.partition(), row.unreadable()));
        }
    }

    /** The warning for one row. */
    static String message(String namespace, int partition, String what) {
        return "sno skips the row namespace = '" + SafeText.of(namespace).replace("'", "''") + "' AND partition_no = "
                + partition + " of the lease table " + TABLE + " and never takes that partition while the row stays"
                + " so: " + what + ". Another program wrote it. Restore the row, or delete it: the next build() of"
                + " the namespace creates it again as a partition nobody used, which drops the state saved in it, so"
                + " that the next holder, if its clock is behind, may repeat IDs made recently. So delete it only once"
                + " the last holder has been gone for a lease duration plus the largest clock skew, or use another"
                + " namespace.";
    }
}
