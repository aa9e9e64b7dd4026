package dev.sno;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Generates sno IDs for one partition and sequence pool, following the reference's rules:
 * within a 4 ms time unit the sequence counts up from the pool's minimum; a later unit starts it
 * again; a clock regression toggles the tick-tock bit and carries on in the past without
 * waiting; a second regression into the "unsafe past" waits until the clock has passed the safe
 * mark. No two calls of one generator ever return the same ID, and generators with different
 * partitions, or the same partition and disjoint sequence pools, never return the same ID either.
 *
 * <h2>Assumptions and guarantees</h2>
 * <ul>
 *   <li><b>Same time unit, pool not exhausted</b> (the fast path): one volatile read of the state,
 *   one atomic fetch-and-add, one clock read. Wait-free; allocates nothing but the returned
 *   {@link SnoId}.</li>
 *   <li><b>A later time unit</b>: one compare-and-set of the state. Lock-free: a caller whose
 *   compare-and-set fails starts over, which only happens when another caller made progress.</li>
 *   <li><b>A regression</b> (the clock is behind the generator's latest time unit): under a lock,
 *   held for a few field updates. Blocking, briefly.</li>
 *   <li><b>A second regression to or before the safe mark</b>: the caller parks until the clock
 *   passes the safe mark, re-reading the clock at least every 16 ms; with
 *   {@link Builder#maxRegressionWait} it throws {@link ClockRegressionException} instead when the
 *   wait would be longer than that.</li>
 *   <li><b>Pool exhausted</b> (more than {@link #cap()} IDs asked for in one time unit): the
 *   caller parks until the time unit changes (to just past the last millisecond before the
 *   boundary, then in quarter-millisecond slices), re-reading the clock each time it wakes, so it
 *   needs no other caller to wake it. The overflow listener, if any, hears about it once per
 *   time unit. Stalled callers retry in no particular order.</li>
 *   <li>An interrupted caller that is parked, or about to park, throws
 *   {@link CancellationException} (cause: {@link InterruptedException}) with its interrupt status
 *   still set; it never receives an ID. No path uses {@code synchronized} or
 *   {@code Object.wait}, so virtual threads never pin here.</li>
 *   <li>The clock must read a time within the sno range ({@link SnoId#EPOCH} to the end of the
 *   unit of {@link SnoId#MAX_TIME}); otherwise the call throws {@link IllegalStateException}.</li>
 * </ul>
 *
 * @implSpec This class is thread-safe. A generator made with a
 *     {@linkplain Builder#snapshotFile snapshot file} must be {@linkplain #close() closed} when the
 *     application stops, so that the file holds its final state.
 */
public final class SnoGenerator implements AutoCloseable {

    /*
     * Design notes.
     *
     * The whole clock state that an ID depends on lives in one 64-bit word, `state`:
     *
     *     bits 63..25  time unit of the current timeline (wallHi)       39 bits
     *     bit  24      tick-tock bit of the current timeline            1 bit
     *     bits 23..0   last sequence handed out in that unit            24 bits
     *
     * The top 40 bits are exactly bytes 0..4 of the IDs made from it. Because the unit, the
     * tick-tock bit and the sequence are read and changed together, a caller can never combine
     * the sequence of one unit with the time of another, which the reference (separate words
     * for time and sequence) allows in a race between its fast path and its progression path.
     *
     * Fast path: a caller that sees unit == now adds 1 to the whole word and looks at the value
     * it replaced. If that value still has unit == now, the increment reserved sequence + 1 of
     * that unit for this caller alone. If not, the word was moved by another caller in between;
     * the increment then burnt one sequence value of the new word (never handed out), and the
     * caller starts over. The sequence field has 8 bits of headroom above 65535: each caller adds
     * at most once per unit before parking, so it cannot carry into the tick-tock bit unless
     * 2^24 - 65536 callers stall in one unit.
     *
     * Regressions change the word with compare-and-set too (fast-path increments may land
     * concurrently), and also update wallSafe and drifts, which only the regression path reads;
     * the lock serializes regressions and close().
     *
     * close() swaps in CLOSED: unit 2^39-1 and a sequence far above any pool, so that every
     * path ends in a branch that checks `closed`, while the fast path pays nothing for it.
     */

    private static final long SEQ_MASK = (1L << 24) - 1;
    private static final long TICK = 1L << 24;
    private static final long TIMESTAMP_MASK = ~SEQ_MASK;
    private static final long CLOSED = SnoId.MAX_UNITS << 25 | TICK | 1L << 23;

    /** Largest clock offset from the sno epoch, in ms: the end of the last unit. */
    private static final long MAX_CLOCK_OFFSET = SnoId.MAX_UNITS * SnoId.UNIT_MILLIS + SnoId.UNIT_MILLIS - 1;

    /** Longest single park while waiting for the clock to pass the safe mark. */
    private static final long MAX_PARK_NANOS = 16_000_000L;

    /** Smallest pool the builder accepts: sequenceMax - sequenceMin + 1. */
    static final int MIN_POOL = 4;

    private static final VarHandle STATE;
    private static final VarHandle STATIC_SEQ;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(SnoGenerator.class, "state", long.class);
            STATIC_SEQ = lookup.findVarHandle(SnoGenerator.class, "staticSeq", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int partition;
    private final int seqMin;
    private final int seqMax;
    private final SnoClock clock;
    private final Consumer<SequenceOverflowNotification> overflowListener;
    private final Duration maxRegressionWait;
    private final long maxWaitNanos;
    private final Path snapshotFile;
    private final ExecutorService snapshotWriter;

    /** The clock state; see the design notes. Accessed through STATE. */
    @SuppressWarnings("unused")
    private volatile long state;

    /** The sequence of nextWithTime: last value handed out. Accessed through STATIC_SEQ. */
    @SuppressWarnings("unused")
    private volatile int staticSeq;

    /** Serializes regressions, snapshots' reads of the drift fields, and close(). */
    private final ReentrantLock lock = new ReentrantLock();

    /** Time unit at or before which a further regression is unsafe. Written under lock. */
    private volatile long wallSafe;

    /** Number of regressions tick-tocked at (unsigned). Written under lock. */
    private volatile int drifts;

    /** Set under lock by close(). */
    private volatile boolean closed;

    /** The state at close(); written under lock before closed is set. */
    private GeneratorSnapshot finalSnapshot;

    /** Callers currently stalled on an exhausted pool. */
    private final AtomicInteger stalled = new AtomicInteger();

    /** The last unit the overflow listener heard of (high bits) and its tick count (low 20 bits). */
    private final AtomicLong overflowMark = new AtomicLong(-1L << 20);

    /** A drift-triggered snapshot write is queued and not yet started. */
    private final AtomicBoolean writePending = new AtomicBoolean();

    private SnoGenerator(Builder b, int partition, int seqMin, int seqMax, long initialState,
            long wallSafe, int drifts) {
        this.partition = partition;
        this.seqMin = seqMin;
        this.seqMax = seqMax;
        this.clock = b.clock;
        this.overflowListener = b.overflowListener;
        this.maxRegressionWait = b.maxRegressionWait;
        this.maxWaitNanos = b.maxRegressionWait == null ? Long.MAX_VALUE : saturatedNanos(b.maxRegressionWait);
        this.snapshotFile = b.snapshotFile;
        this.snapshotWriter = b.snapshotFile == null ? null : Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "sno-snapshot-writer");
            t.setDaemon(true);
            return t;
        });
        this.state = initialState;
        this.staticSeq = seqMin - 1;
        this.wallSafe = wallSafe;
        this.drifts = drifts;
    }

    /**
     * A generator with default settings: a partition unique within this process (a seed taken
     * from the clock once per process plus a counter, as the reference does), the full sequence
     * pool 0..65535 and the system clock.
     *
     * @return a new generator
     * @throws IllegalStateException if this process has already been handed all 65,536
     *     partitions
     */
    public static SnoGenerator create() {
        return builder().build();
    }

    /**
     * A builder for a configured or restored generator.
     *
     * @return a new builder with default settings
     */
    public static Builder builder() {
        return new Builder();
    }

    // ---------------------------------------------------------------------------------------
    // Generation

    /**
     * A new ID with the current time and the given metabyte.
     *
     * @param meta  the metabyte, 0..255
     * @return an ID this generator has never returned before
     * @throws InvalidSnoIdException if meta is out of range
     * @throws ClockRegressionException if the clock is in the unsafe past for longer than the
     *     configured maximum regression wait
     * @throws CancellationException if the calling thread is interrupted while it has to wait
     * @throws IllegalStateException if the clock reads a time outside the sno range, or the
     *     generator is closed
     */
    public SnoId next(int meta) {
        if ((meta & ~0xFF) != 0) {
            SnoId.checkMeta(meta);
        }
        long payload = (long) meta << 16 | partition;
        for (;;) {
            // The state first, the clock second: the clock then reads at least the time that
            // produced the state's unit, so now < unit means the clock really went back, not
            // that another caller with a fresher reading moved the state meanwhile.
            long current = state;
            long now = unitOf(clock.millis());
            long unit = current >>> 25;
            if (unit == now) {
                long prior = (long) STATE.getAndAdd(this, 1L);
                if (prior >>> 25 == now) {
                    long seq = (prior & SEQ_MASK) + 1;
                    if (seq <= seqMax) {
                        return SnoId.ofBits(prior & TIMESTAMP_MASK | payload, (int) seq);
                    }
                    stall(now);
                }
            } else if (now > unit) {
                long next = now << 25 | (current & TICK) | seqMin;
                if (STATE.compareAndSet(this, current, next)) {
                    return SnoId.ofBits(next & TIMESTAMP_MASK | payload, seqMin);
                }
            } else {
                SnoId id = regress(now, payload);
                if (id != null) {
                    return id;
                }
            }
        }
    }

    /**
     * A new ID for an explicit time, for porting existing records. It uses a sequence of its
     * own that counts from the pool's minimum and wraps silently to it after the maximum, never
     * blocks, and never sets the tick-tock bit. IDs made this way are not checked against
     * {@link #next}'s: avoiding collisions between them is up to the caller.
     *
     * @param meta  the metabyte, 0..255
     * @param time  the time, in [{@link SnoId#EPOCH}, {@link SnoId#MAX_TIME}], floored to its
     *              4 ms unit, not null
     * @return the ID
     * @throws InvalidSnoIdException if meta or time is out of range
     * @throws IllegalStateException if the generator is closed
     */
    public SnoId nextWithTime(int meta, Instant time) {
        SnoId.checkMeta(meta);
        long units = SnoId.unitsOf(time);
        if (closed) {
            throw closedException();
        }
        int seq;
        for (;;) {
            int current = staticSeq;
            seq = current >= seqMax ? seqMin : current + 1;
            if (STATIC_SEQ.compareAndSet(this, current, seq)) {
                break;
            }
        }
        return SnoId.ofBits(units << 25 | (long) meta << 16 | partition, seq);
    }

    private static long saturatedNanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }

    /** The time unit of a clock reading, checking the sno range. */
    private static long unitOf(long millis) {
        long offset = millis - SnoId.EPOCH_MILLIS;
        if (Long.compareUnsigned(offset, MAX_CLOCK_OFFSET) > 0) {
            throw new IllegalStateException("The clock reads " + Instant.ofEpochMilli(millis)
                    + " (" + millis + " ms), outside the sno time range [" + SnoId.EPOCH + ", "
                    + SnoId.MAX_TIME.plusMillis(SnoId.UNIT_MILLIS - 1) + "]");
        }
        return offset >>> 2;
    }

    private static long unitStartMillis(long unit) {
        return SnoId.EPOCH_MILLIS + unit * SnoId.UNIT_MILLIS;
    }

    /** The regression branch. Returns null when the caller must start over. */
    private SnoId regress(long now, long payload) {
        long safe;
        lock.lock();
        try {
            for (;;) {
                if (closed) {
                    throw closedException();
                }
                long current = state;
                long high = current >>> 25;
                if (now >= high) {
                    return null; // another caller moved the state meanwhile
                }
                safe = wallSafe;
                if (now <= safe) {
                    break; // the unsafe past: wait outside the lock
                }
                int drift = drifts + 1;
                long next = now << 25 | (long) (drift & 1) << 24 | seqMin;
                if (STATE.compareAndSet(this, current, next)) {
                    wallSafe = high;
                    drifts = drift;
                    persistSoon();
                    return SnoId.ofBits(next & TIMESTAMP_MASK | payload, seqMin);
                }
                // A fast-path increment landed in between: look again.
            }
        } finally {
            lock.unlock();
        }
        awaitClockPast(safe);
        return null;
    }

    /** Parks until the clock is past the given unit, or throws if that takes too long. */
    private void awaitClockPast(long safeUnit) {
        long start = System.nanoTime();
        for (;;) {
            if (closed) {
                throw closedException();
            }
            checkInterrupt("waiting for the clock to pass the safe mark");
            long millis = clock.millis();
            if (unitOf(millis) > safeUnit) {
                return;
            }
            long safeMillis = unitStartMillis(safeUnit + 1);
            long waitNanos = (safeMillis - millis) * 1_000_000L;
            if (maxRegressionWait != null && waitNanos > maxWaitNanos - (System.nanoTime() - start)) {
                throw new ClockRegressionException(Instant.ofEpochMilli(millis), Instant.ofEpochMilli(safeMillis),
                        maxRegressionWait);
            }
            LockSupport.parkNanos(this, Math.min(waitNanos, MAX_PARK_NANOS));
        }
    }

    /** The pool of unit is exhausted: park until the unit changes. */
    private void stall(long unit) {
        int count = stalled.incrementAndGet();
        try {
            if (overflowListener != null) {
                notifyOverflow(unit, count);
            }
            for (;;) {
                if (closed) {
                    throw closedException();
                }
                checkInterrupt("stalled on an exhausted sequence pool");
                // Parks in at most a few slices per unit (see stallNanos): no busy spinning.
                long millis = clock.millis();
                if (unitOf(millis) != unit || ((long) STATE.getVolatile(this)) >>> 25 != unit) {
                    return;
                }
                LockSupport.parkNanos(this, stallNanos(unitStartMillis(unit + 1) - millis));
            }
        } finally {
            stalled.decrementAndGet();
        }
    }

    /**
     * How long a stalled caller parks when the clock reads {@code remaining} whole milliseconds
     * before the next unit. A millisecond clock reading can be up to 1 ms old, so parking the
     * full remainder would wake up to 1 ms late: park to just past the millisecond before the
     * boundary instead, and in the last millisecond in slices of a quarter.
     */
    static long stallNanos(long remainingMillis) {
        return remainingMillis >= 2 ? (remainingMillis - 1) * 1_000_000L + 50_000L : 250_000L;
    }

    /** Tells the listener, at most once per unit: the first caller to stall in a unit does it. */
    private void notifyOverflow(long unit, int count) {
        long mark = overflowMark.get();
        long markUnit = mark >> 20;
        if (markUnit == unit) {
            return;
        }
        long ticks = markUnit == unit - 1 ? Math.min((mark & 0xFFFFF) + 1, 0xFFFFF) : 1;
        if (!overflowMark.compareAndSet(mark, unit << 20 | ticks)) {
            return;
        }
        try {
            overflowListener.accept(new SequenceOverflowNotification(
                    Instant.ofEpochMilli(unitStartMillis(unit)), count, (int) ticks));
        } catch (RuntimeException e) {
            // The listener's failure must not cost the caller its ID: report it as uncaught.
            Thread t = Thread.currentThread();
            t.getUncaughtExceptionHandler().uncaughtException(t, e);
        }
    }

    private static void checkInterrupt(String where) {
        if (Thread.currentThread().isInterrupted()) {
            CancellationException e = new CancellationException("Interrupted while " + where
                    + "; no ID was made (the thread's interrupt status is kept)");
            e.initCause(new InterruptedException());
            throw e;
        }
    }

    private static IllegalStateException closedException() {
        return new IllegalStateException("This SnoGenerator is closed");
    }

    // ---------------------------------------------------------------------------------------
    // Inspection

    /**
     * The partition this generator writes into every ID.
     *
     * @return the partition, 0..65535
     */
    public int partition() {
        return partition;
    }

    /**
     * The lower bound of the sequence pool, inclusive.
     *
     * @return the minimum sequence
     */
    public int sequenceMin() {
        return seqMin;
    }

    /**
     * The upper bound of the sequence pool, inclusive.
     *
     * @return the maximum sequence
     */
    public int sequenceMax() {
        return seqMax;
    }

    /**
     * The number of IDs this generator can make per 4 ms time unit:
     * {@code sequenceMax - sequenceMin + 1}.
     *
     * @return the capacity per time unit
     */
    public int cap() {
        return seqMax - seqMin + 1;
    }

    /**
     * The number of IDs made in the current time unit, as far as the sequence shows:
     * 0 if the clock has left the generator's latest unit, at most {@link #cap()}.
     *
     * @return IDs made in the current unit
     * @throws IllegalStateException if the clock reads a time outside the sno range
     */
    public int len() {
        long now = unitOf(clock.millis());
        long current = state;
        if (current >>> 25 != now) {
            return 0;
        }
        return (int) Math.min((current & SEQ_MASK) - seqMin + 1, cap());
    }

    /**
     * A snapshot of this generator's bookkeeping, in the reference's terms: {@code sequence} is
     * the last sequence handed out when the clock still reads {@code wallHi}, else
     * {@code sequenceMin}; {@code now} is the clock's current unit. Under concurrent use it is a
     * sample that is soon stale. After {@link #close()}, it is the state at closing.
     *
     * @return the snapshot
     * @throws IllegalStateException if the clock reads a time outside the sno range
     */
    public GeneratorSnapshot snapshot() {
        lock.lock();
        try {
            if (closed) {
                return finalSnapshot;
            }
            return snapshotOf(state, unitOf(clock.millis()));
        } finally {
            lock.unlock();
        }
    }

    /** A snapshot of the given state word; call under lock. */
    private GeneratorSnapshot snapshotOf(long word, long now) {
        long high = word >>> 25;
        long seq = now == high ? word & SEQ_MASK : seqMin;
        return new GeneratorSnapshot(partition, seqMin, seqMax, seq, now, high, wallSafe,
                Integer.toUnsignedLong(drifts));
    }

    // ---------------------------------------------------------------------------------------
    // Persistence

    /** Queues a snapshot write after a drift; called under lock. */
    private void persistSoon() {
        if (snapshotWriter != null && writePending.compareAndSet(false, true)) {
            snapshotWriter.execute(() -> {
                writePending.set(false);
                try {
                    GeneratorSnapshot s = snapshot();
                    if (!closed) {
                        SnapshotFile.write(snapshotFile, s);
                    }
                } catch (IOException | RuntimeException e) {
                    Thread t = Thread.currentThread();
                    t.getUncaughtExceptionHandler().uncaughtException(t, e);
                }
            });
        }
    }

    /**
     * Closes the generator. With a {@linkplain Builder#snapshotFile snapshot file}, writes its
     * final state there (after any write still queued) and waits until the file is on disk.
     * Afterwards {@link #next} and {@link #nextWithTime} throw {@link IllegalStateException} and
     * {@link #snapshot()} returns the final state. Closing twice does nothing.
     *
     * @throws UncheckedIOException if the snapshot file cannot be written
     * @throws IllegalStateException if the clock reads a time outside the sno range; the
     *     generator stays open then
     */
    @Override
    public void close() {
        GeneratorSnapshot last;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            long now = unitOf(clock.millis());
            long word = (long) STATE.getAndSet(this, CLOSED);
            last = snapshotOf(word, now);
            finalSnapshot = last;
            closed = true;
        } finally {
            lock.unlock();
        }
        if (snapshotWriter != null) {
            Future<?> done = snapshotWriter.submit(() -> {
                SnapshotFile.write(snapshotFile, last);
                return null;
            });
            snapshotWriter.shutdown();
            try {
                done.get();
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof IOException) {
                    throw new UncheckedIOException("Could not write the sno snapshot file " + snapshotFile,
                            (IOException) cause);
                }
                throw new IllegalStateException("Could not write the sno snapshot file " + snapshotFile, cause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("Interrupted while writing the sno snapshot file " + snapshotFile);
            }
        }
    }

    // ---------------------------------------------------------------------------------------
    // Builder

    /**
     * Configures a {@link SnoGenerator}. Not thread-safe; a builder can build several
     * generators.
     */
    public static final class Builder {

        private Integer partition;
        private int seqMin = 0;
        private int seqMax = 0xFFFF;
        private boolean rangeSet;
        private SnoClock clock = SnoClock.system();
        private Consumer<SequenceOverflowNotification> overflowListener;
        private Duration maxRegressionWait;
        private GeneratorSnapshot restore;
        private Path snapshotFile;

        private Builder() {
        }

        /**
         * Sets the partition. Without one (and without a snapshot), the generator gets a
         * partition unique within this process, as {@link SnoGenerator#create()} does.
         *
         * @param partition  0..65535
         * @return this builder
         * @throws IllegalArgumentException if partition is out of range
         */
        public Builder partition(int partition) {
            if (partition < 0 || partition > 0xFFFF) {
                throw new IllegalArgumentException("partition must be in [0, 65535]: partition=" + partition);
            }
            this.partition = partition;
            return this;
        }

        /**
         * Sets the sequence pool, for sharing one partition between several generators: each
         * gets a disjoint range. Bounds may be given in either order and are inclusive; the pool
         * must hold at least 4 values. The default is 0..65535.
         *
         * @param min  one bound, 0..65535
         * @param max  the other bound, 0..65535
         * @return this builder
         * @throws IllegalArgumentException if a bound is out of range or the pool holds fewer
         *     than 4 values
         */
        public Builder sequenceRange(int min, int max) {
            if (min < 0 || min > 0xFFFF || max < 0 || max > 0xFFFF) {
                throw new IllegalArgumentException("sequence bounds must be in [0, 65535]: sequenceMin="
                        + min + ", sequenceMax=" + max);
            }
            int lo = Math.min(min, max);
            int hi = Math.max(min, max);
            checkPool(lo, hi);
            this.seqMin = lo;
            this.seqMax = hi;
            this.rangeSet = true;
            return this;
        }

        /**
         * Sets the clock. The default is {@link SnoClock#system()}.
         *
         * @param clock  the clock, not null
         * @return this builder
         */
        public Builder clock(SnoClock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * Sets a listener told about sequence overflows, about once per time unit while they
         * last. It runs on the thread of a stalled caller and should return quickly; an
         * exception it throws goes to that thread's uncaught exception handler.
         *
         * @param listener  the listener, or null for none (the default)
         * @return this builder
         */
        public Builder overflowListener(Consumer<SequenceOverflowNotification> listener) {
            this.overflowListener = listener;
            return this;
        }

        /**
         * Bounds how long {@link SnoGenerator#next} waits for the clock to pass the safe mark
         * after a second regression; beyond it, the call throws
         * {@link ClockRegressionException}. Without it (the default), callers wait as long as
         * it takes, as the reference does.
         *
         * @param maxWait  zero or positive, or null for no bound
         * @return this builder
         * @throws IllegalArgumentException if maxWait is negative
         */
        public Builder maxRegressionWait(Duration maxWait) {
            if (maxWait != null && maxWait.isNegative()) {
                throw new IllegalArgumentException("maxRegressionWait must not be negative: maxRegressionWait="
                        + maxWait);
            }
            this.maxRegressionWait = maxWait;
            return this;
        }

        /**
         * Restores a generator from a snapshot: partition, sequence pool, sequence and clock
         * state come from it, following the reference's rules (SPEC.md). Cannot be combined with
         * {@link #partition}, {@link #sequenceRange} or {@link #snapshotFile}.
         *
         * @param snapshot  the snapshot, or null for none
         * @return this builder
         */
        public Builder restore(GeneratorSnapshot snapshot) {
            this.restore = snapshot;
            return this;
        }

        /**
         * Keeps the generator's state in a file: {@link #build()} restores from it when it
         * exists (a missing file means a fresh start), the generator rewrites it after every
         * clock regression it tick-tocks at (in the background) and when it is
         * {@linkplain SnoGenerator#close() closed}. The partition and sequence pool, if set
         * here, must match the file's. See {@link SnapshotFile} for the format.
         *
         * @param file  the file, or null for none; its directory must exist
         * @return this builder
         */
        public Builder snapshotFile(Path file) {
            this.snapshotFile = file;
            return this;
        }

        /**
         * Builds the generator.
         *
         * @return a new generator
         * @throws IllegalArgumentException if the settings contradict each other or a snapshot
         *     breaks the reference's rules
         * @throws UncheckedIOException if the snapshot file cannot be read, with a
         *     {@link SnapshotFileException} as the cause if it is corrupt
         * @throws IllegalStateException if no partition was set and this process has been handed
         *     all 65,536 process-unique partitions
         */
        public SnoGenerator build() {
            GeneratorSnapshot snapshot = restore;
            if (restore != null && (partition != null || rangeSet || snapshotFile != null)) {
                throw new IllegalArgumentException("restore(snapshot) takes partition, sequence range and state"
                        + " from the snapshot; it cannot be combined with partition(...), sequenceRange(...)"
                        + " or snapshotFile(...)");
            }
            if (snapshotFile != null) {
                try {
                    Optional<GeneratorSnapshot> saved = SnapshotFile.read(snapshotFile);
                    snapshot = saved.orElse(null);
                } catch (IOException e) {
                    throw new UncheckedIOException("Could not read the sno snapshot file " + snapshotFile, e);
                }
            }
            if (snapshot == null) {
                int p = partition != null ? partition : PartitionPool.GLOBAL.next();
                return new SnoGenerator(this, p, seqMin, seqMax, 0L, 0L, 0);
            }
            return fromSnapshot(snapshot);
        }

        private SnoGenerator fromSnapshot(GeneratorSnapshot s) {
            // The reference's rules, in its order.
            int min = s.sequenceMin();
            int max = s.sequenceMax();
            if (max == 0 && min != 0xFFFF) {
                max = 0xFFFF;
            }
            if (min == max) {
                throw new IllegalArgumentException("Invalid generator snapshot: sequence bounds are identical,"
                        + " leaving no pool: sequenceMin=" + s.sequenceMin() + ", sequenceMax=" + s.sequenceMax());
            }
            if (max < min) {
                int t = min;
                min = max;
                max = t;
            }
            checkPool(min, max);
            long seq = s.sequence() == 0 ? min : s.sequence();
            if (seq < min) {
                throw new IllegalArgumentException("Invalid generator snapshot: sequence must be >= sequenceMin:"
                        + " sequence=" + s.sequence() + ", sequenceMin=" + min);
            }
            if (snapshotFile != null && (partition != null && partition != s.partition()
                    || rangeSet && (seqMin != min || seqMax != max))) {
                throw new IllegalArgumentException("The sno snapshot file " + snapshotFile + " belongs to partition "
                        + s.partition() + " with sequence range " + min + ".." + max + ", not to the configured"
                        + (partition != null ? " partition " + partition : "")
                        + (rangeSet ? " sequence range " + seqMin + ".." + seqMax : ""));
            }
            // A snapshot taken after the clock had left wallHi reports sequenceMin, which says
            // nothing about the IDs made in wallHi: treat that unit's pool as used up (SPEC.md).
            if (s.now() != 0 && s.now() != s.wallHi()) {
                seq = max;
            }
            long word = s.wallHi() << 25 | (s.drifts() & 1) << 24 | Math.min(seq, max);
            return new SnoGenerator(this, s.partition(), min, max, word, s.wallSafe(), (int) s.drifts());
        }

        private static void checkPool(int min, int max) {
            if (max - min + 1 < MIN_POOL) {
                throw new IllegalArgumentException("sequence pool must hold at least " + MIN_POOL
                        + " values (sequenceMax >= sequenceMin + " + (MIN_POOL - 1) + "): sequenceMin="
                        + min + ", sequenceMax=" + max);
            }
        }
    }
}
