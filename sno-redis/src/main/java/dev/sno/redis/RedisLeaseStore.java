package dev.sno.redis;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.PartitionLease;
import dev.sno.lease.PartitionLeases;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Partition leases kept in Redis 6.2 or later: the Redis adapter of {@link LeaseStore}, for
 * {@link PartitionLeases#builder(LeaseStore)}. Most applications use
 * {@link RedisPartitionLeases#builder(io.lettuce.core.RedisClient)} instead and need this class only
 * for its Redis options ({@link RedisPartitionLeases#store(io.lettuce.core.RedisClient)}).
 *
 * <p>Each step of the protocol is one Lua script, run atomically by the server: expiry is
 * computed from and compared with the server's {@code TIME}, never a time of the application;
 * every write of a holder first checks the holder's token and epoch, so a holder whose lease was
 * taken over never writes again; the generator's state lives in the lease record, which never
 * expires. A namespace's keys share the hash tag {@code {sno:<namespace>}}, so they live in one
 * Redis Cluster slot. Nothing depends on the connection: any connection, or a reconnected one,
 * serves any call.
 *
 * <p>What other programs leave among a namespace's keys never hands out a partition twice nor
 * stops the others: only a partition's own spelling counts (five digits in the sets, the plain
 * number in record keys), and other members and keys are passed over and left in place. A
 * record the scripts cannot read (a key of another type, a field that is not a number sno
 * writes, an epoch of {@code Long.MAX_VALUE} that cannot be incremented) is never taken; the
 * store logs a warning for it once ({@link System.Logger} {@code dev.sno.redis}) naming the key
 * and what to do.
 *
 * <p>{@link #prepare} checks, once, that the server keeps what it acknowledges
 * ({@code appendonly yes}, {@code appendfsync always}, {@code maxmemory-policy noeviction}) and
 * refuses with an {@link IOException} naming each unsafe setting, its value and the fix, unless
 * {@link Builder#acceptUnsafePersistence(boolean)} was set; where the server refuses
 * {@code CONFIG}, it logs a warning ({@link System.Logger} {@code dev.sno.redis}) and goes on.
 * With {@link Builder#replicas(int)} above 0, every write waits ({@code WAIT}) for that many
 * replicas, and one they do not acknowledge in time fails. See docs/redis-leases.md for what
 * failover can still do.
 *
 * @implSpec This class is thread-safe. Each call is one script, plus one {@code WAIT} when
 *     replicas are asked for, each bounded by the command timeout and an eighth of the lease
 *     duration, whichever is shorter.
 */
public final class RedisLeaseStore implements LeaseStore {

    /** The default command timeout, 2 s. */
    public static final Duration DEFAULT_COMMAND_TIMEOUT = Duration.ofSeconds(2);

    /** How many records one prepare script creates at most: keeps each script short. */
    private static final int PREPARE_CHUNK = 4096;

    private final RedisCalls redis;
    private final int replicas;
    private final boolean acceptUnsafe;
    private final Duration commandTimeout;
    private final UnreadableRecords unreadable = new UnreadableRecords();
    private volatile boolean checked;

    private RedisLeaseStore(Builder b) {
        this.redis = b.redis;
        this.replicas = b.replicas;
        this.acceptUnsafe = b.acceptUnsafe;
        this.commandTimeout = b.commandTimeout;
    }

    static Builder builder(RedisCalls redis) {
        return new Builder(redis);
    }

    /**
     * Checks the server's persistence settings (once per store), then creates the missing records
     * of [lo, hi] as free partitions, in scripts of at most 4,096 records each. A record key that
     * holds another kind of value than a hash is left as it is and logged (a WARNING, once per
     * store and key): acquisitions pass its partition over.
     *
     * @throws IllegalArgumentException if the namespace cannot be kept in Redis keys (it has an
     *     unpaired surrogate); the message names it
     * @throws IOException if Redis cannot be reached or fails, or if its persistence settings are
     *     unsafe and were not accepted; the message names each setting, its value and the fix
     */
    @Override
    public void prepare(String namespace, int lo, int hi) throws IOException {
        if (!checked) {
            Persistence.check(redis, commandTimeout, acceptUnsafe);
            checked = true;
        }
        for (int from = lo; from <= hi; from += PREPARE_CHUNK) {
            int to = Math.min(hi, from + PREPARE_CHUNK - 1);
            if (PrepareScript.run(redis, namespace, from, to, commandTimeout, unreadable) > 0) {
                replicate("the new records of partitions " + from + ".." + to + " of namespace " + namespace,
                        commandTimeout);
            }
        }
    }

    /**
     * Takes the free partition of the claim's range unused longest whose record is readable;
     * records that are not are passed over and logged, once per store and key.
     *
     * @throws IllegalArgumentException if the namespace cannot be kept in Redis keys; the
     *     message names it
     */
    @Override
    public Optional<Grant> acquire(Claim claim) throws IOException {
        Duration timeout = timeout(claim.leaseDuration());
        Optional<AcquireScript.Taken> taken = AcquireScript.run(redis, claim, timeout, unreadable);
        if (taken.isEmpty()) {
            return Optional.empty();
        }
        int partition = taken.get().partition();
        long epoch = taken.get().epoch();
        try {
            Grant grant = new Grant(partition, epoch, taken.get().state(claim.namespace()));
            replicate("the acquisition of partition " + claim.namespace() + "/" + partition, timeout);
            return Optional.of(grant);
        } catch (IOException e) {
            // Granted, but not to be held (a record without valid state, replicas that did not
            // acknowledge): give the lease back now rather than let it block the partition.
            PartitionLease lease = new PartitionLease(claim.namespace(), partition, epoch, claim.host(), claim.pid());
            try {
                release(lease, claim.token());
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed); // it expires by itself
            }
            throw e;
        }
    }

    @Override
    public boolean renew(PartitionLease lease, String token, Duration leaseDuration, GeneratorSnapshot state)
            throws IOException {
        Duration timeout = timeout(leaseDuration);
        if (!RenewScript.run(redis, lease, token, leaseDuration, state, timeout)) {
            return false;
        }
        replicate("the renewal of the " + lease, timeout);
        return true;
    }

    @Override
    public boolean release(PartitionLease lease, String token) throws IOException {
        if (!ReleaseScript.run(redis, lease, token, commandTimeout)) {
            return false;
        }
        replicate("the release of the " + lease, commandTimeout);
        return true;
    }

    @Override
    public boolean abandon(Claim claim) throws IOException {
        return AbandonScript.run(redis, claim, timeout(claim.leaseDuration()));
    }

    /** WAITs for the configured replicas after a write; fewer in time is a failure. */
    private void replicate(String what, Duration timeout) throws IOException {
        if (replicas == 0) {
            return;
        }
        long acknowledged = redis.waitForReplicas(replicas, timeout);
        if (acknowledged < replicas) {
            throw new IOException("Redis wrote " + what + " but only " + acknowledged + " of the " + replicas
                    + " replicas asked for (RedisLeaseStore.Builder.replicas) acknowledged it within " + timeout
                    + "; a failover now could lose it");
        }
    }

    private Duration timeout(Duration leaseDuration) {
        Duration eighth = leaseDuration.dividedBy(8);
        return eighth.compareTo(commandTimeout) < 0 ? eighth : commandTimeout;
    }

    /**
     * Names the store and its options.
     *
     * @return e.g. {@code Redis lease store (WAIT for 1 replica, command timeout PT2S)}
     */
    @Override
    public String toString() {
        return "Redis lease store (" + (replicas == 0 ? "no WAIT for replicas" : "WAIT for " + replicas
                + (replicas == 1 ? " replica" : " replicas")) + ", command timeout " + commandTimeout
                + (acceptUnsafe ? ", unsafe persistence accepted" : "") + ")";
    }

    /**
     * Configures a {@link RedisLeaseStore}; made by {@link RedisPartitionLeases#store}. Not
     * thread-safe. No method accepts null.
     */
    public static final class Builder {

        private final RedisCalls redis;
        private int replicas;
        private boolean acceptUnsafe;
        private Duration commandTimeout = DEFAULT_COMMAND_TIMEOUT;

        private Builder(RedisCalls redis) {
            this.redis = redis;
        }

        /**
         * Sets how many replicas must acknowledge each write ({@code WAIT}) before it counts; a
         * write they do not acknowledge within the command timeout fails (a renewal then counts as
         * failed and is retried). The default is 0: writes count once the primary has them, and a
         * failover to a replica that had not received the last writes can hand a partition to a
         * second holder or restore an older high-water mark (docs/redis-leases.md).
         *
         * @param replicas  0 to 100
         * @return this builder
         * @throws IllegalArgumentException if replicas is out of range
         */
        public Builder replicas(int replicas) {
            if (replicas < 0 || replicas > 100) {
                throw new IllegalArgumentException("replicas must be in [0, 100]: replicas=" + replicas);
            }
            this.replicas = replicas;
            return this;
        }

        /**
         * Accepts a server whose persistence is unsafe for leases (not {@code appendonly yes},
         * {@code appendfsync always} and {@code maxmemory-policy noeviction}): the store then logs a
         * warning instead of refusing. A restart of such a server, or an eviction, can make the
         * fleet repeat IDs. The default is false.
         *
         * @param accept  whether to accept unsafe persistence
         * @return this builder
         */
        public Builder acceptUnsafePersistence(boolean accept) {
            this.acceptUnsafe = accept;
            return this;
        }

        /**
         * Sets how long the store waits for each answer of Redis, whatever the client's own
         * timeout; calls for a lease wait at most an eighth of its lease duration if that is
         * shorter. The default is 2 s.
         *
         * @param timeout  10 ms to 60 s, not null
         * @return this builder
         * @throws IllegalArgumentException if timeout is out of range
         */
        public Builder commandTimeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.compareTo(Duration.ofMillis(10)) < 0 || timeout.compareTo(Duration.ofSeconds(60)) > 0) {
                throw new IllegalArgumentException("commandTimeout must be in [PT0.01S, PT1M]: commandTimeout=" + timeout);
            }
            this.commandTimeout = timeout;
            return this;
        }

        /**
         * Builds the store. Nothing is sent to Redis yet: the connection, the persistence check and
         * the records come with {@link RedisLeaseStore#prepare}, which
         * {@link PartitionLeases.Builder#build()} calls.
         *
         * @return the store
         */
        public RedisLeaseStore build() {
            return new RedisLeaseStore(this);
        }
    }
}
