package dev.sno.config;

import dev.sno.lease.LeaseListener;
import dev.sno.lease.LeaseLostException;
import dev.sno.lease.PartitionLease;

/**
 * The state of a generator's partition lease as its listener hears it, for health checks and
 * meters: {@link #HELD}, {@link #RENEWAL_FAILING} (the generator stops making IDs at its fence
 * deadline unless a renewal succeeds first) or {@link #LOST} (another instance took the partition
 * over; the generator makes no more IDs in new time units). Failures and losses are logged on the
 * {@code dev.sno.lease} logger.
 *
 * @implSpec Thread-safe.
 */
public final class LeaseState implements LeaseListener {

    /** The lease is held and renewed. */
    public static final int HELD = 0;
    /** Renewals are failing. */
    public static final int RENEWAL_FAILING = 1;
    /** The lease is lost. */
    public static final int LOST = 2;

    private static final System.Logger LOG = System.getLogger("dev.sno.lease");

    private final String store;
    private final String namespace;
    private volatile int state = HELD;

    LeaseState(String store, String namespace) {
        this.store = store;
        this.namespace = namespace;
    }

    /**
     * The current state.
     *
     * @return {@link #HELD}, {@link #RENEWAL_FAILING} or {@link #LOST}
     */
    public int state() {
        return state;
    }

    /**
     * The state's name.
     *
     * @return "held", "renewal-failing" or "lost"
     */
    public String name() {
        int s = state;
        return s == HELD ? "held" : s == RENEWAL_FAILING ? "renewal-failing" : "lost";
    }

    /**
     * The lease's namespace.
     *
     * @return the namespace
     */
    public String namespace() {
        return namespace;
    }

    /**
     * The store the lease is kept in.
     *
     * @return its provider's name, as {@code jdbc}
     */
    public String store() {
        return store;
    }

    /**
     * Renewals started failing.
     *
     * @param lease  the lease
     * @param cause  the failure
     */
    @Override
    public void renewalFailed(PartitionLease lease, Exception cause) {
        if (state != LOST) {
            state = RENEWAL_FAILING;
        }
        LOG.log(System.Logger.Level.WARNING, "sno: renewing the lease of partition " + lease.partition() + " failed: "
                + cause);
    }

    /**
     * The lease is lost for good.
     *
     * @param lease  the lease
     * @param cause  the rejected write
     */
    @Override
    public void leaseLost(PartitionLease lease, LeaseLostException cause) {
        state = LOST;
        LOG.log(System.Logger.Level.ERROR, "sno: the lease of partition " + lease.partition() + " is lost: "
                + cause.getMessage());
    }

    /**
     * Renewals succeed again.
     *
     * @param lease  the lease
     */
    @Override
    public void leaseRecovered(PartitionLease lease) {
        if (state != LOST) {
            state = HELD;
        }
    }
}
