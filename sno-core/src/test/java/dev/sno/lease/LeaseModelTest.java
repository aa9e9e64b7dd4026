package dev.sno.lease;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.lease.LeaseModel.Bounds;
import dev.sno.lease.LeaseModel.Mutation;
import dev.sno.lease.LeaseModel.Result;
import dev.sno.lease.LeaseModel.Store;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Checks the lease protocol's model (SPEC.md 11.5) exhaustively for small bounds: two processes
 * with clocks 3 units apart, each acquiring up to twice, a clock step back, crashes, closes and
 * pauses anywhere (any interleaving), a lease of 3 units, fence after 2, write-ahead of 2; 6
 * units of time with 1 ID per unit, and 4 units with 2 IDs per unit (the same-unit path). No ID
 * is returned twice, with fencing or without it (uniqueness rests on the write-ahead record and
 * the epoch-fenced writes), and with fencing there are never two live holders. Each broken rule
 * is found, so the checker can fail. The same with ZooKeeper's rules (SPEC.md 11.8) and etcd's
 * (11.9).
 */
class LeaseModelTest {

    private static Bounds bounds(int maxTime, int capacity, boolean fencing, Mutation mutation) {
        return new Bounds(2, maxTime, 3, 2, 2, capacity, new int[] {0, -3}, new int[] {0, 1}, new int[] {2}, 2,
                fencing, mutation);
    }

    private static Result check(Bounds b, String name) {
        long start = System.nanoTime();
        Result r = LeaseModel.check(b);
        System.out.println("[lease model] " + name + ": " + r.states() + " states, " + r.transitions()
                + " transitions, " + (System.nanoTime() - start) / 1_000_000 + " ms"
                + (r.violation() == null ? "" : "; " + r.violation()));
        return r;
    }

    @Test
    void noIdIsReturnedTwiceAndNeverTwoLiveHolders() {
        Result r = check(bounds(5, 1, true, Mutation.NONE), "fencing, 6 units x 1 ID");
        assertNull(r.violation(), r.violation());
        assertTrue(r.states() > 500_000, "explored " + r.states());
    }

    @Test
    void noIdIsReturnedTwiceWithSeveralIdsPerUnit() {
        Result r = check(bounds(3, 2, true, Mutation.NONE), "fencing, 4 units x 2 IDs");
        assertNull(r.violation(), r.violation());
        assertTrue(r.states() > 500_000, "explored " + r.states());
    }

    @Test
    void uniquenessDoesNotRestOnFencing() {
        Result r = check(bounds(5, 1, false, Mutation.NONE), "no fencing, 6 units x 1 ID");
        assertNull(r.violation(), r.violation());
    }

    @ParameterizedTest
    @EnumSource(value = Mutation.class, names = {"NONE", "NO_EXPIRY", "SHORT_TTL", "FENCE_FROM_END",
            "HORIZON_AFTER_FAILED_TICK_TOCK"}, mode = EnumSource.Mode.EXCLUDE)
    void everyBrokenRuleOfUniquenessIsFound(Mutation mutation) {
        Result r = check(bounds(3, 2, false, mutation), mutation.name());
        assertNotNull(r.violation(), mutation + " went unnoticed in " + r.states() + " states");
        assertTrue(r.violation().startsWith("ID returned twice"), r.violation());
    }

    /**
     * ZooKeeper's rules (SPEC.md 11.8): a live holder's session is kept alive between renewals by
     * its client (pings, anywhere in the interleaving), and a save after the session expired is
     * refused even if nobody took the partition. No ID twice and never two live holders; no ID
     * twice without fencing either.
     */
    @Test
    void sessionsAsInZooKeeperKeepBothInvariants() {
        Bounds fenced = new Bounds(2, 5, 3, 2, 2, 1, new int[] {0, -3}, new int[] {0, 1}, new int[] {2}, 2, true,
                Mutation.NONE, true);
        Result r = check(fenced, "sessions, fencing, 6 units x 1 ID");
        assertNull(r.violation(), r.violation());
        assertTrue(r.states() > 500_000, "explored " + r.states());
        Bounds unfenced = new Bounds(2, 5, 3, 2, 2, 1, new int[] {0, -3}, new int[] {0, 1}, new int[] {2}, 2, false,
                Mutation.NONE, true);
        Result u = check(unfenced, "sessions, no fencing, 6 units x 1 ID");
        assertNull(u.violation(), u.violation());
        Bounds broken = new Bounds(2, 3, 3, 2, 2, 2, new int[] {0, -3}, new int[] {0, 1}, new int[] {2}, 2, false,
                Mutation.UNFENCED_WRITES, true);
        Result x = check(broken, "sessions, UNFENCED_WRITES");
        assertNotNull(x.violation(), "the session model finds a broken rule too");
    }

    private static Bounds etcd(int maxTime, int capacity, boolean fencing, Mutation mutation) {
        return new Bounds(2, maxTime, 3, 2, 2, capacity, new int[] {0, -3}, new int[] {0, 1}, new int[] {2}, 2,
                fencing, mutation, Store.ETCD);
    }

    /**
     * etcd's rules (SPEC.md 11.9): a renewal is a fenced write of the record, then a keep-alive
     * that restarts the etcd lease's TTL from the server's receipt (or finds it expired: lost), then
     * the answer, which gives the holder its horizon and a fence deadline counted from the start;
     * the tick-tock save likewise; no pings; the server revokes an expired lease when it will. No
     * ID twice and never two live holders; no ID twice without fencing either. 5 units of time
     * (6 take 10.9 million states with fencing, 75 s).
     */
    @Test
    void etcdRulesKeepBothInvariants() {
        Result r = check(etcd(4, 1, true, Mutation.NONE), "etcd, fencing, 5 units x 1 ID");
        assertNull(r.violation(), r.violation());
        assertTrue(r.states() > 500_000, "explored " + r.states());
        Result u = check(etcd(4, 1, false, Mutation.NONE), "etcd, no fencing, 5 units x 1 ID");
        assertNull(u.violation(), u.violation());
        Result x = check(etcd(3, 2, false, Mutation.UNFENCED_WRITES), "etcd, UNFENCED_WRITES");
        assertNotNull(x.violation(), "the etcd model finds a broken rule too");
        assertTrue(x.violation().startsWith("ID returned twice"), x.violation());
    }

    /**
     * An etcd lease whose TTL is below the fence interval, or a fence deadline counted from the
     * renewal's answer instead of its start, makes two live holders: the keep-alive restarts the
     * TTL when the server receives it, anywhere between the renewal's start and its answer.
     */
    @ParameterizedTest
    @EnumSource(value = Mutation.class, names = {"SHORT_TTL", "FENCE_FROM_END"})
    void everyBrokenRuleOfEtcdIsFound(Mutation mutation) {
        Result r = check(etcd(4, 1, true, mutation), "etcd, " + mutation.name());
        assertNotNull(r.violation(), mutation + " went unnoticed in " + r.states() + " states");
        assertTrue(r.violation().startsWith("two live holders"), r.violation());
    }

    /**
     * A tick-tock save whose record etcd applied but whose answer never came (or whose keep-alive
     * found the lease expired) leaves a record naming the new timeline, with its safe mark at the
     * old high mark. A holder that goes on entering units of the old timeline within its horizon
     * (its clock is back past the high mark) makes IDs that record does not cover: a later holder
     * restoring it tick-tocks back onto the same bit and repeats one, with fencing too. Bounds
     * that let it happen before the fence deadline: lease 4, fence 3, write-ahead 3, clocks
     * stepped back by 1.
     */
    @Test
    void keepingTheHorizonAfterAFailedTickTockRepeatsAnId() {
        Mutation m = Mutation.HORIZON_AFTER_FAILED_TICK_TOCK;
        Result r = check(new Bounds(2, 5, 4, 3, 3, 1, new int[] {0, -3}, new int[] {1, 1}, new int[] {1}, 2, true, m,
                Store.ETCD), "etcd, fencing, " + m.name());
        assertNotNull(r.violation(), m + " went unnoticed in " + r.states() + " states");
        assertTrue(r.violation().startsWith("ID returned twice"), r.violation());
    }

    /** Taking a held lease makes two live holders, but no duplicate: the row fences the old one. */
    @Test
    void ignoringExpiryMakesTwoLiveHolders() {
        Result r = check(bounds(3, 1, true, Mutation.NO_EXPIRY), "NO_EXPIRY");
        assertNotNull(r.violation());
        assertTrue(r.violation().startsWith("two live holders"), r.violation());
    }
}
