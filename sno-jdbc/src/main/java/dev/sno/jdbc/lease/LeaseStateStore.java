package dev.sno.jdbc.lease;

import dev.sno.GeneratorSnapshot;
import dev.sno.SnoStateStore;
import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;

/**
 * The lease row as a generator's state store: {@link #load()} gives the state the row held when
 * the lease was acquired, {@link #save} writes a new state and renews the lease (conditional on
 * holder and epoch), {@link #validity()} is the lease duration minus a safety margin, and
 * {@link #close()} frees the lease.
 *
 * <p>The holder's side of the protocol is a small state machine, changed only in
 * {@link #enter}: HELD (the last write succeeded), FAILING (the last write failed; the generator
 * stops at its fence deadline unless a retry succeeds), LOST (a write updated no row: another
 * holder has the partition; final), RELEASED (closed; final).
 */
final class LeaseStateStore implements SnoStateStore {

    enum Phase { HELD, FAILING, LOST, RELEASED }

    private final LeaseSql sql;
    private final PartitionLease lease;
    private final String token;
    private final GeneratorSnapshot initial;
    private final Duration validity;
    private final LeaseListener listener;

    /** Written only in enter(), which the generator calls under its lock. */
    private volatile Phase phase = Phase.HELD;

    private LeaseLostException lost;

    /** The high mark and timeline (drifts) of the state loaded from the row, if any. */
    private final long floorHi;
    private final long floorDrifts;

    LeaseStateStore(LeaseSql sql, PartitionLease lease, String token, GeneratorSnapshot initial, Duration validity,
            LeaseListener listener) {
        this.sql = sql;
        this.lease = lease;
        this.token = token;
        this.initial = initial;
        this.validity = validity;
        this.listener = listener;
        this.floorHi = initial == null ? -1 : initial.wallHi();
        this.floorDrifts = initial == null ? -1 : initial.drifts();
    }

    /**
     * The row's state, with the pool of its last unit taken as used up. A closing holder writes
     * its exact final state (the last unit and sequence it used); were a new holder to continue
     * in that unit at the next sequence, it would hand out IDs before writing anything, and a
     * later holder restoring the same row could hand them out again (found by the model,
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
        int updated;
        try {
            updated = sql.save(lease, token, r);
        } catch (SQLException e) {
            enter(Phase.FAILING, e);
            throw new IOException("Could not renew the " + lease + ": " + e.getMessage(), e);
        }
        if (updated != 1) {
            LeaseLostException e = new LeaseLostException(lease);
            enter(Phase.LOST, e);
            throw e;
        }
        enter(Phase.HELD, null);
    }

    /**
     * Never lowers the high mark the row records for a timeline. A generator restored from the
     * row with its clock behind the row's high mark renews with a horizon ahead of its clock
     * (below that mark) until its first call tick-tocks; written as is, the row would forget the
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
            return;
        }
        try {
            if (sql.release(lease, token) != 1) {
                LeaseLostException e = new LeaseLostException(lease);
                enter(Phase.LOST, e);
                throw e;
            }
        } catch (SQLException e) {
            throw new IOException("Could not release the " + lease + " (it expires by itself): " + e.getMessage(), e);
        }
        enter(Phase.RELEASED, null);
    }

    /** The one place the phase changes; tells the listener about changes it cares for. */
    private void enter(Phase next, Exception cause) {
        Phase previous = phase;
        if (next == Phase.LOST) {
            lost = (LeaseLostException) cause;
        }
        phase = next;
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
