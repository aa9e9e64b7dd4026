package dev.sno.lease;

import dev.sno.GeneratorSnapshot;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

/**
 * Where partition leases live: the service-provider side of {@link PartitionLeases}, one small
 * adapter per store (a database table in {@code dev.sno.jdbc.lease}, Redis keys in
 * {@code dev.sno.redis}). Applications do not call it; they hand it to
 * {@link PartitionLeases#builder(LeaseStore)} or use the store module's own entry point.
 *
 * <p>A store keeps, per namespace and partition, a record of: the holder's token, host and
 * process id, an <em>epoch</em> that counts acquisitions, an expiry, and the last
 * {@link GeneratorSnapshot} the holder saved. The protocol's safety rests on these rules, which
 * every implementation must keep (the contract test of each store module checks them):
 * <ol>
 *   <li><b>The store's clock.</b> Expiry is computed and compared by the store from its own
 *       time, never from a time the client sends.</li>
 *   <li><b>One holder.</b> {@link #acquire} takes a partition only if it is free (never held,
 *       released, or expired by the store's clock) and increments its epoch, atomically: two
 *       concurrent acquisitions never get the same partition, and an acquisition never waits
 *       for, or is blocked behind, another one's stale view.</li>
 *   <li><b>Fencing.</b> {@link #renew} and {@link #release} change the record only if it still
 *       names the caller's token and epoch, atomically with that check, and say whether they did.
 *       A holder whose lease was taken over can never write again.</li>
 *   <li><b>State in the lease.</b> {@link #renew} stores the snapshot and the new expiry in the
 *       same atomic write; {@link #acquire} returns the snapshot the previous holder last
 *       stored. A renewal that returns normally is durable.</li>
 *   <li><b>No session state.</b> Nothing may depend on the same connection being used twice
 *       (a transaction-mode pooler hands out a different one for every transaction).</li>
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
