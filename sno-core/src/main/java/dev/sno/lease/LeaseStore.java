package dev.sno.lease;

import dev.sno.GeneratorSnapshot;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

/**
 * Where partition leases live: the service-provider side of {@link PartitionLeases}, one small
 * adapter per store (a database table in {@code dev.sno.jdbc.lease}, Redis keys in
 * {@code dev.sno.redis}, znodes in {@code dev.sno.zookeeper}, etcd keys in {@code dev.sno.etcd}).
 * Applications do not call it; they hand it to {@link PartitionLeases#builder(LeaseStore)} or use
 * the store module's own entry point. {@code dev.sno:sno-lease-tck}'s {@code LeaseStoreContract}
 * checks a store against these rules.
 *
 * <p>A store keeps, per namespace and partition, a record of: the holder's token, host and
 * process id, an <em>epoch</em> that counts acquisitions, an expiry, and the last
 * {@link GeneratorSnapshot} the holder saved. The protocol's safety rests on these rules, which
 * every implementation must keep (the contract test of each store module checks them):
 * <ol>
 *   <li><b>The store's clock.</b> Expiry is decided by the store (its own time, or a session or
 *       lease its server expires), never from a time the client sends.</li>
 *   <li><b>One holder.</b> {@link #acquire} takes a partition only if it is free (never held,
 *       released, or expired by the store) and increments its epoch, atomically: two
 *       concurrent acquisitions never get the same partition, and an acquisition never waits
 *       for, or is blocked behind, another one's stale view.</li>
 *   <li><b>Fencing.</b> {@link #renew} and {@link #release} change the record only if it still
 *       names the caller's token and epoch (and the lease has not expired, where expired leases
 *       do not heal), atomically with that check, and say whether they did. A holder whose lease
 *       was taken over can never write again.</li>
 *   <li><b>State in the lease.</b> {@link #renew} stores the snapshot atomically with the fencing
 *       check, and extends the lease to at least the lease duration from a moment after the
 *       call began (in the same write, or in a second step that fails the renewal if the lease
 *       ended between the two); {@link #acquire} returns the snapshot the previous holder last
 *       stored. A renewal that returns true is durable.</li>
 *   <li><b>No session state</b>, except a session the store's lease is (ZooKeeper's): nothing
 *       may depend on the same connection being used twice (a transaction-mode pooler hands out
 *       a different one for every transaction).</li>
 * </ol>
 * Methods may be called from several threads at once; each is one round trip or one short
 * transaction, bounded by the store's own timeouts.
 */
public interface LeaseStore {

    /**
     * Makes sure the namespace has a free record for every partition in [lo, hi] that has none,
     * creating what the store needs (a table, when allowed) on the way. Called once, by
     * {@link PartitionLeases.Builder#build()}. Idempotent, and safe when several processes call
     * it at once.
     *
     * @param namespace  the namespace
     * @param lo         the first partition
     * @param hi         the last partition
     * @throws IOException if the store cannot be reached, or refuses
     */
    void prepare(String namespace, int lo, int hi) throws IOException;

    /**
     * Takes the free partition of the claim's range that was unused longest, giving it the
     * claim's holder and an expiry of the claim's lease duration from the store's now.
     *
     * @param claim  who asks, for which range and how long
     * @return the partition taken, its new epoch and its stored state; empty if every
     *     partition of the range is held by a lease that has not expired
     * @throws IOException if the store cannot be reached, or fails
     */
    Optional<Grant> acquire(Claim claim) throws IOException;

    /**
     * Stores a holder's generator state and extends its lease to the lease duration from the
     * store's now, if the record still names the holder's token and epoch.
     *
     * @param lease          the lease
     * @param token          the holder's token
     * @param leaseDuration  the lease duration
     * @param state          the state to store
     * @return true if written; false if the record names another holder or epoch (the lease
     *     is lost)
     * @throws IOException if the store cannot be reached, or fails
     */
    boolean renew(PartitionLease lease, String token, Duration leaseDuration, GeneratorSnapshot state)
            throws IOException;

    /**
     * Frees a lease, keeping its stored state, if the record still names the holder's token and
     * epoch.
     *
     * @param lease  the lease
     * @param token  the holder's token
     * @return true if freed; false if the record names another holder or epoch
     * @throws IOException if the store cannot be reached, or fails
     */
    boolean release(PartitionLease lease, String token) throws IOException;

    /**
     * Frees the lease the store granted to this claim, if it did, keeping its stored state; frees
     * nothing else. {@link PartitionLeases} calls it after an {@link #acquire} that failed: a
     * timeout or a lost connection says nothing of whether the store carried the acquisition
     * out, and one it did would otherwise hold the partition for a token nobody has until the
     * lease expires. The claim's token is random per acquisition, so it names that grant alone.
     * Idempotent.
     *
     * @param claim  the claim of the failed acquisition
     * @return true if a lease was freed; false if the store holds none for the claim's token
     * @throws IOException if the store cannot be reached, or fails
     */
    boolean abandon(Claim claim) throws IOException;

    /**
     * Checks the lease duration a builder was given against what the store can keep, and returns
     * the duration the protocol runs on: how long after the start of a holder's last successful
     * renewal the store may let another holder take its partition. The holder renews and fences
     * by it ({@link PartitionLeases#fenceAfter()}). Called once, by
     * {@link PartitionLeases.Builder#build()}, after {@link #prepare}.
     *
     * <p>The default returns the duration as it is: a store whose leases expire by the store's
     * clock keeps any duration. A store whose server frees a silent holder's partition on a
     * schedule of its own (ZooKeeper: when the holder's session expires) returns that schedule
     * when it is shorter, and refuses a duration it cannot keep.
     *
     * @param leaseDuration  the builder's lease duration
     * @return the lease duration the protocol runs on, at most leaseDuration and at least 1 s
     * @throws IllegalArgumentException if the store cannot keep leases of that duration; the
     *     message names the duration and what the store has instead
     * @throws IOException if the store cannot be reached
     */
    default Duration leaseDurationFor(Duration leaseDuration) throws IOException {
        return leaseDuration;
    }

    /**
     * Lets the store tell a holder what it learns of its lease between renewals: a store with a
     * connection of its own to the server (ZooKeeper's session) hears at once when the connection
     * is suspended, when the session that held the lease has ended, and when it is back.
     * {@link PartitionLeases} watches every lease it acquires, from the acquisition until the
     * lease is released or lost, and tells its {@link LeaseListener} as a renewal's outcome
     * would. The default tells nothing: renewals alone decide.
     *
     * @param lease    the lease
     * @param token    the holder's token
     * @param watcher  what to tell, from any thread
     * @return what ends the watch; idempotent
     */
    default Runnable watch(PartitionLease lease, String token, Watcher watcher) {
        return () -> { };
    }

    /**
     * What a store tells the holder of a lease between renewals ({@link LeaseStore#watch}). The
     * holder acts on each only where it changes something: a lost lease stays lost, a released one
     * released.
     */
    interface Watcher {

        /**
         * No renewal can succeed now (the connection to the server is suspended). The holder
         * counts as failing: its listener hears {@link LeaseListener#renewalFailed} if it was
         * not failing already. It still fences by its last successful renewal.
         *
         * @param cause  what the store saw
         */
        void connectionFailed(Exception cause);

        /**
         * The store has freed the lease or will before any renewal can reach it (the session that
         * held it has ended). The lease is lost for good: {@link LeaseListener#leaseLost}, and
         * every later renewal fails with {@link LeaseLostException}.
         */
        void lost();

        /**
         * The connection is back and the lease is still the holder's (the same session). A
         * failing holder hears {@link LeaseListener#leaseRecovered}; it fences by its last
         * successful renewal until the next one.
         */
        void reconnected();
    }

    /**
     * What a holder asks {@link #acquire} for.
     *
     * @param namespace      the namespace
     * @param lo             the first partition it may take
     * @param hi             the last partition it may take
     * @param leaseDuration  how long after the acquisition, in store time, the lease expires
     * @param token          the holder's random token, 32 hex digits
     * @param host           the holder's host name, at most 255 characters
     * @param pid            the holder's process id
     */
    record Claim(String namespace, int lo, int hi, Duration leaseDuration, String token, String host, long pid) {
    }

    /**
     * What {@link #acquire} took.
     *
     * @param partition  the partition
     * @param epoch      its new epoch
     * @param state      the state its previous holder last stored, or null if none ever did
     */
    record Grant(int partition, long epoch, GeneratorSnapshot state) {
    }
}
