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

    LeaseStateStore(LeaseSql sql, PartitionLease lease, String token, GeneratorSnapshot initial, Duration validity,
            LeaseListener listener) {
        this.sql = sql;
        this.lease = lease;
        this.token = token;
        this.initial = initial;
        this.validity = validity;
        this.listener = listener;
    }

    PartitionLease lease() {
        return lease;
    }

    Phase phase() {
        return phase;
    }

    @Override
    public Optional<GeneratorSnapshot> load() {
        return Optional.ofNullable(initial);
    }

    @Override
    public void save(GeneratorSnapshot record) throws IOException {
        if (phase == Phase.LOST) {
            throw lost;
        }
        if (phase == Phase.RELEASED) {
            throw new IOException("The " + lease + " was released");
        }
        int updated;
        try {
            updated = sql.save(lease, token, record);
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
