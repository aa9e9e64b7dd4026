package dev.sno.etcd;

import dev.sno.GeneratorSnapshot;
import dev.sno.etcd.Keys.Record;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.PartitionLease;
import dev.sno.lease.PartitionLeases;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Partition leases kept in etcd, through its v3 API (tested on etcd 3.4): the etcd adapter of
 * {@link LeaseStore}, for
 * {@link PartitionLeases#builder(LeaseStore)}. Most applications use
 * {@link EtcdPartitionLeases#builder(Client)} instead and need this class only for its options
 * ({@link EtcdPartitionLeases#store(Client)}).
 *
 * <p>Each partition has a <em>record</em> key, which never expires and keeps the epoch and the
 * generator state, and, while it is held, a <em>holder</em> key attached to an etcd lease of the
 * holder's own (see {@code Keys} for the layout). How the rules of {@link LeaseStore} are kept:
 * <ol>
 *   <li><b>The store's clock.</b> The etcd server expires the holder's etcd lease, whose TTL is the
 *       lease duration rounded up to whole seconds (etcd raises it further to its minimum TTL,
 *       which only lengthens it): expiry deletes the holder key and frees the partition. No time
 *       of the client is sent. The TTL must be at least the lease duration: the holder stops making
 *       IDs 5/6 of the lease duration after the start of its last successful renewal
 *       ({@link PartitionLeases#fenceAfter()}), and that renewal restarted the TTL when the server
 *       received its keep-alive, after that start.</li>
 *   <li><b>One holder.</b> An acquisition is one transaction: if the holder key does not exist
 *       ({@code create_revision == 0}) and the record's {@code mod_revision} is the one read, it
 *       creates the holder key on a freshly granted etcd lease and writes the record with the
 *       epoch plus one. etcd runs transactions one at a time, so two acquisitions never both
 *       succeed, and a stale read only makes the transaction fail.</li>
 *   <li><b>Fencing.</b> A renewal or release is a transaction that compares the holder key's value
 *       ({@code epoch=<n> token=<token>}) byte for byte: once the holder's etcd lease expired or
 *       another holder acquired, it changes nothing and answers false. A renewal also compares the
 *       record's {@code mod_revision} with the one its previous renewal left, so that a write which
 *       etcd receives late (jetcd queues calls while disconnected) can never overwrite a newer
 *       state.</li>
 *   <li><b>State in the lease.</b> A renewal writes the state into the record in its fenced
 *       transaction, then keeps the holder's etcd lease alive: it sends a keep-alive, sends it
 *       again on a new stream each quarter of the call's timeout (at least 50 ms) that passes
 *       without an answer, and takes the first answer ({@code EtcdCalls.keepAliveOnce}); it
 *       returns true only if the write and a keep-alive succeeded. An acquisition returns the record's state in the same read that its
 *       transaction checks, by {@code mod_revision}. etcd acknowledges a transaction once a quorum
 *       has it on disk.</li>
 *   <li><b>No session state.</b> Every call is self-contained; the store remembers, per holder, only
 *       the record revision its last renewal wrote, as a hint (without it a renewal takes one more
 *       transaction).</li>
 * </ol>
 * The partition unused longest is a partition never acquired (one without a record; the lowest
 * first), else the free one whose record has the lowest {@code mod_revision}: records are written
 * at every renewal, so that is the one whose holder stopped longest ago. Finding a never-used
 * partition costs a count or a few in etcd's index; once every partition of a range has been
 * acquired once, an acquisition reads the range's records sorted by {@code mod_revision}, work on
 * the server in proportion to the range (etcd sorts the whole range, whatever the limit). See
 * SPEC.md section 11.9 for the whole argument, leader changes included.
 *
 * @implSpec This class is thread-safe. Each etcd call is bounded by the command timeout, and by a
 *     quarter of the lease duration for the calls of a lease, whichever is shorter.
 */
public final class EtcdLeaseStore implements LeaseStore {

    /** The default command timeout, 2 s. */
    public static final Duration DEFAULT_COMMAND_TIMEOUT = Duration.ofSeconds(2);

    /** How long {@link #prepare} waits at least: the client's first call connects. */
    private static final Duration SETUP_TIMEOUT = Duration.ofSeconds(30);

    /** What messages call the store. */
    static final String NAME = "etcd lease store";

    private final EtcdCalls etcd;
    private final Duration commandTimeout;
    /** The record keys this store skipped, each reported once. */
    private final SkippedRecords skipped = new SkippedRecords();
    /** Per holder token, the record revision its last renewal wrote: a hint, see rule 3. */
    private final Map<String, Long> written = new ConcurrentHashMap<>();

    private EtcdLeaseStore(Builder b) {
        this.etcd = b.etcd;
        this.commandTimeout = b.commandTimeout;
    }

    /**
     * A builder for a store that keeps its leases in the etcd the client connects to. The client
     * is used as it is and never closed here.
     *
     * @param client  the jetcd client, not null
     * @return a new builder
     */
    public static Builder builder(Client client) {
        return new Builder(new EtcdCalls(Objects.requireNonNull(client, "client")));
    }

    /**
     * The etcd lease TTL that backs a lease of the given duration: the duration in seconds, rounded
     * up, since etcd's TTLs are whole seconds and the TTL must be at least the duration.
     *
     * @param leaseDuration  the lease duration, positive
     * @return the TTL in seconds, at least 1
     */
    public static long ttlSeconds(Duration leaseDuration) {
        long millis = leaseDuration.toMillis();
        return Math.max(1, (millis + 999) / 1000);
    }

    /**
     * Checks that etcd answers, with a count of the range's records (in etcd's index alone), and
     * creates nothing: a partition without a record is free and never used, and gets its record at
     * its first acquisition, so that a namespace of all 65,536 partitions costs nothing to set up.
     * This call waits up to 30 s, or the command timeout if longer: in a new process it is the
     * first call of the client, which connects.
     *
     * @throws IllegalArgumentException if the namespace has an unpaired surrogate, which no etcd key
     *     can hold (Java's UTF-8 would write {@code ?} for it, and two namespaces would share keys);
     *     the message names the namespace, escaped
     * @throws IOException if etcd cannot be reached, or fails
     */
    @Override
    public void prepare(String namespace, int lo, int hi) throws IOException {
        Duration setup = commandTimeout.compareTo(SETUP_TIMEOUT) > 0 ? commandTimeout : SETUP_TIMEOUT;
        etcd.get(Keys.record(namespace, lo), GetOption.builder().withRange(Keys.record(namespace, hi + 1))
                .withCountOnly(true).build(), setup, "the count of the records " + lo + ".." + hi + " of "
                + Keys.named(namespace));
    }

    /**
     * Takes the free partition of the claim's range that was unused longest (class comment). Only
     * the keys sno writes count: a key in the range's keys whose last segment is not exactly five
     * digits of a partition ({@code holder/00001.lock}, {@code record/00000.bak}, a nested
     * {@code record/00000/history/00001}) is neither a holder nor a record, and is left as it is. A
     * record key whose value is not a sno record, or whose epoch cannot be incremented
     * ({@code Long.MAX_VALUE}), is skipped: its partition is never taken, the others are, and the
     * store logs a WARNING ({@link System.Logger} {@code dev.sno.etcd}) once per key, naming the
     * namespace and the key and saying what to do. A read that etcd's compaction cuts short is
     * read again.
     *
     * @throws IllegalArgumentException if the namespace has an unpaired surrogate ({@link #prepare})
     * @throws IOException if etcd cannot be reached, or fails, or every free partition read was
     *     taken by another acquisition first, 50 reads in a row
     */
    @Override
    public Optional<Grant> acquire(Claim claim) throws IOException {
        return new Acquisition(etcd, claim, timeout(claim.leaseDuration()), written::put, skipped).run();
    }

    /**
     * Writes the state into the record and keeps the holder's etcd lease alive, resending the
     * keep-alive while it goes unanswered, until the first answer or the call's timeout (moving the
     * holder key to a new etcd lease if the duration asked for has another TTL than the one it
     * has): true only if both succeeded.
     */
    @Override
    public boolean renew(PartitionLease lease, String token, Duration leaseDuration, GeneratorSnapshot state)
            throws IOException {
        Duration timeout = timeout(leaseDuration);
        String ns = lease.namespace();
        ByteSequence holderKey = Keys.holder(ns, lease.partition());
        ByteSequence recordKey = Keys.record(ns, lease.partition());
        ByteSequence mine = Keys.holderValue(lease.epoch(), token);
        ByteSequence record = new Record(lease.epoch(), token, lease.pid(), lease.host(), state).encode();
        String what = "the renewal of the " + lease;
        long known = written.getOrDefault(token, 0L);
        KeyValue holder = null;
        for (int attempt = 0; holder == null; attempt++) {
            TxnResponse t = etcd.txn(
                    new Cmp[] {new Cmp(holderKey, Cmp.Op.EQUAL, CmpTarget.value(mine)),
                            new Cmp(recordKey, Cmp.Op.EQUAL, CmpTarget.modRevision(known))},
                    new Op[] {Op.put(recordKey, record, PutOption.DEFAULT), Op.get(holderKey, GetOption.DEFAULT)},
                    new Op[] {Op.get(holderKey, GetOption.DEFAULT), Op.get(recordKey, GetOption.DEFAULT)},
                    timeout, what);
            List<KeyValue> h = t.getGetResponses().get(0).getKvs();
            if (h.isEmpty() || !h.get(0).getValue().equals(mine)) {
                written.remove(token);
                return false; // expired, released or taken over: lost
            }
            if (t.isSucceeded()) {
                written.put(token, t.getHeader().getRevision());
                holder = h.get(0);
            } else if (attempt == 1) {
                throw new IOException("The record of the " + lease + " changed twice under its renewal: an earlier"
                        + " write of this holder reached etcd late; the next renewal tries again");
            } else {
                List<KeyValue> r = t.getGetResponses().get(1).getKvs();
                known = r.isEmpty() ? 0 : r.get(0).getModRevision(); // still ours: renew on top of it
            }
        }
        long ttl = ttlSeconds(leaseDuration);
        long left = etcd.keepAliveOnce(holder.getLease(), timeout, "the keep-alive of the " + lease);
        if (left == 0) {
            written.remove(token);
            return false; // the etcd lease expired just now: its holder key is gone
        }
        if (left < ttl || left > etcd.grantedFor(ttl)) {
            return moveToNewLease(lease, holder, ttl, timeout);
        }
        return true;
    }

    /** Puts the holder key on a new etcd lease of ttl seconds, if it is still the one renewed. */
    private boolean moveToNewLease(PartitionLease lease, KeyValue holder, long ttl, Duration timeout)
            throws IOException {
        String what = "the change of the lease duration of the " + lease;
        long id = etcd.grant(ttl, timeout, what);
        boolean moved;
        try {
            moved = etcd.txn(new Cmp[] {new Cmp(holder.getKey(), Cmp.Op.EQUAL,
                    CmpTarget.modRevision(holder.getModRevision()))},
                    new Op[] {Op.put(holder.getKey(), holder.getValue(), PutOption.builder().withLeaseId(id).build())},
                    new Op[0], timeout, what).isSucceeded();
        } catch (IOException | RuntimeException e) {
            etcd.revokeQuietly(id, timeout);
            throw e;
        }
        etcd.revokeQuietly(moved ? holder.getLease() : id, timeout);
        return moved;
    }

    /** Deletes the holder key if it is the caller's, then revokes the caller's etcd lease. */
    @Override
    public boolean release(PartitionLease lease, String token) throws IOException {
        ByteSequence holderKey = Keys.holder(lease.namespace(), lease.partition());
        TxnResponse t = etcd.txn(new Cmp[] {new Cmp(holderKey, Cmp.Op.EQUAL,
                CmpTarget.value(Keys.holderValue(lease.epoch(), token)))},
                new Op[] {Op.get(holderKey, GetOption.DEFAULT), Op.delete(holderKey, DeleteOption.DEFAULT)},
                new Op[0], commandTimeout, "the release of the " + lease);
        written.remove(token);
        if (!t.isSucceeded()) {
            return false;
        }
        etcd.revokeQuietly(t.getGetResponses().get(0).getKvs().get(0).getLease(), commandTimeout);
        return true;
    }

    /** Deletes every holder key of the claim's range that names its token, and revokes their leases. */
    @Override
    public boolean abandon(Claim claim) throws IOException {
        Duration timeout = timeout(claim.leaseDuration());
        String what = "the abandoning of the failed acquisition in " + Keys.named(claim.namespace());
        GetResponse held = etcd.get(Keys.holder(claim.namespace(), claim.lo()), GetOption.builder()
                .withRange(Keys.holder(claim.namespace(), claim.hi() + 1)).build(), timeout, what);
        boolean freed = false;
        ByteSequence holders = Keys.holders(claim.namespace());
        for (KeyValue kv : held.getKvs()) {
            if (Keys.partition(kv.getKey(), holders) >= 0 && Keys.holds(kv, claim.token())) {
                freed |= etcd.txn(new Cmp[] {new Cmp(kv.getKey(), Cmp.Op.EQUAL,
                        CmpTarget.modRevision(kv.getModRevision()))},
                        new Op[] {Op.delete(kv.getKey(), DeleteOption.DEFAULT)}, new Op[0], timeout, what)
                        .isSucceeded();
                etcd.revokeQuietly(kv.getLease(), timeout);
            }
        }
        written.remove(claim.token());
        return freed;
    }

    private Duration timeout(Duration leaseDuration) {
        Duration quarter = leaseDuration.dividedBy(4);
        return quarter.compareTo(commandTimeout) < 0 ? quarter : commandTimeout;
    }

    /**
     * Names the store and its options.
     *
     * @return e.g. {@code etcd lease store (command timeout PT2S)}
     */
    @Override
    public String toString() {
        return NAME + " (command timeout " + commandTimeout + ")";
    }

    /**
     * Configures an {@link EtcdLeaseStore}; made by {@link EtcdLeaseStore#builder(Client)} or
     * {@link EtcdPartitionLeases#store(Client)}. Not thread-safe. No method accepts null.
     */
    public static final class Builder {

        private final EtcdCalls etcd;
        private Duration commandTimeout = DEFAULT_COMMAND_TIMEOUT;

        private Builder(EtcdCalls etcd) {
            this.etcd = etcd;
        }

        /**
         * Sets how long the store waits for each answer of etcd, whatever the client does meanwhile
         * (jetcd waits for a lost connection and retries some calls); calls for a lease wait at most
         * a quarter of its lease duration if that is shorter. The default is 2 s.
         *
         * @param timeout  10 ms to 60 s, not null
         * @return this builder
         * @throws IllegalArgumentException if timeout is out of range
         */
        public Builder commandTimeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.compareTo(Duration.ofMillis(10)) < 0 || timeout.compareTo(Duration.ofSeconds(60)) > 0) {
                throw new IllegalArgumentException("commandTimeout must be in [PT0.01S, PT1M]: commandTimeout="
                        + timeout);
            }
            this.commandTimeout = timeout;
            return this;
        }

        /**
         * Builds the store. Nothing is sent to etcd yet: {@link EtcdLeaseStore#prepare}, which
         * {@link PartitionLeases.Builder#build()} calls, checks that it answers.
         *
         * @return the store
         */
        public EtcdLeaseStore build() {
            return new EtcdLeaseStore(this);
        }
    }
}
