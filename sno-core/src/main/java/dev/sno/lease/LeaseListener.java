package dev.sno.lease;

/**
 * Hears about the health of a lease: a renewal that failed (the holder stops making IDs at its
 * fence deadline unless a later renewal succeeds), the final loss of a lease, and the recovery
 * after failures. Methods run on the thread that renewed (usually the generator's background
 * writer) while the generator's lock is held: return quickly, and never call the generator from
 * here. An exception thrown by a method goes to that thread's uncaught-exception handler.
 */
public interface LeaseListener {

    /**
     * A renewal failed, for the first time since the last success: the store could not be
     * reached or refused the write. Renewals are retried in the background; if none succeeds
     * before the holder's fence deadline, {@code next} throws
     * {@link dev.sno.StateStoreException} until one does.
     *
     * @param lease  the lease
     * @param cause  the failure
     */
    default void renewalFailed(PartitionLease lease, Exception cause) {
    }

    /**
     * The lease is lost for good: another holder acquired the partition after it expired in
     * store time. The generator makes no more IDs in new time units; close it and acquire a
     * new one.
     *
     * @param lease  the lease
     * @param cause  the rejected write
     */
    default void leaseLost(PartitionLease lease, LeaseLostException cause) {
    }

    /**
     * A renewal succeeded after one or more failed: the holder makes IDs again.
     *
     * @param lease  the lease
     */
    default void leaseRecovered(PartitionLease lease) {
    }
}
