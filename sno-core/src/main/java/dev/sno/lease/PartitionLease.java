package dev.sno.lease;

/**
 * One acquisition of a partition: the lease a generator made by
 * {@link PartitionLeases#acquire()} holds until it is closed.
 *
 * @param namespace  the namespace the partition belongs to
 * @param partition  the partition, 0..65535
 * @param epoch      the acquisition's epoch: the record's acquisition count, which fences every
 *                   write of this holder
 * @param host       the holder's host name, as written to the store
 * @param pid        the holder's process id, as written to the store
 */
public record PartitionLease(String namespace, int partition, long epoch, String host, long pid) {

    /**
     * Names the lease as messages do.
     *
     * @return e.g. {@code sno partition lease orders/7 (epoch 12)}
     */
    @Override
    public String toString() {
        return "sno partition lease " + namespace + "/" + partition + " (epoch " + epoch + ")";
    }
}
