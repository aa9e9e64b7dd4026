package dev.sno;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The persistence of a generator with a {@link SnoStateStore}: keeps a durable record that
 * covers every ID the generator may return (SPEC.md 8.7).
 *
 * <p>The record's {@code wallHi} is the <em>horizon</em>: a unit ahead of the clock up to which
 * the current timeline may make IDs. A caller may move the state into unit {@code u} only if
 * {@code u <= horizon} (and, for stores with a {@linkplain SnoStateStore#validity() validity},
 * before the last save's deadline); otherwise it saves a new horizon first, under the
 * generator's lock. A background writer renews the horizon when 3/5 of it have elapsed on the
 * generator's clock, so that in steady state no caller waits for I/O. Every save happens under
 * the generator's lock, which also serializes regressions and close: the record always
 * describes the timeline the state word is on.
 *
 * <p>A record's unit ({@code now}, and the horizon counted from it) is a clock reading of that
 * timeline too: the background writer reads the clock under the lock, and a caller's save is
 * made only while the state word is still on the unit and timeline the caller read before its
 * clock reading (else its compare-and-set fails anyway, and it starts over without saving). A
 * reading taken before a regression and saved after it (a writer or caller that read the clock
 * outside the lock and got the lock after the regression's save) gives a record that is still
 * safe to restore, but not exact:
 * <ul>
 *   <li>Its {@code wallSafe} and {@code drifts} are read under the lock, so they are the new
 *   timeline's: every ID on the other tick-tock bit lies at or before {@code wallSafe}, the old
 *   timeline's high mark (each timeline starts after the safe mark before it, which is the high
 *   mark of the timeline before that, so every earlier timeline of that bit lies below).</li>
 *   <li>Its {@code wallHi} is {@code max(horizon, state's unit, stale reading + write-ahead)}:
 *   never below the horizon that admits the new timeline's units, so it covers every ID of the
 *   current bit; only higher than needed, by as much as the clock went back.</li>
 *   <li>Its {@code sequence} is {@code sequenceMax}, so restore rules 5 and 6 and the Java fix
 *   (8.6) take unit {@code wallHi} as used up whatever {@code now} says, and a state store's
 *   restore does so anyway; rules 1 to 4 see the generator's own bounds.</li>
 *   <li>A generator restored from it with its clock after {@code wallHi} continues the current
 *   bit beyond every ID of it; at {@code wallHi} it waits for the next unit; between
 *   {@code wallSafe} and {@code wallHi} it tick-tocks onto the other bit, beyond every ID of that
 *   bit; at or before {@code wallSafe} it waits (the unsafe past). On the tick timeline and the
 *   tock timeline alike: the argument uses only the bit, not its value.</li>
 * </ul>
 * What the inflated {@code wallHi} costs is time: a restart with its clock on the new timeline
 * waits in the unsafe past until {@code min(wallHi, wallSafe + 1)}, which is the old timeline's
 * high mark instead of the new timeline's horizon, so up to the depth of the regression (beyond
 * an hour, {@code build()} refuses); and the writer, its renewal point inflated as much, renews
 * no more until the clock gets there. Hence the exact reading (SPEC.md 8.7, {@code
 * WriteAheadInterleavingTest}).
 */
final class WriteAhead implements Runnable {

    private static final System.Logger LOG = System.getLogger(SnoGenerator.class.getName());

    /** First retry after a failed background save; doubles up to the renewal interval. */
    private static final long FIRST_RETRY_NANOS = 50_000_000L;

    private static final long MIN_PARK_NANOS = 1_000_000L;

    private final SnoGenerator generator;
    private final SnoStateStore store;
    private final ReentrantLock lock;
    private final long aheadUnits;
    /** The renewal interval, 3/5 of the write-ahead: 1.2 s (0.83 saves per second) by default. */
    private final long renewUnits;
    private final long renewNanos;
    private final boolean fenced;
    private final long renewEveryNanos;
    private final long validityNanos;

    /** The highest unit the durable record covers; -1 before the first save. */
    private volatile long horizon = -1;

    /** The unit at which the horizon is renewed in the background. */
    private volatile long renewAt = -1;

    /** With a validity: the nanoTime after which no new unit may be entered without a save. */
    private volatile long deadlineNanos;

    /** With a validity: the nanoTime at which the background writer renews. */
    private volatile long renewByNanos;

    private volatile boolean requested;
    private volatile boolean stopped;
    private final Thread writer;

    /** The failure of the last save, null after a success; written under lock. */
    private Exception failure;

    /**
     * The horizon of a store that did not get one from its builder: 2 s; for a store with a
     * validity, 5/9 of it, so that the renewal on the clock (3/5 of the horizon, a third of the
     * validity) and the renewal on nanoTime (a third of the validity) are one write. A lease of
     * 30 s (validity 25 s) renews every 8.3 s.
     */
    static Duration defaultHorizon(SnoStateStore store) {
        return store == null ? SnoGenerator.DEFAULT_WRITE_AHEAD
                : store.validity().map(v -> {
                    Duration h = v.multipliedBy(5).dividedBy(9);
                    return h.toMillis() < 2 * SnoId.UNIT_MILLIS ? Duration.ofMillis(2 * SnoId.UNIT_MILLIS) : h;
                }).orElse(SnoGenerator.DEFAULT_WRITE_AHEAD);
    }

    WriteAhead(SnoGenerator generator, SnoStateStore store, ReentrantLock lock, long aheadMillis) {
        this.generator = generator;
        this.store = store;
        this.lock = lock;
        this.aheadUnits = Math.max(2, aheadMillis / SnoId.UNIT_MILLIS);
        this.renewUnits = Math.max(1, aheadUnits * 3 / 5);
        this.renewNanos = renewUnits * SnoId.UNIT_MILLIS * 1_000_000L;
        this.validityNanos = store.validity().map(Parking::saturatedNanos).orElse(Long.MAX_VALUE);
        this.fenced = validityNanos != Long.MAX_VALUE;
        this.renewEveryNanos = fenced ? Math.max(MIN_PARK_NANOS, validityNanos / 3) : Long.MAX_VALUE;
        this.renewByNanos = System.nanoTime(); // with a validity, the first renewal is due at once
        this.writer = new Thread(this, "sno-state-writer " + store);
        writer.setDaemon(true);
    }

    void start() {
        writer.start();
    }

    /**
     * Whether the state may move into the given unit without a save; asks the background
     * writer to renew once the unit reaches the renewal point. Called on the progression path,
     * at most once per unit per caller.
     */
    boolean admits(long unit) {
        if (unit >= renewAt && !requested) {
            requested = true;
            LockSupport.unpark(writer);
        }
        return unit <= horizon && (!fenced || deadlineNanos - System.nanoTime() > 0);
    }

    /**
     * A caller's clock reached the horizon (or the last save's validity ran out): save a new
     * horizon before it goes on. Returns normally when the caller may move the state into the
     * unit: a successful save proves the store still accepts this generator's records, even
     * if the save itself took longer than the validity. Saves nothing if the state word has
     * left the unit and timeline of {@code expected} since the caller read it (a regression, or
     * another caller's progression): the caller's reading may predate a regression, and its
     * compare-and-set from {@code expected} fails anyway.
     *
     * @param expected  the state word the caller read before its clock reading
     * @param unit      the caller's clock reading, a unit after expected's
     * @throws StateStoreException if the save fails, or the store is still failing
     */
    void extendTo(long expected, long unit) {
        lock.lock();
        try {
            generator.checkOpen();
            if (admits(unit)) {
                return; // another caller saved meanwhile
            }
            if (StateWord.time(generator.stateWord()) != StateWord.time(expected)) {
                return; // the state moved: the caller starts over with a fresh reading
            }
            failFast();
            renew(unit);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Saves the record of a new timeline (a regression) before its first ID; under lock.
     *
     * @param start     the first unit of the new timeline
     * @param wallSafe  the new safe mark
     * @param drifts    the new drift count
     */
    void saveTimeline(long start, long wallSafe, int drifts) {
        failFast();
        long target = Math.min(start + aheadUnits, StateWord.LAST_CLOCK_UNIT);
        try {
            save(generator.record(start, target, wallSafe, drifts), target);
        } catch (StateStoreException e) {
            // The store may have applied the record and only the answer been lost (a timeout
            // after the commit): the durable record may then name the new timeline, whose safe
            // mark is the current high mark, while the generator stays on the old one. Entering
            // new units of the old timeline on its old horizon would use units that record
            // counts as free on that tick-tock bit, so a later holder restoring it could make
            // them again (found by the lease model with etcd's two-step renewal). No new unit
            // until a save on the current timeline succeeds and rewrites the record; the
            // background writer makes it once the clock is back past the high mark.
            horizon = Math.min(horizon, wallSafe);
            renewAt = Math.min(renewAt, wallSafe);
            throw e;
        }
    }

    /** Saves the final record and releases the store; under lock, after the state is parked. */
    void close(GeneratorSnapshot last) {
        stopped = true;
        LockSupport.unpark(writer);
        Exception error = null;
        try {
            store.save(last);
        } catch (dev.sno.lease.LeaseLostException e) {
            // Nothing to save and nothing hidden: the lease's new holder restored from the last
            // record this generator saved, which covers every ID it made, and the loss was
            // reported when it happened (LeaseListener.leaseLost, the WARNING below).
            LOG.log(Level.INFO, "Closed the sno generator of the " + e.lease() + " after the lease was lost;"
                    + " its final state was not saved (the new holder's record covers every ID it made)");
        } catch (IOException | RuntimeException e) {
            error = e;
        }
        try {
            store.close();
        } catch (IOException | RuntimeException e) {
            if (error == null) {
                error = e;
            } else {
                error.addSuppressed(e);
            }
        }
        if (error instanceof IOException) {
            throw new UncheckedIOException("Could not save the final state of the sno generator to " + store
                    + " (the last write-ahead record still covers every ID it made): " + error, (IOException) error);
        }
        if (error != null) {
            throw new IllegalStateException("Could not save the final state of the sno generator to " + store
                    + " (the last write-ahead record still covers every ID it made): " + error, error);
        }
    }

    /** While the store fails, callers fail at once and leave the retries to the writer. */
    private void failFast() {
        if (failure != null) {
            throw new StateStoreException("The last save to the " + store + " failed (" + failure
                    + "); no ID can be made beyond what is durable until a save succeeds (retrying in the background)",
                    failure);
        }
    }

    /**
     * Saves a horizon of aheadUnits past the given unit, within the current timeline; under
     * lock. Never below the state's own high mark: after a restore, that is the restored
     * record's horizon, which must stay covered although nothing was saved yet.
     */
    private void renew(long unit) {
        long target = Math.max(Math.max(horizon, StateWord.unit(generator.stateWord())),
                Math.min(unit + aheadUnits, StateWord.LAST_CLOCK_UNIT));
        save(generator.record(unit, target), target);
    }

    private void save(GeneratorSnapshot record, long target) {
        long start = System.nanoTime();
        try {
            store.save(record);
        } catch (IOException | RuntimeException e) {
            if (failure == null) {
                LOG.log(Level.WARNING, "Could not save to the " + store + " (" + e + "); IDs in new time units"
                        + " wait for a successful save (retrying in the background)");
            }
            failure = e;
            throw new StateStoreException("Could not save the state of the sno generator to the " + store + ": " + e, e);
        }
        if (failure != null) {
            failure = null;
            LOG.log(Level.INFO, "Saving to the " + store + " works again");
        }
        horizon = target;
        renewAt = target - aheadUnits + renewUnits;
        if (fenced) {
            deadlineNanos = start + validityNanos;
            renewByNanos = start + renewEveryNanos;
        }
    }

    /** The background writer. */
    @Override
    public void run() {
        long backoff = 0;
        while (!stopped) {
            if (!requested) {
                LockSupport.parkNanos(this, backoff > 0 ? backoff : parkNanos());
            }
            requested = false;
            lock.lock();
            try {
                if (stopped) {
                    return;
                }
                // Under the lock, which a regression holds from its clock reading to its save: a
                // reading taken before the lock could predate a regression saved meanwhile, and
                // would inflate the new timeline's record by the regression's depth.
                long now = generator.clockUnit();
                if (backoff == 0 && !due(now)) {
                    continue;
                }
                renew(now);
                backoff = 0;
            } catch (IllegalStateException outOfRangeOrFailed) { // a clock outside the range; a StateStoreException
                backoff = nextBackoff(backoff);
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * Whether the background writer saves at this unit; under lock. On the clock, not before
     * the first record of this generator, which the first caller saves (so nothing is written
     * to a file before the first ID), unless that save failed and is retried here; with a
     * validity, also when the renewal on nanoTime is due (at once after the start, then every
     * third of the validity), which keeps a lease renewed before the first ID too.
     */
    private boolean due(long now) {
        return now >= renewAt && (horizon >= 0 || failure != null)
                || fenced && System.nanoTime() - renewByNanos >= 0;
    }

    private long nextBackoff(long backoff) {
        return backoff == 0 ? FIRST_RETRY_NANOS : Math.min(backoff * 2, Math.max(FIRST_RETRY_NANOS, renewNanos));
    }

    /** Until the clock reaches the renewal point, assuming it runs at about real time. */
    private long parkNanos() {
        long nanos = renewNanos;
        long at = renewAt;
        if (at >= 0) {
            long millis = ClockUnits.startMillis(at) - generator.clockMillis();
            nanos = Math.min(nanos, Math.max(0, millis) * 1_000_000L);
        }
        if (fenced) {
            nanos = Math.min(nanos, renewByNanos - System.nanoTime());
        }
        return Math.max(MIN_PARK_NANOS, nanos);
    }
}
