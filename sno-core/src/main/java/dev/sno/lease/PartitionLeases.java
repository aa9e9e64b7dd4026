package dev.sno.lease;

import dev.sno.SnoClock;
import dev.sno.SnoGenerator;
import dev.sno.config.SafeText;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Collections;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Queue;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

/**
 * Leases partitions from a store the fleet shares, one per generator, so that instances of a
 * service need no hand-made partition plan and never make the same ID, also after pauses,
 * crashes, clock skew and takeovers (SPEC.md section 11). The store is an adapter: a database
 * table ({@code dev.sno.jdbc.lease.JdbcPartitionLeases}) or Redis
 * ({@code dev.sno.redis.RedisPartitionLeases}); the protocol is this class.
 *
 * <pre>
 * PartitionLeases leases = JdbcPartitionLeases.builder(dataSource)
 *         .namespace("orders")
 *         .build();                                    // creates the table if it is missing
 * try (SnoGenerator generator = leases.acquire()) {   // holds the lease until close()
 *     SnoId id = generator.next(meta);
 * }
 * </pre>
 *
 * <p>{@link #acquire()} takes the free partition unused longest (free: never held, released, or
 * expired by the store's clock), with a new epoch, and builds a generator restored from the
 * state its previous holder stored. That generator renews the lease in the background every
 * {@code 5/18} of the lease duration, each renewal also storing its write-ahead state, and stops
 * making IDs in new 4 ms units ({@code next} throws {@link dev.sno.StateStoreException}) once
 * {@code 5/6} of the lease duration has passed on {@link System#nanoTime()} since the start of
 * its last successful renewal, until one succeeds. A renewal that the store has not answered by
 * that fence deadline (and within at least {@code 5/18} of the lease duration) counts as failed,
 * and {@link LeaseListener#renewalFailed} hears of the first failure at once, long before the
 * fence. Every write is conditional on the
 * holder's token and epoch, so a holder whose lease was taken over never writes again
 * ({@link LeaseLostException}). {@link SnoGenerator#close()} stores the final state and frees
 * the lease; closing a generator whose lease was lost stores nothing, logs one line and throws
 * nothing.
 *
 * @implSpec This class is immutable and thread-safe.
 */
public final class PartitionLeases {

    /** The default namespace. */
    public static final String DEFAULT_NAMESPACE = "default";

    /** The default lease duration, 30 s. */
    public static final Duration DEFAULT_LEASE_DURATION = Duration.ofSeconds(30);

    private static final SecureRandom RANDOM = new SecureRandom();

    /** The lease of every generator acquire() made that is still reachable. */
    private static final Map<SnoGenerator, PartitionLease> LEASES = Collections.synchronizedMap(new WeakHashMap<>());

    private final LeaseStore store;
    private final String namespace;
    private final int lo;
    private final int hi;
    private final Duration leaseDuration;
    private final Duration validity;
    private final SnoClock clock;
    private final LeaseListener listener;
    /** Claims whose acquisition failed and whose grant, if any, could not be given back yet. */
    private final Queue<LeaseStore.Claim> failedClaims = new ConcurrentLinkedQueue<>();

    private PartitionLeases(Builder b, Duration leaseDuration) {
        this.store = b.store;
        this.namespace = b.namespace;
        this.lo = b.lo;
        this.hi = b.hi;
        this.leaseDuration = leaseDuration;
        this.validity = leaseDuration.minus(leaseDuration.dividedBy(6));
        this.clock = b.clock;
        this.listener = b.listener;
    }

    /**
     * A builder for leases from a store. Store modules offer their own entry point that returns
     * this builder ({@code JdbcPartitionLeases.builder(dataSource)}).
     *
     * @param store  the store, not null
     * @return a new builder with default settings
     */
    public static Builder builder(LeaseStore store) {
        return new Builder(Objects.requireNonNull(store, "store"));
    }

    /**
     * Acquires a free partition of the namespace, preferring the one unused longest, and returns
     * a generator for it restored from the state its previous holder stored. The generator holds
     * the lease until it is {@linkplain SnoGenerator#close() closed}; close it when the
     * application stops, so that the partition is free at once and not only once the lease has
     * expired.
     *
     * @return a generator holding the lease
     * @throws IllegalStateException if every partition of the namespace is held by a lease that
     *     has not expired; the message says so
     * @throws IOException if the store cannot be reached, or fails
     */
    public SnoGenerator acquire() throws IOException {
        return acquire(b -> { });
    }

    /**
     * Acquires a lease as {@link #acquire()} does, and builds its generator with further
     * settings: an overflow listener, a bound on regression waits, a clock. The customizer runs
     * on a builder that already has this instance's clock; the partition and the state store
     * are the lease's and are set after it, whatever it sets.
     *
     * @param customizer  sets what the generator needs beyond the lease, not null
     * @return a generator holding the lease
     * @throws IllegalStateException if every partition of the namespace is held by a lease that
     *     has not expired
     * @throws IOException if the store cannot be reached, or fails
     */
    public SnoGenerator acquire(Consumer<SnoGenerator.Builder> customizer) throws IOException {
        Objects.requireNonNull(customizer, "customizer");
        String token = HexFormat.of().formatHex(randomBytes());
        String host = Holder.HOST;
        long pid = ProcessHandle.current().pid();
        abandonFailedClaims();
        LeaseStore.Claim claim = new LeaseStore.Claim(namespace, lo, hi, leaseDuration, token, host, pid);
        Optional<LeaseStore.Grant> granted;
        try {
            granted = store.acquire(claim);
        } catch (IOException e) {
            // The store may have carried the acquisition out all the same (a timeout, a lost
            // answer): give back what it may have granted, now or, failing that, before the next
            // acquisition, so that the partition is not held for nobody until the lease expires.
            try {
                store.abandon(claim);
            } catch (IOException | RuntimeException later) {
                failedClaims.add(claim);
                e.addSuppressed(later);
            }
            throw e;
        }
        LeaseStore.Grant grant = granted.orElseThrow(() -> new IllegalStateException("No free partition in sno namespace \"" + namespace
                        + "\": all " + (hi - lo + 1) + " partitions " + lo + ".." + hi + " are held by leases that"
                        + " have not expired (" + store + "); widen partitions(lo, hi) or wait for a lease to expire"));
        PartitionLease lease = new PartitionLease(namespace, grant.partition(), grant.epoch(), host, pid);
        LeaseStateStore leased = new LeaseStateStore(store, lease, token, grant.state(), leaseDuration, validity,
                listener);
        try {
            SnoGenerator.Builder b = SnoGenerator.builder().clock(clock);
            customizer.accept(b);
            SnoGenerator g = b.stateStore(leased).partition(grant.partition()).build();
            LEASES.put(g, lease);
            return g;
        } catch (RuntimeException e) {
            try {
                leased.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** Gives back what failed acquisitions may have been granted; keeps those it cannot reach. */
    private void abandonFailedClaims() {
        for (int n = failedClaims.size(); n > 0; n--) {
            LeaseStore.Claim claim = failedClaims.poll();
            if (claim == null) {
                return;
            }
            try {
                store.abandon(claim);
            } catch (IOException | RuntimeException e) {
                failedClaims.add(claim); // the lease, if any, expires by itself meanwhile
            }
        }
    }

    /**
     * The lease a generator made by {@link #acquire()} holds (or held, once closed or lost).
     *
     * @param generator  a generator, not null
     * @return its lease, or empty if it was not made by {@code acquire()}
     */
    public static Optional<PartitionLease> leaseOf(SnoGenerator generator) {
        return Optional.ofNullable(LEASES.get(Objects.requireNonNull(generator, "generator")));
    }

    /**
     * The namespace this hands out partitions of.
     *
     * @return the namespace
     */
    public String namespace() {
        return namespace;
    }

    /**
     * The lease duration the protocol runs on: how long after a holder's last renewal, in store
     * time, its lease expires. The builder's, unless the store keeps a shorter one
     * ({@link LeaseStore#leaseDurationFor}: a ZooKeeper session timeout).
     *
     * @return the lease duration
     */
    public Duration leaseDuration() {
        return leaseDuration;
    }

    /**
     * How long after the start of its last successful renewal a holder goes on making IDs in new
     * time units: the lease duration minus a margin of a sixth of it.
     *
     * @return the fence interval
     */
    public Duration fenceAfter() {
        return validity;
    }

    /**
     * The store the leases live in.
     *
     * @return the store
     */
    public LeaseStore store() {
        return store;
    }

    /**
     * Names the namespace, its partitions and the store.
     *
     * @return e.g. {@code PartitionLeases[orders 0..65535, lease PT30S, table sno_partition_lease on PostgreSQL]}
     */
    @Override
    public String toString() {
        return "PartitionLeases[" + namespace + " " + lo + ".." + hi + ", lease " + leaseDuration + ", " + store + "]";
    }

    private static byte[] randomBytes() {
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        return b;
    }

    /** The host name, looked up once, at the first acquisition (never at image build time). */
    private static final class Holder {
        static final String HOST = hostName();

        private static String hostName() {
            String name = System.getenv("HOSTNAME");
            if (name == null || name.isBlank()) {
                try {
                    name = InetAddress.getLocalHost().getHostName();
                } catch (UnknownHostException | SecurityException e) {
                    name = "unknown";
                }
            }
            return name.length() > 255 ? name.substring(0, 255) : name;
        }
    }

    /**
     * Configures {@link PartitionLeases}. Not thread-safe. No method accepts null.
     */
    public static final class Builder {

        private final LeaseStore store;
        private String namespace = DEFAULT_NAMESPACE;
        private int lo = 0;
        private int hi = 0xFFFF;
        private Duration leaseDuration = DEFAULT_LEASE_DURATION;
        private SnoClock clock = SnoClock.system();
        private LeaseListener listener;

        private Builder(LeaseStore store) {
            this.store = store;
        }

        /**
         * Sets the namespace: an independent keyspace with partitions of its own. The default is
         * {@value PartitionLeases#DEFAULT_NAMESPACE}.
         *
         * @param namespace  1 to 64 characters, no control characters and no unpaired surrogates
         *     (text that a store's keys cannot hold faithfully), not null
         * @return this builder
         * @throws IllegalArgumentException if namespace is empty, longer than 64 characters, holds
         *     a control character or an unpaired surrogate; the message quotes it escaped
         */
        public Builder namespace(String namespace) {
            Objects.requireNonNull(namespace, "namespace");
            if (namespace.isEmpty() || namespace.length() > 64 || !wellFormed(namespace)) {
                throw new IllegalArgumentException("namespace must be 1 to 64 characters without control characters"
                        + " or unpaired surrogates: namespace=\"" + SafeText.of(namespace) + "\"");
            }
            this.namespace = namespace;
            return this;
        }

        /** No control character, and every surrogate in a pair: what every store can spell. */
        private static boolean wellFormed(String namespace) {
            for (int i = 0; i < namespace.length(); i++) {
                char c = namespace.charAt(i);
                if (Character.isISOControl(c) || Character.isLowSurrogate(c)) {
                    return false;
                }
                if (Character.isHighSurrogate(c)) {
                    if (i + 1 == namespace.length() || !Character.isLowSurrogate(namespace.charAt(i + 1))) {
                        return false;
                    }
                    i++;
                }
            }
            return true;
        }

        /**
         * Sets the partitions this namespace may hand out, both inclusive. The default is all,
         * 0..65535. Other users of the same partitions (explicit partitions, other namespaces
         * writing the same keyspace) must stay outside this range.
         *
         * @param lo  the first partition, 0..65535
         * @param hi  the last partition, lo..65535
         * @return this builder
         * @throws IllegalArgumentException if a bound is out of range or lo &gt; hi
         */
        public Builder partitions(int lo, int hi) {
            if (lo < 0 || hi > 0xFFFF || lo > hi) {
                throw new IllegalArgumentException("partitions must satisfy 0 <= lo <= hi <= 65535: lo=" + lo
                        + ", hi=" + hi);
            }
            this.lo = lo;
            this.hi = hi;
            return this;
        }

        /**
         * Sets the lease duration: a holder that has not renewed for this long, in store time,
         * may be replaced. Holders renew every 5/18 of it and stop making IDs after 5/6 of it
         * without a successful renewal. The default is 30 s.
         *
         * @param duration  1 s to 1 hour, not null
         * @return this builder
         * @throws IllegalArgumentException if duration is out of range
         */
        public Builder leaseDuration(Duration duration) {
            Objects.requireNonNull(duration, "duration");
            if (duration.compareTo(Duration.ofSeconds(1)) < 0 || duration.compareTo(Duration.ofHours(1)) > 0) {
                throw new IllegalArgumentException("leaseDuration must be in [PT1S, PT1H]: leaseDuration=" + duration);
            }
            this.leaseDuration = duration;
            return this;
        }

        /**
         * Sets the clock of the generators {@link #acquire()} makes. The default is
         * {@link SnoClock#system()}. Lease expiry never uses it: it is the store's time.
         *
         * @param clock  the clock, not null
         * @return this builder
         */
        public Builder clock(SnoClock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * Sets a listener told about failed renewals, lost leases and recoveries of every lease
         * acquired through the leases built here. The default is none.
         *
         * @param listener  the listener, not null
         * @return this builder
         */
        public Builder listener(LeaseListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * Builds the leases: prepares the store ({@link LeaseStore#prepare}: the records of the
         * namespace's partitions that do not exist yet, and for a database the table if it is
         * missing and may be created), and checks the lease duration against it
         * ({@link LeaseStore#leaseDurationFor}).
         *
         * @return the leases
         * @throws IOException if the store cannot be reached, or refuses
         * @throws IllegalArgumentException if the store cannot keep leases of the lease duration
         *     (a ZooKeeper client whose session timeout is longer); the message names both
         */
        public PartitionLeases build() throws IOException {
            store.prepare(namespace, lo, hi);
            Duration kept = store.leaseDurationFor(leaseDuration);
            if (kept == null || kept.compareTo(Duration.ofSeconds(1)) < 0 || kept.compareTo(leaseDuration) > 0) {
                throw new IllegalStateException(store + " answered a lease duration of " + kept + " for " + leaseDuration
                        + ": a store must keep at least 1 s and at most the duration asked for");
            }
            return new PartitionLeases(this, kept);
        }
    }
}
