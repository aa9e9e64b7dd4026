package dev.sno.lease;

import java.io.IOException;

/**
 * A write of a lease holder was rejected: the lease record no longer names this holder and epoch,
 * because another holder acquired the partition after the lease expired in the store's time. The
 * loss is final: the generator holding the lease makes no ID in a new time unit any more
 * ({@link dev.sno.SnoGenerator#next} throws {@link dev.sno.StateStoreException} with this as
 * its cause); close it and {@linkplain PartitionLeases#acquire() acquire} a new one.
 */
public final class LeaseLostException extends IOException {

    private static final long serialVersionUID = 1L;

    /** The lease that was lost; not serialized. */
    private final transient PartitionLease lease;

    LeaseLostException(PartitionLease lease) {
        super("The " + lease + " was lost: its record in the store no longer names this holder (" + lease.host() + ", pid "
                + lease.pid() + ") and epoch " + lease.epoch() + ", so another holder acquired the partition"
                + " after the lease expired; the write was rejected. Close this generator and acquire a new one.");
        this.lease = lease;
    }

    /**
     * The lease that was lost.
     *
     * @return the lease; null after deserialization
     */
    public PartitionLease lease() {
        return lease;
    }
}
