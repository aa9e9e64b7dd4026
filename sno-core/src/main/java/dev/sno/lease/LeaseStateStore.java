package dev.sno.lease;

import dev.sno.GeneratorSnapshot;
import dev.sno.SnoStateStore;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The lease as a generator's state store: {@link #load()} gives the state the record held when
 * the lease was acquired, {@link #save} writes a new state and renews the lease (conditional on
 * holder and epoch), {@link #validity()} is the lease duration minus a safety margin, and
 * {@link #close()} frees the lease.
 *
 * <p>The holder's side of the protocol is a small state machine, changed only in
 * {@link #enter}: HELD (the last write succeeded), FAILING (the last write failed; the generator
 * stops at its fence deadline unless a retry succeeds), LOST (a write was rejected: another
 * holder has the partition; final), RELEASED (closed; final).
 */
final class LeaseStateStore implements SnoStateStore, LeaseStore.Watcher {

    enum Phase { HELD, FAILING, LOST, RELEASED }

    private final LeaseStore store;
    private final PartitionLease lease;
    private final String token;
    private final GeneratorSnapshot initial;
    private final Duration leaseDuration;
    private final Duration validity;
    private final long minWaitNanos;
    private final LeaseListener listener;
    private final ExecutorService calls;

    /** The last store call; the next may start only once it has returned. */
    private Future<Boolean> inFlight;

    /** The nanoTime at which the last successful save (or the acquisition) started. */
    private long lastSuccessStart = System.nanoTime();

    /** Written only in enter(), under this object's lock. */
    private volatile Phase phase = Phase.HELD;

    /** Ends the store's watch of this lease ({@link LeaseStore#watch}). */
    private final Runnable unwatch;

    private LeaseLostException lost;

    /** The high mark and timeline (drifts) of the state loaded from the record, if any. */
    private final long floorHi;
    private final long floorDrifts;

    LeaseStateStore(LeaseStore store, PartitionLease lease, String token, GeneratorSnapshot initial,
            Duration leaseDuration, Duration validity, LeaseListener listener) {
        this.store = store;
        this.lease = lease;
        this.token = token;
        this.initial = initial;
        this.leaseDuration = leaseDuration;
        this.validity = validity;
        this.minWaitNanos = validity.toNanos() / 3;
        this.listener = listener;
        this.calls = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "sno-lease " + lease.namespace() + "/" + lease.partition());
            t.setDaemon(true);
            return t;
        });
        this.floorHi = initial == null ? -1 : initial.wallHi();
        this.floorDrifts = initial == null ? -1 : initial.drifts();
        this.unwatch = store.watch(lease, token, this);
    }

    @Override
    public void connectionFailed(Exception cause) {
        enterIf(Phase.HELD, Phase.FAILING, cause);
    }

    @Override
    public void lost() {
        LeaseLostException e = new LeaseLostException(lease);
        enterIf(Phase.HELD, Phase.LOST, e);
        enterIf(Phase.FAILING, Phase.LOST, e);
    }

    @Override
    public void reconnected() {
        enterIf(Phase.FAILING, Phase.HELD, null);
    }

    /** A store's news: changes the phase only from the one given. */
    private void enterIf(Phase from, Phase next, Exception cause) {
        if (phase == from) {
            enter(next, cause, from);
        }
    }

    /**
     * The record's state, with the pool of its last unit taken as used up. A closing holder writes
     * its exact final state (the last unit and sequence it used); were a new holder to continue
     * in that unit at the next sequence, it would hand out IDs before writing anything, and a
     * later holder restoring the same record could hand them out again (found by the model,
     * LeaseModelTest). So a new holder always saves before its first ID: a later unit needs a
     * new horizon, an earlier one a tick-tock, and the last unit itself costs at most a 4 ms
     * wait.
     */
    @Override
    public Optional<GeneratorSnapshot> load() {
        GeneratorSnapshot s = initial;
        if (s == null) {
            return Optional.empty();
        }
        return Optional.of(new GeneratorSnapshot(s.partition(), s.sequenceMin(), s.sequenceMax(),
                Math.max(s.sequenceMin(), s.sequenceMax()), s.now(), s.wallHi(), s.wallSafe(), s.drifts()));
    }

    @Override
    public void save(GeneratorSnapshot record) throws IOException {
        if (phase == Phase.LOST) {
            throw lost;
        }
        if (phase == Phase.RELEASED) {
            throw new IOException("The " + lease + " was released");
        }
        GeneratorSnapshot r = atLeastFloor(record);
        boolean written;
        long start = System.nanoTime();
        try {
            written = call(() -> store.renew(lease, token, leaseDuration, r), "renew");
        } catch (IOException e) {
            enter(Phase.FAILING, e);
            throw e;
        }
        if (!written) {
            LeaseLostException e = new LeaseLostException(lease);
            enter(Phase.LOST, e);
            throw e;
        }
        lastSuccessStart = start;
        enter(Phase.HELD, null);
    }

    /**
     * Never lowers the high mark the record keeps for a timeline. A generator restored from the
     * record with its clock behind the record's high mark renews with a horizon ahead of its clock
     * (below that mark) until its first call tick-tocks; written as is, the record would forget the
     * units the previous holder used on that timeline, and a later holder restoring it could
     * use them again on the same tick-tock bit (found by the model, LeaseModelTest). A record
     * raised here covers more than the generator used, which only makes later holders more
     * careful. Records of a later timeline, and the exact final state written on close (whose
     * high mark is at least the loaded one on the loaded timeline), pass unchanged.
     */
    private GeneratorSnapshot atLeastFloor(GeneratorSnapshot r) {
        if (r.drifts() != floorDrifts || r.wallHi() >= floorHi) {
            return r;
        }
        return new GeneratorSnapshot(r.partition(), r.sequenceMin(), r.sequenceMax(),
                Math.max(r.sequenceMin(), r.sequenceMax()), r.now(), floorHi, r.wallSafe(), r.drifts());
    }

    /** The partition is this lease's: the generator reports it as {@code LEASED}. */
    @Override
    public boolean leasesPartition() {
        return true;
    }

    @Override
    public Optional<Duration> validity() {
        return Optional.of(validity);
    }

    /** Frees the lease; a lost lease has nothing to free. */
    @Override
    public void close() throws IOException {
        if (phase == Phase.LOST || phase == Phase.RELEASED) {
            unwatch.run();
            calls.shutdown();
            return;
        }
        try {
            boolean released;
            try {
                released = call(() -> store.release(lease, token), "release");
            } catch (IOException e) {
                throw new IOException("Could not release the " + lease + " (it expires by itself): " + e.getMessage(), e);
            }
            if (!released) {
                LeaseLostException e = new LeaseLostException(lease);
                enter(Phase.LOST, e);
                throw e;
            }
            enter(Phase.RELEASED, null);
        } finally {
            unwatch.run();
            calls.shutdown();
        }
    }

    /**
     * Runs one store call on this lease's thread, waiting until the fence deadline of the last
     * successful save, or a third of the validity once it has passed; fails at once while the
     * previous call has not returned. Called under the generator's lock.
     */
    private boolean call(Callable<Boolean> work, String what) throws IOException {
        if (inFlight != null && !inFlight.isDone()) {
            throw new IOException("The previous call to the " + store + " for the " + lease + " has not returned"
                    + " yet; not starting another");
        }
        long waitNanos = Math.max(minWaitNanos, lastSuccessStart + validity.toNanos() - System.nanoTime());
        Future<Boolean> f;
        try {
            f = calls.submit(work);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            throw new IOException("The " + lease + " was released", e);
        }
        inFlight = f;
        try {
            return f.get(waitNanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new IOException("The " + store + " did not answer the " + what + " of the " + lease + " within "
                    + Duration.ofNanos(waitNanos).toMillis() + " ms, by the lease's fence deadline", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IOException io) {
                throw io;
            }
            if (c instanceof RuntimeException re) {
                throw re;
            }
            throw new IOException("The " + what + " of the " + lease + " failed: " + c, c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted while waiting for the " + what + " of the " + lease);
        }
    }

    /** The one place the phase changes; tells the listener about changes it cares for. */
    private void enter(Phase next, Exception cause) {
        enter(next, cause, null);
    }

    /**
     * Changes the phase (only from {@code from}, unless null), under this object's lock, since a
     * store's news ({@link LeaseStore.Watcher}) comes from its own threads. LOST and RELEASED are
     * final: a renewal answered after the store said the lease was lost changes nothing. The
     * listener is told outside the lock.
     */
    private void enter(Phase next, Exception cause, Phase from) {
        Phase previous;
        synchronized (this) {
            previous = phase;
            if ((from != null && previous != from) || previous == Phase.LOST || previous == Phase.RELEASED) {
                return;
            }
            if (next == Phase.LOST) {
                lost = (LeaseLostException) cause;
            }
            phase = next;
        }
        if (next == Phase.LOST || next == Phase.RELEASED) {
            unwatch.run();
        }
        if (listener == null || previous == next) {
            return;
        }
        try {
            if (next == Phase.FAILING) {
                listener.renewalFailed(lease, cause);
            } else if (next == Phase.LOST) {
                listener.leaseLost(lease, lost);
            } else if (next == Phase.HELD && previous == Phase.FAILING) {
                listener.leaseRecovered(lease);
            }
        } catch (RuntimeException e) {
            Thread t = Thread.currentThread();
            t.getUncaughtExceptionHandler().uncaughtException(t, e);
        }
    }

    @Override
    public String toString() {
        return lease.toString();
    }
}
