package dev.sno;

/**
 * Where a {@link SnoGenerator}'s partition came from: {@link SnoGenerator#partitionSource()}.
 * Only {@link #CONFIGURED}, {@link #LEASED} and {@link #RESTORED} partitions are coordinated
 * between processes; a {@link #RANDOM} one is unique within its process only.
 * SPEC.md 8.3.1 says how each is chosen.
 */
public enum PartitionSource {

    /**
     * Set explicitly: {@link SnoGenerator.Builder#partition}, {@code sno.partition},
     * {@code SNO_PARTITION} or the CLI's {@code --partition}. Also a state store's record whose
     * partition matches the one configured.
     */
    CONFIGURED("configured"),

    /**
     * Leased from a shared store ({@code dev.sno.jdbc.lease}), whose lease keeps it from every
     * other live holder: a state store that {@linkplain SnoStateStore#leasesPartition() leases
     * the partition}.
     */
    LEASED("leased"),

    /**
     * Not configured: a random seed drawn once per process plus a counter, distinct within the
     * process but not coordinated with other processes. Any two processes share a partition
     * with probability 1/65,536; among N processes, some two do with probability about
     * N&sup2;/131,072. A convenience for one process on one machine, not a fleet strategy.
     */
    RANDOM("random"),

    /**
     * Taken from a restored record: {@link SnoGenerator.Builder#restore}, or a state store
     * ({@link SnoGenerator.Builder#snapshotFile}) holding a record while no partition was
     * configured. As coordinated as the partition the record was first made with.
     */
    RESTORED("restored");

    private final String label;

    PartitionSource(String label) {
        this.label = label;
    }

    /**
     * The source in lower case, as log lines, health details and metric tags show it.
     *
     * @return {@code "configured"}, {@code "leased"}, {@code "random"} or {@code "restored"}
     */
    @Override
    public String toString() {
        return label;
    }
}
