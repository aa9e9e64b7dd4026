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
 * one rule each, so the test can show the checker finds the violation it should.
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
        NO_FLOOR
    }

    /** The bounds of one exploration. */
    record Bounds(int processes, int maxTime, int lease, int fence, int writeAhead, int capacity, int[] skews,
            int[] stepsBack, int[] backBy, int acquisitions, boolean fencing, Mutation mutation, boolean sessions) {

        /** The bounds of a store whose leases expire by its clock (a database, Redis). */
        Bounds(int processes, int maxTime, int lease, int fence, int writeAhead, int capacity, int[] skews,
                int[] stepsBack, int[] backBy, int acquisitions, boolean fencing, Mutation mutation) {
            this(processes, maxTime, lease, fence, writeAhead, capacity, skews, stepsBack, backBy, acquisitions, fencing,
                    mutation, false);
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
    private static final int K = 13;

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
        for (int p = 0; p < b.processes(); p++) {
            int o = GLOBALS + p * K;
            if (s[o + PHASE] == IDLE) {
                acquire(st, p, o, out);
            } else {
                next(st, p, o, out);
                save(st, p, o, out);
                if (b.sessions()) {
                    ping(st, p, o, out);
                }
                crash(st, p, o, out);
                if (s[o + PHASE] == HOLD) {
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
        n[ROW_EXPIRES] = s[T] + b.lease();
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

    /**
     * A conditional write of the row: applied iff the row names this holder and epoch (and, for
     * sessions, the holder's session has not expired: no healing).
     */
    private boolean write(int[] n, int p, int o, int hi, int seq, int now, int safe, int drifts) {
        boolean mine = n[ROW_HOLDER] == p && n[ROW_EPOCH] == n[o + EPOCH]
                && (!b.sessions() || n[ROW_EXPIRES] > n[T]);
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
            n[o + HORIZON] = target;
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
        if (now > s[o + SAFE]) {
            // Regression: the new timeline is saved before its first ID.
            int[] n = s.clone();
            int drifts = s[o + DRIFTS] + 1;
            if (drifts > 3) {
                return; // bound
            }
            if (write(n, p, o, now + b.writeAhead(), b.capacity() - 1, now, hi, drifts)) {
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
                    .append(", horizon ").append(s[o + HORIZON]).append(", deadline ").append(s[o + DEADLINE]).append(')');
        }
        return sb.toString();
    }
}
