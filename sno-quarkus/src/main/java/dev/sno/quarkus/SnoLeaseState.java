package dev.sno.quarkus;

import dev.sno.lease.LeaseListener;
import dev.sno.lease.LeaseLostException;
import dev.sno.lease.PartitionLease;
import jakarta.inject.Singleton;

/**
 * The state of the generator's partition lease as the lease's listener hears it, for the health
 * check and the meters: {@link #HELD}, {@link #RENEWAL_FAILING} or {@link #LOST}.
 */
@Singleton
final class SnoLeaseState implements LeaseListener {

    /** The lease is held and renewed. */
    static final int HELD = 0;
    /** Renewals are failing: the generator stops at its fence deadline unless one succeeds. */
    static final int RENEWAL_FAILING = 1;
    /** Another instance took the partition over. */
    static final int LOST = 2;

    private volatile int state = HELD;
    private volatile String namespace;

    /** The generator holds a lease in this namespace. */
    void leased(String leaseNamespace) {
        this.namespace = leaseNamespace;
    }

    /** The namespace, or null if the partition is not leased. */
    String namespace() {
        return namespace;
    }

    /** The current state. */
    int state() {
        return state;
    }

    /** The state's name: "held", "renewal-failing" or "lost". */
    String name() {
        int s = state;
        return s == HELD ? "held" : s == RENEWAL_FAILING ? "renewal-failing" : "lost";
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
        SnoGeneratorFactory.LOG.warnf("sno: renewing the lease of partition %d failed: %s", lease.partition(), cause);
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
        SnoGeneratorFactory.LOG.errorf("sno: the lease of partition %d is lost: %s", lease.partition(),
                cause.getMessage());
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
