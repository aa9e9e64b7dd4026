package dev.sno.jdbc.lease;

import dev.sno.SnoClock;
import dev.sno.SnoGenerator;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collections;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.WeakHashMap;
import javax.sql.DataSource;

/**
 * Leases partitions from the application's own database, one per generator, so that instances
 * of a service need no hand-made partition plan and never make the same ID, also after pauses,
 * crashes, clock skew and takeovers (SPEC.md section 11).
 *
 * <pre>
 * JdbcPartitionLeases leases = JdbcPartitionLeases.builder(dataSource)
 *         .namespace("orders")
 *         .leaseDuration(Duration.ofSeconds(30))
 *         .build();                                    // creates the table if it is missing
 * try (SnoGenerator generator = leases.acquire()) {   // holds the lease until close()
 *     SnoId id = generator.next(meta);
 * }
 * </pre>
 *
 * <p>Each lease is a row of the table {@code sno_partition_lease} (the DDL is {@link #DDL}):
 * the holder, an epoch counted up by every acquisition, the expiry in database time and the
 * generator's durable state. {@link #acquire()} takes, in one transaction, the free partition
 * that was unused longest (a partition is free when never held, released, or expired by the
 * database's clock) and builds a generator restored from the row's state. That generator
 * renews the lease in the background about every {@code 5/18} of the lease duration, each
 * renewal also writing its write-ahead state, and stops making IDs in new 4 ms units
 * ({@code next} throws {@link dev.sno.StateStoreException}) once {@code 5/6} of the lease
 * duration has passed on {@link System#nanoTime()} since the start of its last successful
 * renewal, until a renewal succeeds. Every write is conditional on the holder and the epoch, so
 * a holder whose lease was taken over never writes again ({@link LeaseLostException}).
 * {@link SnoGenerator#close()} writes the final state and frees the lease.
 *
 * <p>Tested on PostgreSQL (which acquires with {@code FOR UPDATE SKIP LOCKED}) and H2 (a
 * conditional update). The {@link DataSource} should pool connections: every renewal borrows
 * one for a single {@code UPDATE}.
 *
 * @implSpec This class is immutable and thread-safe.
 */
public final class JdbcPartitionLeases {

    /** The DDL of the lease table and its index, for schema migration tools. */
    public static final String DDL = LeaseSql.DDL;

    /** The default namespace. */
    public static final String DEFAULT_NAMESPACE = "default";

    /** The default lease duration, 30 s. */
    public static final Duration DEFAULT_LEASE_DURATION = Duration.ofSeconds(30);

    private static final SecureRandom RANDOM = new SecureRandom();

    /** The lease of every generator acquire() made that is still reachable. */
    private static final Map<SnoGenerator, PartitionLease> LEASES = Collections.synchronizedMap(new WeakHashMap<>());

    private final LeaseSql sql;
    private final String namespace;
    private final int lo;
    private final int hi;
    private final Duration leaseDuration;
    private final Duration validity;
    private final Duration writeAhead;
    private final SnoClock clock;
    private final LeaseListener listener;
    private final Duration maxRegressionWait;
    private final String host;
    private final long pid;

    private JdbcPartitionLeases(Builder b) {
        this.sql = new LeaseSql(b.dataSource, b.leaseDuration);
        this.namespace = b.namespace;
        this.lo = b.lo;
        this.hi = b.hi;
        this.leaseDuration = b.leaseDuration;
        this.validity = b.leaseDuration.minus(b.leaseDuration.dividedBy(6));
        // Renewal on the clock (half the write-ahead) coincides with renewal on nanoTime (a
        // third of the validity): one write does both.
        this.writeAhead = validity.multipliedBy(2).dividedBy(3);
        this.clock = b.clock;
        this.listener = b.listener;
        this.maxRegressionWait = b.maxRegressionWait;
        this.host = hostName();
        this.pid = ProcessHandle.current().pid();
    }

    /**
     * A builder for leases from a data source.
     *
     * @param dataSource  the database holding the lease table, not null
     * @return a new builder with default settings
     */
    public static Builder builder(DataSource dataSource) {
        return new Builder(Objects.requireNonNull(dataSource, "dataSource"));
    }

    /**
     * Acquires a free partition of the namespace, in one transaction, preferring the one unused
     * longest, and returns a generator for it restored from the state in its row. The generator
     * holds the lease until it is {@linkplain SnoGenerator#close() closed}; close it when the
     * application stops, so that the partition is free at once and not only once the lease has
     * expired.
     *
     * @return a generator holding the lease
     * @throws IllegalStateException if every partition of the namespace is held by a lease that
     *     has not expired; the message says so
     * @throws SQLException if the database cannot be reached or the table is missing
     */
    public SnoGenerator acquire() throws SQLException {
        String token = HexFormat.of().formatHex(randomBytes());
        LeaseSql.Acquired a = sql.acquire(namespace, lo, hi, token, host, pid);
        if (a == null) {
            throw new IllegalStateException("No free partition in sno namespace \"" + namespace + "\": all "
                    + (hi - lo + 1) + " partitions " + lo + ".." + hi + " are held by leases that have not expired"
                    + " (table " + LeaseSql.TABLE + "); widen partitions(lo, hi) or wait for a lease to expire");
        }
        PartitionLease lease = new PartitionLease(namespace, a.partition(), a.epoch(), host, pid);
        LeaseStateStore store = new LeaseStateStore(sql, lease, token, a.state(), validity, listener);
        try {
            SnoGenerator.Builder b = SnoGenerator.builder().stateStore(store).partition(a.partition()).clock(clock)
                    .writeAhead(writeAhead);
            if (maxRegressionWait != null) {
                b.maxRegressionWait(maxRegressionWait);
            }
            SnoGenerator g = b.build();
            LEASES.put(g, lease);
            return g;
        } catch (RuntimeException e) {
            try {
                store.close();
            } catch (java.io.IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /**
     * Whether the lease table ({@code sno_partition_lease}) exists in a database, found with one
     * query that reads no row: for deciding at startup whether to lease (the Spring starter does
     * this when {@code sno.lease.enabled} is unset).
     *
     * @param dataSource  the database, not null
     * @return true if the table exists; false if the database answers that it does not, or that
     *     this user may not read it (an SQL state of class 42)
     * @throws SQLException if the database cannot be reached, or fails otherwise
     */
    public static boolean tableExists(DataSource dataSource) throws SQLException {
        return LeaseSql.tableExists(Objects.requireNonNull(dataSource, "dataSource"));
    }

    /**
     * Creates the lease table and its index in a database if they are missing ({@link #DDL},
     * {@code CREATE ... IF NOT EXISTS}), as {@link Builder#build()} does unless told not to:
     * for a schema initializer that runs before anything leases.
     *
     * @param dataSource  the database, not null
     * @throws SQLException if the database cannot be reached, or refuses the DDL
     */
    public static void createTable(DataSource dataSource) throws SQLException {
        new LeaseSql(Objects.requireNonNull(dataSource, "dataSource"), DEFAULT_LEASE_DURATION).createTable();
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
     * The lease duration: how long after a holder's last renewal, in database time, its lease
     * expires.
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
     * Names the namespace and its partitions.
     *
     * @return e.g. {@code JdbcPartitionLeases[orders 0..65535, lease PT30S]}
     */
    @Override
    public String toString() {
        return "JdbcPartitionLeases[" + namespace + " " + lo + ".." + hi + ", lease " + leaseDuration + "]";
    }

    private static byte[] randomBytes() {
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        return b;
    }

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

    /**
     * Configures {@link JdbcPartitionLeases}. Not thread-safe. No method accepts null.
     */
    public static final class Builder {

        private final DataSource dataSource;
        private String namespace = DEFAULT_NAMESPACE;
        private int lo = 0;
        private int hi = 0xFFFF;
        private Duration leaseDuration = DEFAULT_LEASE_DURATION;
        private SnoClock clock = SnoClock.system();
        private LeaseListener listener;
        private boolean createTable = true;
        private Duration maxRegressionWait;

        private Builder(DataSource dataSource) {
            this.dataSource = dataSource;
        }

        /**
         * Sets the namespace: an independent keyspace with partitions of its own. The default is
         * {@value JdbcPartitionLeases#DEFAULT_NAMESPACE}.
         *
         * @param namespace  1 to 64 characters, no control characters, not null
         * @return this builder
         * @throws IllegalArgumentException if namespace is empty, longer than 64 characters or
         *     holds a control character
         */
        public Builder namespace(String namespace) {
            Objects.requireNonNull(namespace, "namespace");
            if (namespace.isEmpty() || namespace.length() > 64 || namespace.chars().anyMatch(Character::isISOControl)) {
                throw new IllegalArgumentException("namespace must be 1 to 64 characters without control characters:"
                        + " namespace=\"" + namespace + "\"");
            }
            this.namespace = namespace;
            return this;
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
         * Sets the lease duration: a holder that has not renewed for this long, in database
         * time, may be replaced. Holders renew about every 5/18 of it and stop making IDs after
         * 5/6 of it without a successful renewal. The default is 30 s.
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
         * {@link SnoClock#system()}. Lease expiry never uses it: it is the database's time.
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
         * Bounds how long the generators {@link #acquire()} makes wait in the unsafe past (a
         * clock behind the safe mark of the state they restored, SPEC.md 8.2), as
         * {@link SnoGenerator.Builder#maxRegressionWait} does; beyond it {@code next} throws
         * {@link dev.sno.ClockRegressionException}. The default is to wait as long as it takes.
         *
         * @param maxWait  zero or positive, not null
         * @return this builder
         * @throws IllegalArgumentException if maxWait is negative
         */
        public Builder maxRegressionWait(Duration maxWait) {
            Objects.requireNonNull(maxWait, "maxWait");
            if (maxWait.isNegative()) {
                throw new IllegalArgumentException("maxRegressionWait must not be negative: maxRegressionWait=" + maxWait);
            }
            this.maxRegressionWait = maxWait;
            return this;
        }

        /**
         * Sets whether {@link #build()} creates the lease table and its index when missing
         * ({@code CREATE ... IF NOT EXISTS}). The default is true; turn it off when a migration
         * tool owns the schema ({@link JdbcPartitionLeases#DDL}).
         *
         * @param create  whether to create the table
         * @return this builder
         */
        public Builder createTable(boolean create) {
            this.createTable = create;
            return this;
        }

        /**
         * Builds the leases: creates the table if missing (unless turned off) and the rows of
         * the namespace's partitions that do not exist yet.
         *
         * @return the leases
         * @throws SQLException if the database cannot be reached, or the table is missing and
         *     may not be created
         */
        public JdbcPartitionLeases build() throws SQLException {
            JdbcPartitionLeases leases = new JdbcPartitionLeases(this);
            if (createTable) {
                leases.sql.createTable();
            }
            leases.sql.ensureRows(namespace, lo, hi);
            return leases;
        }
    }
}
