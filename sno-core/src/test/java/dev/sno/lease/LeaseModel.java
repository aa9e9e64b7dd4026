package dev.sno.lease;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * An explicit-state model of the lease protocol (SPEC.md 11.5), explored exhaustively for small
 * bounds: the store's record of a partition (a database row or a Redis hash: epoch, holder, expiry
 * in the store's time, the generator record), and processes that acquire it, renew it with
 * epoch-fenced writes of their write-ahead record, make IDs by the generator's rules (progression
 * within the durable horizon, tick-tock on a regression saved before its first ID, waiting in the
 * unsafe past), fence themselves at their deadline, close, crash, have their clocks skewed and
 * stepped back, and are delayed arbitrarily (any interleaving: a process that does not act is
 * paused). Time is integer; one step is one 4 ms unit.
 *
 * <p>Checked invariants: no ID (unit, tick-tock bit, sequence) is returned twice; with fencing,
 * never two live holders (holders before their fence deadline) at once. {@link Mutation}s break
 * one rule each, so the test can show the checker finds the violation it should. {@link Store}
 * chooses whose rules decide expiry and how a renewal reaches the store.
 */
final class LeaseModel {

    /** One broken rule, or none. */
    enum Mutation {
        NONE,
        /** Writes are not conditional on the epoch: a zombie overwrites the row. */
        UNFENCED_WRITES,
        /** IDs beyond the durable horizon: the write-ahead rule is ignored. */
        NO_WRITE_AHEAD,
        /** A new holder starts fresh instead of restoring the row's state. */
        NO_RESTORE,
        /** Acquisition ignores expiry: a held lease is taken. */
        NO_EXPIRY,
        /**
         * A new holder continues the last unit of a closed holder's exact final state at the next
         * sequence, before saving anything (the generator's own restore rule, which the lease
         * store overrides).
         */
        CONTINUE_CLOSED_UNIT,
        /**
         * The store writes records as the generator makes them, also a renewal whose horizon is
         * below the high mark restored from the row (a clock behind it, before the first
         * tick-tock); LeaseStateStore raises it to that mark.
         */
        NO_FLOOR,
        /**
         * etcd ({@link Store#ETCD}): the etcd lease's TTL is below the fence interval (fence - 1
         * units; a TTL rounded down), at the acquisition and at every keep-alive.
         */
        SHORT_TTL,
        /**
         * etcd ({@link Store#ETCD}): the fence deadline counts from the end of the renewal (its
         * answer) instead of its start.
         */
        FENCE_FROM_END,
        /**
         * etcd: a tick-tock save that failed (no answer, or lost) leaves the generator its
         * horizon on the old timeline, although the store may have applied the save's record,
         * which names the new timeline with the safe mark at the old high mark (so a later holder
         * may tick-tock back onto the old timeline's bit above that mark).
         */
        HORIZON_AFTER_FAILED_TICK_TOCK
    }

    /** Whose rules decide expiry, and how a renewal reaches the store. */
    enum Store {
        /**
         * A database or Redis (SPEC.md 11.2): a save is one conditional write that also extends
         * the lease by the store's clock, and heals a lease that expired if nobody took it.
         */
        CLOCK,
        /**
         * ZooKeeper (SPEC.md 11.8): the client pings a live holder's session between renewals,
         * anywhere in the interleaving; a save after the session expired is refused (no healing).
         */
        SESSIONS,
        /**
         * etcd (SPEC.md 11.9): the holder key lives on an etcd lease that the server expires TTL
         * (= the lease duration) after the last keep-alive it received; no pings. A renewal (and
         * the tick-tock save, which is one) is two server steps, anything interleaved between
         * them: (a) a transaction writes the record iff the holder key holds this holder's epoch,
         * extending nothing; (b) a keep-alive restarts the TTL from the server's receipt iff the
         * etcd lease lives, else the renewal returns false (lost: no healing). The holder takes
         * the new horizon (and a tick-tock its ID) only at the answer after both, with the fence
         * deadline counted from the renewal's start, the time of (a). A renewal may also fail
         * without an answer (a timeout, a broken link) after (a) or (b): nothing taken, not lost.
         * After a failed tick-tock save (no answer, or lost) the holder enters no new unit of its
         * old timeline before a save succeeds (its horizon drops to its high mark): the record
         * may already name the new timeline.
         * While a renewal is in flight the holder may still make IDs by its previous horizon and
         * deadline (a timed-out call goes on in the background), but starts no other store call
         * (LeaseStateStore.call), so it neither saves, tick-tocks nor closes; during a tick-tock
         * save it makes no IDs (it is inside next()). The server revokes an expired etcd lease
         * (deleting the holder key) at any time after expiry, at the latest when the partition
         * is acquired again, so a holder's transaction after expiry may succeed or fail.
         */
        ETCD
    }

    /** The bounds of one exploration. */
    record Bounds(int processes, int maxTime, int lease, int fence, int writeAhead, int capacity, int[] skews,
            int[] stepsBack, int[] backBy, int acquisitions, boolean fencing, Mutation mutation, Store store) {

        /** The bounds of a store whose leases expire by its clock (a database, Redis). */
        Bounds(int processes, int maxTime, int lease, int fence, int writeAhead, int capacity, int[] skews,
                int[] stepsBack, int[] backBy, int acquisitions, boolean fencing, Mutation mutation) {
            this(processes, maxTime, lease, fence, writeAhead, capacity, skews, stepsBack, backBy, acquisitions, fencing,
                    mutation, Store.CLOCK);
        }

        /** The bounds of a store whose leases expire by its clock, or of sessions (ZooKeeper). */
        Bounds(int processes, int maxTime, int lease, int fence, int writeAhead, int capacity, int[] skews,
                int[] stepsBack, int[] backBy, int acquisitions, boolean fencing, Mutation mutation, boolean sessions) {
            this(processes, maxTime, lease, fence, writeAhead, capacity, skews, stepsBack, backBy, acquisitions, fencing,
                    mutation, sessions ? Store.SESSIONS : Store.CLOCK);
        }
    }

    /** The outcome: states explored, and the first violation found (or null). */
    record Result(long states, long transitions, String violation) {
    }

    // Layout of a state: globals, then one block per process.
    private static final int T = 0;
    private static final int ROW_EPOCH = 1;
    private static final int ROW_HOLDER = 2;
    private static final int ROW_EXPIRES = 3;
    private static final int REC_HAS = 4;
    private static final int REC_HI = 5;
    private static final int REC_SEQ = 6;
    private static final int REC_NOW = 7;
    private static final int REC_SAFE = 8;
    private static final int REC_DRIFTS = 9;
    private static final int GLOBALS = 10;

    private static final int PHASE = 0;
    private static final int EPOCH = 1;
    private static final int SKEW = 2;
    private static final int STEPS = 3;
    private static final int ACQUIRES = 4;
    private static final int HI = 5;
    private static final int SEQ = 6;
    private static final int SAFE = 7;
    private static final int DRIFTS = 8;
    private static final int HORIZON = 9;
    private static final int DEADLINE = 10;
    private static final int FLOOR_HI = 11;
    private static final int FLOOR_DRIFTS = 12;
    /** etcd: 0 no renewal in flight, 1 record written (a), 2 kept alive (b), answer pending. */
    private static final int PEND = 13;
    /** etcd: 1 if the renewal in flight is a tick-tock save. */
    private static final int PEND_TICK_TOCK = 14;
    /** etcd: the time of (a), the renewal's start (latest possible). */
    private static final int PEND_START = 15;
    /** etcd: the horizon the record written at (a) covers. */
    private static final int PEND_HORIZON = 16;
    private static final int K = 17;

    private static final int IDLE = 0;
    private static final int HOLD = 1;
    private static final int LOST = 2;

    /** Clocks read t + skew + OFFSET, so that unit 0 is the far past a fresh generator starts from. */
    private static final int OFFSET = 5;

    private final Bounds b;

    private LeaseModel(Bounds bounds) {
        this.b = bounds;
    }

    /** Explores every reachable state; stops at the first violation. */
    static Result check(Bounds bounds) {
        return new LeaseModel(bounds).explore();
    }

    /** A state: the fields above and the set of IDs returned so far (bit unit*4 + tick*2 + seq). */
    private record State(int[] s, long issued) {
        @Override
        public boolean equals(Object o) {
            return o instanceof State x && x.issued == issued && Arrays.equals(x.s, s);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(s) * 31 + Long.hashCode(issued);
        }
    }

    private Result explore() {
        int[] init = new int[GLOBALS + K * b.processes()];
        init[ROW_HOLDER] = -1;
        for (int p = 0; p < b.processes(); p++) {
            init[GLOBALS + p * K + SKEW] = b.skews()[p];
            init[GLOBALS + p * K + STEPS] = b.stepsBack()[p];
            init[GLOBALS + p * K + ACQUIRES] = b.acquisitions();
        }
        Set<State> seen = new HashSet<>();
        ArrayDeque<State> queue = new ArrayDeque<>();
        State start = new State(init, 0L);
        seen.add(start);
        queue.add(start);
        long transitions = 0;
        while (!queue.isEmpty()) {
            State st = queue.poll();
            for (Step step : successors(st)) {
                transitions++;
                if (step.violation != null) {
                    return new Result(seen.size(), transitions, step.violation + " in " + describe(st.s()));
                }
                String live = liveHolders(step.state.s());
                if (live != null) {
                    return new Result(seen.size(), transitions, live + " after " + step.action + " in " + describe(st.s()));
                }
                if (seen.add(step.state)) {
                    queue.add(step.state);
                }
            }
        }
        return new Result(seen.size(), transitions, null);
    }

    private record Step(String action, State state, String violation) {
    }

    private java.util.List<Step> successors(State st) {
        java.util.List<Step> out = new java.util.ArrayList<>();
        int[] s = st.s();
        if (s[T] < b.maxTime()) {
            int[] n = s.clone();
            n[T]++;
            out.add(new Step("tick", new State(n, st.issued()), null));
        }
        if (b.store() == Store.ETCD && s[ROW_HOLDER] >= 0 && s[ROW_EXPIRES] <= s[T]) {
            int[] n = s.clone();
            n[ROW_HOLDER] = -1;
            out.add(new Step("etcd revokes the expired lease of p" + s[ROW_HOLDER], new State(n, st.issued()), null));
        }
        for (int p = 0; p < b.processes(); p++) {
            int o = GLOBALS + p * K;
            if (s[o + PHASE] == IDLE) {
                acquire(st, p, o, out);
            } else {
                boolean idle = s[o + PEND] == 0;
                if (!idle) {
                    inFlight(st, p, o, out);
                }
                if (s[o + PEND_TICK_TOCK] == 0) {
                    next(st, p, o, out);
                }
                if (idle) {
                    save(st, p, o, out);
                }
                if (b.store() == Store.SESSIONS) {
                    ping(st, p, o, out);
                }
                crash(st, p, o, out);
                if (s[o + PHASE] == HOLD && idle) {
                    close(st, p, o, out);
                }
            }
            if (s[o + STEPS] > 0) {
                for (int back : b.backBy()) {
                    int[] n = s.clone();
                    n[o + STEPS]--;
                    n[o + SKEW] -= back;
                    out.add(new Step("p" + p + " clock steps back " + back, new State(n, st.issued()), null));
                }
            }
        }
        return out;
    }

    private int clock(int[] s, int o) {
        return Math.max(1, s[T] + s[o + SKEW] + OFFSET);
    }

    private void acquire(State st, int p, int o, java.util.List<Step> out) {
        int[] s = st.s();
        boolean free = s[ROW_HOLDER] < 0 || s[ROW_EXPIRES] <= s[T] || b.mutation() == Mutation.NO_EXPIRY;
        if (s[o + ACQUIRES] == 0 || !free) {
            return;
        }
        int[] n = s.clone();
        n[ROW_EPOCH]++;
        n[ROW_HOLDER] = p;
        n[ROW_EXPIRES] = s[T] + ttl();
        n[o + PHASE] = HOLD;
        n[o + EPOCH] = n[ROW_EPOCH];
        n[o + ACQUIRES]--;
        if (s[REC_HAS] == 1 && b.mutation() != Mutation.NO_RESTORE) {
            // Continue at the record's high mark with its pool used up (LeaseStateStore.load); the
            // generator's own rule would continue a closed holder's last unit at the next sequence.
            n[o + HI] = s[REC_HI];
            n[o + SEQ] = b.mutation() == Mutation.CONTINUE_CLOSED_UNIT && s[REC_NOW] == s[REC_HI] ? s[REC_SEQ]
                    : b.capacity() - 1;
            n[o + SAFE] = s[REC_SAFE];
            n[o + DRIFTS] = s[REC_DRIFTS];
        } else {
            n[o + HI] = 0;
            n[o + SEQ] = 0;
            n[o + SAFE] = 0;
            n[o + DRIFTS] = 0;
        }
        n[o + HORIZON] = -1;
        n[o + DEADLINE] = -1;
        n[o + FLOOR_HI] = n[o + HI];
        n[o + FLOOR_DRIFTS] = n[o + DRIFTS];
        out.add(new Step("p" + p + " acquires", new State(n, st.issued()), null));
    }

    /**
     * ZooKeeper (SPEC.md 11.8): the client library keeps a live holder's session alive between
     * renewals, so the store's expiry moves on while the process runs, whenever it runs (any
     * interleaving: a paused process pings nothing). An expired session stays expired.
     */
    private void ping(State st, int p, int o, java.util.List<Step> out) {
        int[] s = st.s();
        if (s[ROW_HOLDER] == p && s[ROW_EPOCH] == s[o + EPOCH] && s[ROW_EXPIRES] > s[T]
                && s[ROW_EXPIRES] < s[T] + b.lease()) {
            int[] n = s.clone();
            n[ROW_EXPIRES] = s[T] + b.lease();
            out.add(new Step("p" + p + " pings", new State(n, st.issued()), null));
        }
    }

    /** The TTL a grant or keep-alive gives: the lease duration, unless {@link Mutation#SHORT_TTL}. */
    private int ttl() {
        return b.mutation() == Mutation.SHORT_TTL ? b.fence() - 1 : b.lease();
    }

    /**
     * etcd: the next step of the renewal in flight. (b) the keep-alive restarts the TTL iff the
     * etcd lease lives, else the holder has lost; the answer after (b) gives the holder its new
     * horizon and deadline (and a tick-tock its ID). Either may instead fail without an answer.
     */
    private void inFlight(State st, int p, int o, java.util.List<Step> out) {
        int[] s = st.s();
        int[] failed = s.clone();
        failed(failed, o);
        out.add(new Step("p" + p + " renewal fails without an answer", new State(failed, st.issued()), null));
        int[] n = s.clone();
        if (s[o + PEND] == 1) {
            if (s[ROW_HOLDER] == p && s[ROW_EPOCH] == s[o + EPOCH] && s[ROW_EXPIRES] > s[T]) {
                n[ROW_EXPIRES] = s[T] + ttl();
                n[o + PEND] = 2;
                out.add(new Step("p" + p + " keep-alive", new State(n, st.issued()), null));
            } else {
                n[o + PHASE] = LOST;
                failed(n, o);
                out.add(new Step("p" + p + " keep-alive not found: lost", new State(n, st.issued()), null));
            }
            return;
        }
        n[o + HORIZON] = s[o + PEND_HORIZON];
        n[o + DEADLINE] = (b.mutation() == Mutation.FENCE_FROM_END ? s[T] : s[o + PEND_START]) + b.fence();
        clearPending(n, o);
        if (s[o + PEND_TICK_TOCK] == 0) {
            out.add(new Step("p" + p + " renewal answered", new State(n, st.issued()), null));
            return;
        }
        int now = s[o + PEND_HORIZON] - b.writeAhead(); // the clock read before the save
        n[o + SAFE] = s[o + HI];
        n[o + HI] = now;
        n[o + DRIFTS] = s[o + DRIFTS] + 1;
        n[o + SEQ] = 0;
        issue(out, "p" + p + " next (tick-tock answered)", n, st.issued(), now, n[o + DRIFTS] & 1, 0);
    }

    /**
     * etcd: the renewal in flight failed, but its record may have been written: after a tick-tock
     * save, that record names the new timeline, so no new unit of the old one may be entered
     * before a save succeeds.
     */
    private void failed(int[] n, int o) {
        if (n[o + PEND_TICK_TOCK] == 1 && b.mutation() != Mutation.HORIZON_AFTER_FAILED_TICK_TOCK) {
            n[o + HORIZON] = Math.min(n[o + HORIZON], n[o + HI]);
        }
        clearPending(n, o);
    }

    /** etcd: starts a renewal, step (a) having been applied at the current time. */
    private void startRenewal(int[] n, int o, int horizon, boolean tickTock) {
        n[o + PEND] = 1;
        n[o + PEND_TICK_TOCK] = tickTock ? 1 : 0;
        n[o + PEND_START] = n[T];
        n[o + PEND_HORIZON] = horizon;
    }

    private static void clearPending(int[] n, int o) {
        n[o + PEND] = 0;
        n[o + PEND_TICK_TOCK] = 0;
        n[o + PEND_START] = 0;
        n[o + PEND_HORIZON] = 0;
    }

    /**
     * A conditional write of the row: applied iff the row names this holder and epoch (and, for
     * sessions, the holder's session has not expired: no healing; for etcd, the holder key has
     * not been revoked, which the model lets happen any time after expiry). Except for etcd, it
     * also extends the lease and sets the holder's fence deadline.
     */
    private boolean write(int[] n, int p, int o, int hi, int seq, int now, int safe, int drifts) {
        boolean mine = n[ROW_HOLDER] == p && n[ROW_EPOCH] == n[o + EPOCH]
                && (b.store() != Store.SESSIONS || n[ROW_EXPIRES] > n[T]);
        if (!mine && b.mutation() != Mutation.UNFENCED_WRITES) {
            n[o + PHASE] = LOST;
            return false;
        }
        if (n[o + PHASE] == LOST && b.mutation() != Mutation.UNFENCED_WRITES) {
            return false;
        }
        if (drifts == n[o + FLOOR_DRIFTS] && hi < n[o + FLOOR_HI] && b.mutation() != Mutation.NO_FLOOR) {
            hi = n[o + FLOOR_HI]; // LeaseStateStore.atLeastFloor
            seq = b.capacity() - 1;
        }
        n[REC_HAS] = 1;
        n[REC_HI] = hi;
        n[REC_SEQ] = seq;
        n[REC_NOW] = now;
        n[REC_SAFE] = safe;
        n[REC_DRIFTS] = drifts;
        if (b.store() == Store.ETCD) {
            return true; // (a) extends nothing: the keep-alive and the answer follow
        }
        if (mine) {
            n[ROW_EXPIRES] = n[T] + b.lease();
        }
        n[o + DEADLINE] = n[T] + b.fence();
        return true;
    }

    /** A renewal (background or by a caller at the horizon): a new write-ahead record. */
    private void save(State st, int p, int o, java.util.List<Step> out) {
        int[] s = st.s();
        int now = clock(s, o);
        int target = Math.max(s[o + HORIZON], now + b.writeAhead());
        int[] n = s.clone();
        if (write(n, p, o, target, b.capacity() - 1, now, s[o + SAFE], s[o + DRIFTS])) {
            if (b.store() == Store.ETCD) {
                startRenewal(n, o, target, false);
            } else {
                n[o + HORIZON] = target;
            }
        }
        out.add(new Step("p" + p + " renews", new State(n, st.issued()), null));
    }

    private void next(State st, int p, int o, java.util.List<Step> out) {
        int[] s = st.s();
        int now = clock(s, o);
        int hi = s[o + HI];
        int tick = s[o + DRIFTS] & 1;
        if (now == hi) {
            if (s[o + SEQ] < b.capacity() - 1) {
                int[] n = s.clone();
                n[o + SEQ]++;
                issue(out, "p" + p + " next (same unit)", n, st.issued(), now, tick, n[o + SEQ]);
            }
            return; // else stalls until the unit changes
        }
        if (now > hi) {
            boolean durable = now <= s[o + HORIZON] || b.mutation() == Mutation.NO_WRITE_AHEAD;
            boolean beforeFence = !b.fencing() || s[T] < s[o + DEADLINE];
            if (durable && beforeFence) {
                int[] n = s.clone();
                n[o + HI] = now;
                n[o + SEQ] = 0;
                issue(out, "p" + p + " next (later unit)", n, st.issued(), now, tick, 0);
            }
            return; // else it must save first (the renew step)
        }
        if (now > s[o + SAFE] && s[o + PEND] == 0) {
            // Regression: the new timeline is saved before its first ID.
            int[] n = s.clone();
            int drifts = s[o + DRIFTS] + 1;
            if (drifts > 3) {
                return; // bound
            }
            boolean written = write(n, p, o, now + b.writeAhead(), b.capacity() - 1, now, hi, drifts);
            if (written && b.store() == Store.ETCD) {
                startRenewal(n, o, now + b.writeAhead(), true); // the rest when it is answered
                out.add(new Step("p" + p + " next (tick-tock save)", new State(n, st.issued()), null));
            } else if (written) {
                n[o + HORIZON] = now + b.writeAhead();
                n[o + SAFE] = hi;
                n[o + HI] = now;
                n[o + DRIFTS] = drifts;
                n[o + SEQ] = 0;
                issue(out, "p" + p + " next (tick-tock)", n, st.issued(), now, drifts & 1, 0);
            } else {
                out.add(new Step("p" + p + " regression save rejected", new State(n, st.issued()), null));
            }
        }
        // else the unsafe past: waits
    }

    private void issue(java.util.List<Step> out, String action, int[] n, long issued, int unit, int tick, int seq) {
        long bit = 1L << (unit * 4 + tick * 2 + seq);
        String violation = (issued & bit) != 0
                ? "ID returned twice: (unit " + unit + ", tick " + tick + ", seq " + seq + ") by " + action : null;
        out.add(new Step(action, new State(n, issued | bit), violation));
    }

    private void crash(State st, int p, int o, java.util.List<Step> out) {
        int[] n = st.s().clone();
        clearProcess(n, o);
        out.add(new Step("p" + p + " crashes", new State(n, st.issued()), null));
    }

    /** close(): the exact final state, then the release, both conditional. */
    private void close(State st, int p, int o, java.util.List<Step> out) {
        int[] s = st.s();
        int[] n = s.clone();
        int now = clock(s, o);
        if (write(n, p, o, s[o + HI], s[o + SEQ], now, s[o + SAFE], s[o + DRIFTS]) && n[ROW_HOLDER] == p) {
            n[ROW_HOLDER] = -1;
        }
        clearProcess(n, o);
        out.add(new Step("p" + p + " closes", new State(n, st.issued()), null));
    }

    private static void clearProcess(int[] n, int o) {
        n[o + PHASE] = IDLE;
        n[o + EPOCH] = 0;
        n[o + HI] = 0;
        n[o + SEQ] = 0;
        n[o + SAFE] = 0;
        n[o + DRIFTS] = 0;
        n[o + HORIZON] = 0;
        n[o + DEADLINE] = 0;
        n[o + FLOOR_HI] = 0;
        n[o + FLOOR_DRIFTS] = 0;
        clearPending(n, o);
    }

    /** With fencing: at most one process may be before its fence deadline. */
    private String liveHolders(int[] s) {
        if (!b.fencing()) {
            return null;
        }
        int live = 0;
        for (int p = 0; p < b.processes(); p++) {
            int o = GLOBALS + p * K;
            if (s[o + PHASE] != IDLE && s[T] < s[o + DEADLINE]) {
                live++;
            }
        }
        return live > 1 ? "two live holders" : null;
    }

    private String describe(int[] s) {
        StringBuilder sb = new StringBuilder("t=" + s[T] + " row(epoch " + s[ROW_EPOCH] + ", holder " + s[ROW_HOLDER]
                + ", expires " + s[ROW_EXPIRES] + ", rec hi " + s[REC_HI] + " safe " + s[REC_SAFE] + " drifts "
                + s[REC_DRIFTS] + ")");
        for (int p = 0; p < b.processes(); p++) {
            int o = GLOBALS + p * K;
            sb.append(" p").append(p).append("(phase ").append(s[o + PHASE]).append(", epoch ").append(s[o + EPOCH])
                    .append(", clock ").append(clock(s, o)).append(", hi ").append(s[o + HI]).append(", seq ")
                    .append(s[o + SEQ]).append(", safe ").append(s[o + SAFE]).append(", drifts ").append(s[o + DRIFTS])
                    .append(", horizon ").append(s[o + HORIZON]).append(", deadline ").append(s[o + DEADLINE]);
            if (s[o + PEND] != 0) {
                sb.append(", renewal ").append(s[o + PEND] == 1 ? "written" : "kept alive")
                        .append(s[o + PEND_TICK_TOCK] == 1 ? " (tick-tock)" : "").append(" from t=")
                        .append(s[o + PEND_START]).append(" to horizon ").append(s[o + PEND_HORIZON]);
            }
            sb.append(')');
        }
        return sb.toString();
    }
}
