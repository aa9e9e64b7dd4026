package dev.sno.spring.boot;

import dev.sno.lease.LeaseListener;
import dev.sno.lease.LeaseLostException;
import dev.sno.lease.PartitionLease;

/**
 * The state of the generator's partition lease as the lease's listener hears it, for the health
 * indicator and the meters: {@link #HELD}, {@link #RENEWAL_FAILING} (the generator stops making
 * IDs at its fence deadline unless a renewal succeeds first) or {@link #LOST} (another instance
 * took the partition over; the generator makes no more IDs in new time units).
 */
public final class SnoLeaseState implements LeaseListener {

    /** The lease is held and renewed. */
    public static final int HELD = 0;
    /** Renewals are failing. */
    public static final int RENEWAL_FAILING = 1;
    /** The lease is lost. */
    public static final int LOST = 2;

    private volatile int state = HELD;
    private volatile String namespace;

    SnoLeaseState(String namespace) {
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
     * The namespace of the lease.
     *
     * @return the namespace
     */
    public String namespace() {
        return namespace;
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
