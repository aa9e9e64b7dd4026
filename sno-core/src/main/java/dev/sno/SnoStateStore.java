package dev.sno;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

/**
 * Where a {@link SnoGenerator} keeps its durable state, so that a generator restored from it
 * after a crash, a restart or a takeover never repeats an ID made before, even with its clock
 * set back. {@link FileStateStore} keeps it in a local file; {@code dev.sno.jdbc.lease} keeps
 * it in the row of a partition lease.
 *
 * <p>A generator built with a store ({@link SnoGenerator.Builder#stateStore}) owns it: it
 * {@linkplain #load() loads} it once when it is built, {@linkplain #save saves} a record that
 * covers every ID it may return before returning them (its write-ahead horizon, see SPEC.md
 * 8.7), and {@linkplain #close() closes} it after its final save. The generator calls
 * {@link #save} from one thread at a time, never concurrently with itself.
 *
 * <p>An implementation's {@code toString()} names what it stores to (a file, a lease), for
 * the messages of {@link StateStoreException}.
 */
public interface SnoStateStore extends AutoCloseable {

    /**
     * The last record saved, as it is durably stored.
     *
     * @return the record, or empty if none was ever saved (a fresh start)
     * @throws IOException if the record cannot be read, or is corrupt: a corrupt record must
     *     fail here and never read as empty
     */
    Optional<GeneratorSnapshot> load() throws IOException;

    /**
     * Stores a record durably, replacing the previous one: when this method returns normally,
     * the record survives a crash of the process and of the machine. When it throws, the
     * previous record must still be the one {@link #load()} would return, or the new one, never
     * anything else.
     *
     * @param record  the record, not null
     * @throws IOException if the record could not be stored durably
     */
    void save(GeneratorSnapshot record) throws IOException;

    /**
     * How long a successful save entitles the generator to go on making IDs without another
     * successful save, measured with {@link System#nanoTime()} from the moment {@link #save}
     * was called. A store whose records can be taken over by another owner (a lease) returns
     * less than its lease duration; the generator then stops making IDs in a new time unit once
     * that time has passed without a successful save. The default, empty, means a saved record
     * stays valid for as long as the store is open.
     *
     * @return the validity of a save, or empty for no limit
     */
    default Optional<Duration> validity() {
        return Optional.empty();
    }

    /**
     * Whether this store assigns the generator's partition by holding a lease on it, which
     * keeps every other live holder off it (as {@code dev.sno.jdbc.lease} does). A generator on
     * such a store reports {@link PartitionSource#LEASED}. The default is false: a file that
     * merely records the partition does not coordinate it with other processes.
     *
     * @return true if the partition is leased
     */
    default boolean leasesPartition() {
        return false;
    }

    /**
     * Releases the store (a lock, a lease, a connection). Called once, after the generator's
     * final save.
     *
     * @throws IOException if releasing fails; the generator is closed all the same
     */
    @Override
    void close() throws IOException;
}
