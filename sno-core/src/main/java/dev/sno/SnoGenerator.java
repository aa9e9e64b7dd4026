package dev.sno;

import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Generates sno IDs for one partition and sequence pool, following the reference's rules:
 * within a 4 ms time unit the sequence counts up from the pool's minimum; a later unit starts it
 * again; a clock regression toggles the tick-tock bit and carries on in the past without
 * waiting; a second regression into the "unsafe past" waits until the clock is back at the
 * current timeline's high mark. No two calls of one generator ever return the same ID, and
 * generators with different partitions, or the same partition and disjoint sequence pools, never
 * return the same ID either. With a {@linkplain Builder#stateStore state store}, that holds
 * across crashes and restarts too.
 *
 * <h2>Assumptions and guarantees</h2>
 * <ul>
 *   <li><b>Same time unit, pool not exhausted</b> (the fast path): one volatile read of the state,
 *   one clock read, one atomic fetch-and-add. Wait-free; allocates nothing but the returned
 *   {@link SnoId}; never waits for I/O, with or without a state store.</li>
 *   <li><b>A later time unit</b>: one compare-and-set of the state. Lock-free: a caller whose
 *   compare-and-set fails starts over, which only happens when another caller made progress.
 *   With a state store, the unit must lie within the durable write-ahead horizon, which a
 *   background writer keeps {@linkplain Builder#writeAhead 0.8 to 2 s} ahead of the clock; a
 *   caller whose clock reaches the horizon first saves a new one itself (blocking for one
 *   save).</li>
 *   <li><b>A regression</b> (the clock is behind the current timeline): under a lock, with a
 *   fresh clock reading; with a state store the new timeline is saved before its first ID is
 *   returned, and other callers wait for that save. Blocking, briefly.</li>
 *   <li><b>The unsafe past</b> (a regression to or before the safe mark): the caller parks until
 *   the clock is back at the current timeline's high mark, re-reading the clock at least every
 *   16 ms; with {@link Builder#maxRegressionWait} it throws {@link ClockRegressionException}
 *   instead when the wait would be longer than that.</li>
 *   <li><b>Pool exhausted</b> (more than {@link #capacityPerUnit()} IDs asked for in one time
 *   unit): the caller parks until the time unit changes (to just past the last millisecond
 *   before the boundary, then in quarter-millisecond slices), re-reading the clock each time it
 *   wakes, so it needs no other caller to wake it. The overflow listener, if any, hears about
 *   it once per time unit. Stalled callers retry in no particular order.</li>
 *   <li>An interrupted caller that is parked, or about to park, throws
 *   {@link CancellationException} (cause: {@link InterruptedException}) with its interrupt status
 *   still set; it never receives an ID and leaves the state as it was. No path uses
 *   {@code synchronized} or {@code Object.wait}, so virtual threads never pin here.</li>
 *   <li>The clock must read a time from {@link SnoId#EPOCH} to the end of the unit before
 *   {@link SnoId#MAX_TIME} (the last unit is reserved, see SPEC.md 8.4); otherwise the call
 *   throws {@link IllegalStateException}.</li>
 * </ul>
 *
 * @implSpec This class is thread-safe. A generator with a state store must be
 *     {@linkplain #close() closed} when the application stops, so that the store holds its exact
 *     final state and is released; a crash instead leaves the last write-ahead record, which
 *     still covers every ID the generator returned.
 */
public final class SnoGenerator extends GeneratorState implements AutoCloseable {

    /*
     * Design notes.
     *
     * The whole clock state that an ID depends on lives in one 64-bit word, `state` (inherited
     * from GeneratorState, which pads it onto a cache line of its own), laid out as StateWord
     * describes: unit, tick-tock bit and last sequence. Because they are read and
     * changed together, a caller can never combine the sequence of one unit with the time of
     * another, which the reference (separate words for time and sequence) allows in a race
     * between its fast path and its progression path.
     *
     * Fast path: a caller that sees unit == now and a sequence below the pool's maximum adds 1
     * to the whole word and looks at the value it replaced. If that value still has
     * unit == now, the increment reserved sequence + 1 of that unit for this caller alone. If
     * not, the word was moved by another caller in between; the increment then burnt one
     * sequence value of the new word (never handed out), and the caller starts over. A caller
     * that sees the pool exhausted does not add; so the sequence field exceeds the maximum only
     * by the callers that were between their read and their add at once, which cannot reach
     * the 8 bits of headroom (2^24 - 65536 threads).
     *
     * Slow paths (regression, write-ahead saves, close) run under `lock`. A regression parks
     * the word at StateWord.PARKED (which every caller sends to the locked path) while it
     * saves the new timeline, then publishes it: no ID of the old timeline is made after the
     * new one is durable. close() parks it for good.
     */

    /** Longest single park while waiting for the clock. */
    private static final long MAX_PARK_NANOS = 16_000_000L;

    /** Default write-ahead horizon. */
    static final Duration DEFAULT_WRITE_AHEAD = Duration.ofSeconds(2);

    private static final VarHandle STATE;
    private static final VarHandle EXPLICIT_SEQ;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(GeneratorState.class, "state", long.class);
            EXPLICIT_SEQ = lookup.findVarHandle(SnoGenerator.class, "explicitSeq", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int partition;
    private final PartitionSource partitionSource;
    private final int seqMin;
    private final int seqMax;
    private final SnoClock clock;
    private final Stalls stalls;
    private final Duration maxRegressionWait;
    private final long maxWaitNanos;
    private final WriteAhead writeAhead;


    /** The sequence of nextWithTime: last value handed out. Accessed through EXPLICIT_SEQ. */
    @SuppressWarnings("unused")
    private volatile int explicitSeq;

    /** Serializes regressions, saves, snapshots and close(). */
    private final ReentrantLock lock = new ReentrantLock();

    /** Time unit at or before which a further regression is unsafe. Written under lock. */
    private volatile long wallSafe;

    /** Number of regressions tick-tocked at (unsigned). Written under lock. */
    private volatile int drifts;

    /** Set under lock by close(). */
    private volatile boolean closed;

    /** The state at close(); written under lock before closed is set. */
    private GeneratorSnapshot finalSnapshot;

    /** IDs made, counted at unit transitions. */
    private final IdCounter idCounter;

    /** Whether the first ID logs the random-partition line (PartitionNotice); read off the fast path. */
    private final boolean announce;

    /** Made by GeneratorAssembly, which then calls {@link #start()}. */
    SnoGenerator(RestoreRules.Restored r, PartitionSource source, boolean announce, SnoClock clock,
            Consumer<SequenceOverflowNotification> listener, Duration maxRegressionWait, SnoStateStore store,
            Duration writeAhead) {
        this.partition = r.partition();
        this.partitionSource = source;
        this.announce = announce;
        this.seqMin = r.seqMin();
        this.seqMax = r.seqMax();
        this.clock = clock;
        this.stalls = new Stalls(listener);
        this.maxRegressionWait = maxRegressionWait;
        this.maxWaitNanos = maxRegressionWait == null ? Long.MAX_VALUE : Parking.saturatedNanos(maxRegressionWait);
        this.state = r.word();
        this.idCounter = new IdCounter(seqMin, seqMax, r.word());
        this.explicitSeq = seqMin - 1;
        this.wallSafe = r.wallSafe();
        this.drifts = r.drifts();
        this.writeAhead = store == null ? null : new WriteAhead(this, store, lock, writeAhead.toMillis());
    }

    /** Starts the background writer, once this generator is fully constructed. */
    void start() {
        if (writeAhead != null) {
            writeAhead.start();
        }
    }

    /**
     * A generator with default settings: a {@linkplain PartitionSource#RANDOM random} partition
     * unique within this process (a random seed drawn once per process plus a counter; the
     * reference seeds from the clock instead), the full sequence pool 0..65535 and the system
     * clock. Its first ID logs one line saying that the partition is random, once per process.
     * Not coordinated with other processes: for more than one process, configure or lease a
     * partition (SPEC.md 8.3.1).
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
     * @throws StateStoreException if the ID needs a save to the state store and that save
     *     failed (or the store is still failing)
     * @throws CancellationException if the calling thread is interrupted while it has to wait
     * @throws IllegalStateException if the clock reads a time outside the range a generator
     *     can use, or the generator is closed
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
            long now = ClockUnits.unitOf(clock.millis());
            long unit = StateWord.unit(current);
            if (unit == now) {
                if (StateWord.seq(current) < seqMax) {
                    long prior = (long) STATE.getAndAdd(this, 1L);
                    if (StateWord.unit(prior) == now) {
                        long seq = StateWord.seq(prior) + 1;
                        if (seq <= seqMax) {
                            return SnoId.ofBits(StateWord.time(prior) | payload, (int) seq);
                        }
                        stall(now);
                    }
                } else {
                    stall(now);
                }
            } else if (now > unit) {
                admit(current, now);
                long next = now << StateWord.UNIT_SHIFT | (current & StateWord.TICK) | seqMin;
                if (STATE.compareAndSet(this, current, next)) {
                    left(current);
                    return SnoId.ofBits(StateWord.time(next) | payload, seqMin);
                }
            } else {
                Optional<SnoId> id = regress(payload);
                if (id.isPresent()) {
                    return id.get();
                }
            }
        }
    }

    /**
     * {@code count} new IDs with the current time and the given metabyte, in ascending order,
     * for bulk inserts: the same IDs, under the same uniqueness, stall, regression and
     * durability rules, as {@code count} calls of {@link #next}, reserved with one atomic
     * operation per time unit they touch. A batch larger than the rest of a unit's pool goes on
     * in the next unit (stalling until then, as {@link #next} does). If a clock regression falls
     * within the batch, its IDs are sorted, so the array is ascending all the same.
     *
     * @param meta   the metabyte, 0..255
     * @param count  how many IDs, zero or more
     * @return a new array of {@code count} IDs this generator has never returned before
     * @throws IllegalArgumentException if count is negative
     * @throws InvalidSnoIdException if meta is out of range
     * @throws ClockRegressionException as {@link #next} does; IDs reserved before are lost
     *     (never handed out), none is returned
     * @throws StateStoreException as {@link #next} does, likewise
     * @throws CancellationException as {@link #next} does, likewise
     * @throws IllegalStateException as {@link #next} does
     */
    public SnoId[] nextBatch(int meta, int count) {
        return BatchReservation.reserve(this, meta, count);
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
        checkOpen();
        int seq;
        for (;;) {
            int current = explicitSeq;
            seq = current >= seqMax ? seqMin : current + 1;
            if (EXPLICIT_SEQ.compareAndSet(this, current, seq)) {
                break;
            }
        }
        return SnoId.ofBits(units << StateWord.UNIT_SHIFT | (long) meta << 16 | partition, seq);
    }

    // ---------------------------------------------------------------------------------------
    // Package contract: the state word's protocol, for BatchReservation (nextBatch) and
    // WriteAhead, which use it besides next().
    // - stateWord() reads the word; only casState(expected, update) and the methods here move
    //   it, never a plain write from outside (casState counts the IDs of a unit it leaves).
    // - admit(expected, unit) before a compare-and-set moves the word from expected into a later
    //   unit: the write-ahead horizon must cover that unit (admit saves if it does not, or
    //   throws; it saves nothing if the word has left expected's unit, and the CAS then fails).
    // - stall(unit) parks while unit's pool is exhausted; regress(payload) handles a clock
    //   behind the word. After either, the caller reads the word and the clock again.
    // - record(...) and clockUnit() are WriteAhead's view of the generator; the lock serializes
    //   saves, regressions and close().

    /**
     * The regression branch, under the lock and with a fresh clock reading, so that a caller
     * whose reading went stale while it waited for the lock never acts on it.
     *
     * @return the first ID of the new timeline; or empty when the caller must start over (the
     *     clock was not, or is no longer, behind the word, or the unsafe past ended)
     */
    Optional<SnoId> regress(long payload) {
        long timeline;
        lock.lock();
        try {
            for (;;) {
                checkOpen();
                long current = state;
                long now = ClockUnits.unitOf(clock.millis());
                long high = StateWord.unit(current);
                if (now >= high) {
                    return Optional.empty(); // not (or no longer) a regression
                }
                if (now <= wallSafe) {
                    timeline = StateWord.time(current);
                    break; // the unsafe past: wait outside the lock
                }
                long parked = (long) STATE.getAndSet(this, StateWord.PARKED);
                if (StateWord.unit(parked) != high) {
                    state = parked; // a progression landed in between: look again
                    continue;
                }
                int drift = drifts + 1;
                if (writeAhead != null) {
                    try {
                        writeAhead.saveTimeline(now, high, drift);
                    } catch (RuntimeException e) {
                        state = parked;
                        throw e;
                    }
                }
                wallSafe = high;
                drifts = drift;
                long next = StateWord.of(now, drift, seqMin);
                state = next;
                idCounter.left(parked);
                return Optional.of(SnoId.ofBits(StateWord.time(next) | payload, seqMin));
            }
        } finally {
            lock.unlock();
        }
        awaitUnsafePast(timeline);
        return Optional.empty();
    }

    /**
     * The unsafe past: parks until the clock is back at the high mark of the given timeline
     * (state word bits 63..24), where that timeline simply continues, or past the safe mark,
     * where a regression is safe again, whichever comes first; or until another caller moves
     * the state.
     */
    private void awaitUnsafePast(long timeline) {
        long release = Math.min(StateWord.unit(timeline), wallSafe + 1);
        long start = System.nanoTime();
        for (;;) {
            checkOpen();
            Parking.checkInterrupt("waiting for the clock to leave the unsafe past");
            if (StateWord.time(state) != timeline) {
                return;
            }
            long millis = clock.millis();
            if (ClockUnits.unitOf(millis) >= release) {
                return;
            }
            long releaseMillis = ClockUnits.startMillis(release);
            long waitNanos = (releaseMillis - millis) * 1_000_000L;
            if (maxRegressionWait != null && waitNanos > maxWaitNanos - (System.nanoTime() - start)) {
                throw new ClockRegressionException(Instant.ofEpochMilli(millis), Instant.ofEpochMilli(releaseMillis),
                        maxRegressionWait);
            }
            LockSupport.parkNanos(this, Math.min(waitNanos, MAX_PARK_NANOS));
        }
    }

    /** The pool of unit is exhausted: park until the unit changes. */
    void stall(long unit) {
        stalls.await(this, unit);
    }

    void checkOpen() {
        if (closed) {
            throw new IllegalStateException("This SnoGenerator is closed");
        }
    }

    /**
     * With a state store, makes sure the state may move from expected into unit: saves first if
     * it must. Saves nothing when the state has left expected's unit or timeline meanwhile: the
     * caller's compare-and-set from expected then fails, and it starts over.
     */
    void admit(long expected, long unit) {
        WriteAhead w = writeAhead;
        if (w != null && !w.admits(unit)) {
            w.extendTo(expected, unit); // saves (or throws); then this caller may enter the unit
        }
    }

    long stateWord() {
        return state;
    }

    /** A progression from expected, which is then counted as left. */
    boolean casState(long expected, long update) {
        boolean done = STATE.compareAndSet(this, expected, update);
        if (done && StateWord.unit(update) != StateWord.unit(expected)) {
            left(expected);
        }
        return done;
    }

    /**
     * The state left the word's unit: counts its IDs; the first word of a fresh generator (0)
     * is left by its first ID, which announces a random partition.
     */
    private void left(long word) {
        idCounter.left(word);
        if (word == 0L && announce) {
            PartitionNotice.process().announce(partition);
        }
    }

    long clockMillis() {
        return clock.millis();
    }

    long clockUnit() {
        return ClockUnits.unitOf(clock.millis());
    }

    /** A write-ahead record of the current timeline; under lock. */
    GeneratorSnapshot record(long clockUnit, long horizon) {
        return record(clockUnit, horizon, wallSafe, drifts);
    }

    /**
     * A write-ahead record: wallHi is the horizon, its pool taken as used up (sequence is the
     * maximum, and now differs from wallHi), so a generator restored from it behaves as if it had
     * run up to the horizon.
     */
    GeneratorSnapshot record(long clockUnit, long horizon, long safe, int drift) {
        return new GeneratorSnapshot(partition, seqMin, seqMax, seqMax, clockUnit, horizon, safe,
                Integer.toUnsignedLong(drift));
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
     * Where this generator's partition came from: configured, leased, restored from a record,
     * or random (unique within this process only). {@code toString()} names it in lower case.
     *
     * @return the source, not null
     */
    public PartitionSource partitionSource() {
        return partitionSource;
    }

    /**
     * Tells whether {@link #close()} has been called; a closed generator makes no more IDs.
     *
     * @return true once closed
     */
    public boolean isClosed() {
        return closed;
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
    public int capacityPerUnit() {
        return seqMax - seqMin + 1;
    }

    /**
     * The number of IDs made in the current time unit, as far as the sequence shows:
     * 0 if the clock has left the generator's latest unit, at most {@link #capacityPerUnit()}.
     *
     * @return IDs made in the current unit
     * @throws IllegalStateException if the clock reads a time outside the range a generator can
     *     use
     */
    public int idsInCurrentUnit() {
        long now = clockUnit();
        long current = state;
        if (StateWord.unit(current) != now) {
            return 0;
        }
        return (int) Math.min(StateWord.seq(current) - seqMin + 1, capacityPerUnit());
    }

    /**
     * The number of IDs this generator has made with {@link #next} and {@link #nextBatch} since
     * it was built (not {@link #nextWithTime}), for metrics. It costs the fast path nothing: a
     * unit's IDs are counted from its final sequence when the generator leaves it. Under
     * concurrent use it is a sample, never decreasing; a sequence a caller reserved and then
     * gave up (a race with another caller moving to a new unit) counts as made.
     *
     * @return the count, never decreasing
     */
    public long idsGenerated() {
        return idCounter.total(() -> state);
    }

    /**
     * A snapshot of this generator's bookkeeping, in the reference's terms: {@code sequence} is
     * the last sequence handed out when the clock still reads {@code wallHi}, else
     * {@code sequenceMin}; {@code now} is the clock's current unit. Under concurrent use it is a
     * sample that is soon stale. After {@link #close()}, it is the state at closing.
     *
     * @return the snapshot
     * @throws IllegalStateException if the clock reads a time outside the range a generator can
     *     use
     */
    public GeneratorSnapshot snapshot() {
        lock.lock();
        try {
            if (closed) {
                return finalSnapshot;
            }
            return snapshotOf(state, clockUnit());
        } finally {
            lock.unlock();
        }
    }

    /** A snapshot of the given state word; call under lock. */
    private GeneratorSnapshot snapshotOf(long word, long now) {
        long high = StateWord.unit(word);
        long seq = now == high ? StateWord.seq(word) : seqMin;
        return new GeneratorSnapshot(partition, seqMin, seqMax, seq, now, high, wallSafe,
                Integer.toUnsignedLong(drifts));
    }

    /**
     * Closes the generator. With a state store, saves the exact final state there (waiting for
     * the save) and releases the store. Afterwards {@link #next} and {@link #nextWithTime} throw
     * {@link IllegalStateException} and {@link #snapshot()} returns the final state. Closing
     * twice does nothing.
     *
     * @throws UncheckedIOException if the final state cannot be saved; the generator and the
     *     store are closed all the same, and the store's last write-ahead record still covers
     *     every ID the generator made
     * @throws IllegalStateException if the clock reads a time outside the range a generator can
     *     use; the generator stays open then
     */
    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            long now = clockUnit();
            long word = (long) STATE.getAndSet(this, StateWord.PARKED);
            idCounter.left(word);
            finalSnapshot = snapshotOf(word, now);
            closed = true;
            if (writeAhead != null) {
                writeAhead.close(finalSnapshot);
            }
        } finally {
            lock.unlock();
        }
    }

    // ---------------------------------------------------------------------------------------
    // Builder

    /**
     * Configures a {@link SnoGenerator}. Not thread-safe; a builder can build several
     * generators (each with a state store of its own). No method accepts null.
     */
    public static final class Builder {

        // Package-private: read by GeneratorAssembly.
        Integer partition;
        int seqMin = 0;
        int seqMax = 0xFFFF;
        boolean rangeSet;
        SnoClock clock = SnoClock.system();
        Consumer<SequenceOverflowNotification> overflowListener;
        Duration maxRegressionWait;
        GeneratorSnapshot restore;
        Path snapshotFile;
        SnoStateStore store;
        Duration writeAhead;
        boolean announcePartition = true;

        private Builder() {
        }

        /**
         * Sets the partition. Without one (and without a restored state), the generator gets a
         * {@linkplain PartitionSource#RANDOM random} partition unique within this process, as
         * {@link SnoGenerator#create()} does, which is not coordinated with other processes.
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
         * gets a disjoint range. Bounds are inclusive; the pool must hold at least 4 values.
         * The default is 0..65535.
         *
         * @param min  the lower bound, 0..65535
         * @param max  the upper bound, min + 3..65535
         * @return this builder
         * @throws IllegalArgumentException if a bound is out of range, the bounds are in the
         *     wrong order, or the pool holds fewer than 4 values
         */
        public Builder sequenceRange(int min, int max) {
            if (min < 0 || min > 0xFFFF || max < 0 || max > 0xFFFF) {
                throw new IllegalArgumentException("sequence bounds must be in [0, 65535]: sequenceMin="
                        + min + ", sequenceMax=" + max);
            }
            if (min > max) {
                throw new IllegalArgumentException("sequenceMin must be <= sequenceMax: sequenceMin="
                        + min + ", sequenceMax=" + max);
            }
            RestoreRules.checkPool(min, max);
            this.seqMin = min;
            this.seqMax = max;
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
         * exception it throws goes to that thread's uncaught exception handler. The default is
         * none.
         *
         * @param listener  the listener, not null
         * @return this builder
         */
        public Builder overflowListener(Consumer<SequenceOverflowNotification> listener) {
            this.overflowListener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * Bounds how long {@link SnoGenerator#next} waits in the unsafe past for the clock to
         * return to the current timeline; beyond it, the call throws
         * {@link ClockRegressionException}. Without it (the default), callers wait as long as
         * it takes, as the reference does.
         *
         * @param maxWait  zero or positive, not null
         * @return this builder
         * @throws IllegalArgumentException if maxWait is negative
         */
        public Builder maxRegressionWait(Duration maxWait) {
            Objects.requireNonNull(maxWait, "maxWait");
            if (maxWait.isNegative()) {
                throw new IllegalArgumentException("maxRegressionWait must not be negative: maxRegressionWait="
                        + maxWait);
            }
            this.maxRegressionWait = maxWait;
            return this;
        }

        /**
         * Restores a generator from a snapshot: partition, sequence pool, sequence and clock
         * state come from it, following the reference's rules (SPEC.md 8.6). Cannot be combined
         * with {@link #partition}, {@link #sequenceRange}, {@link #snapshotFile} or
         * {@link #stateStore}.
         *
         * @param snapshot  the snapshot, not null
         * @return this builder
         */
        public Builder restore(GeneratorSnapshot snapshot) {
            this.restore = Objects.requireNonNull(snapshot, "snapshot");
            return this;
        }

        /**
         * Keeps the generator's state in a local file: {@link #build()} opens a
         * {@link FileStateStore} on it (locking it for the generator's lifetime) and restores
         * from it when it exists. Same as {@code stateStore(FileStateStore.open(file))}, except
         * that the file is opened by {@link #build()}. The partition and sequence pool, if set
         * here, must match the file's.
         *
         * @param file  the file, not null; its directory must exist when the generator is built
         * @return this builder
         */
        public Builder snapshotFile(Path file) {
            this.snapshotFile = Objects.requireNonNull(file, "file");
            return this;
        }

        /**
         * Keeps the generator's state in a store, which the generator then owns: it restores
         * from the store's record when there is one, saves a write-ahead record before making
         * IDs it does not cover, and closes the store on {@link SnoGenerator#close()}. The
         * partition and sequence pool, if set here, must match the record's.
         *
         * @param store  the store, not null
         * @return this builder
         */
        public Builder stateStore(SnoStateStore store) {
            this.store = Objects.requireNonNull(store, "store");
            return this;
        }

        /**
         * Sets how far ahead of its clock a generator with a state store saves its state: the
         * write-ahead horizon. A background writer renews it when 3/5 of it have passed on the
         * clock (every 1.2 s by default); a restart within the horizon tick-tocks (or, a
         * second time, waits until the clock reaches the previous horizon). The default is 2 s;
         * with a store that has a {@linkplain SnoStateStore#validity() validity} (a lease), it is
         * 5/9 of the validity, so that the renewal on the clock (3/5 of the horizon) falls together
         * with the renewal on {@link System#nanoTime()} (a third of the validity): one write does both.
         *
         * @param horizon  8 ms (two time units) to 1 hour, not null
         * @return this builder
         * @throws IllegalArgumentException if horizon is out of range
         */
        public Builder writeAhead(Duration horizon) {
            Objects.requireNonNull(horizon, "horizon");
            if (horizon.compareTo(Duration.ofMillis(2 * SnoId.UNIT_MILLIS)) < 0 || horizon.compareTo(Duration.ofHours(1)) > 0) {
                throw new IllegalArgumentException("writeAhead must be in [PT0.008S, PT1H]: writeAhead=" + horizon);
            }
            this.writeAhead = horizon;
            return this;
        }

        /**
         * Whether a generator with a {@linkplain PartitionSource#RANDOM random} partition logs,
         * on its first ID, the line that says so: once per process, through
         * {@link System.Logger} (logger {@code dev.sno.SnoGenerator}) at {@code INFO}. The
         * default is true. An application or framework that reports the partition itself (the
         * Spring starter, the CLI) turns it off; the process's line then counts as said, and
         * no later generator of the process logs it either.
         *
         * @param announce  whether to log the line
         * @return this builder
         */
        public Builder announcePartition(boolean announce) {
            this.announcePartition = announce;
            return this;
        }

        /**
         * Builds the generator.
         *
         * @return a new generator
         * @throws IllegalArgumentException if the settings contradict each other, a snapshot
         *     breaks the reference's rules, or the snapshot file's path is unusable (names no
         *     file, or its directory does not exist)
         * @throws IllegalStateException if the snapshot file is in use by another generator, in
         *     this process or another; or no partition was set and this process has been handed
         *     all 65,536 process-unique partitions
         * @throws UncheckedIOException if the stored state cannot be read, with a
         *     {@link SnapshotFileException} as the cause if the file is corrupt
         */
        public SnoGenerator build() {
            return GeneratorAssembly.build(this);
        }
    }
}
