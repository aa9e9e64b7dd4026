package dev.sno.lease;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.lease.LeaseModel.Bounds;
import dev.sno.lease.LeaseModel.Mutation;
import dev.sno.lease.LeaseModel.Result;
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
 * is found, so the checker can fail.
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
    @EnumSource(value = Mutation.class, names = {"NONE", "NO_EXPIRY"}, mode = EnumSource.Mode.EXCLUDE)
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

    /** Taking a held lease makes two live holders, but no duplicate: the row fences the old one. */
    @Test
    void ignoringExpiryMakesTwoLiveHolders() {
        Result r = check(bounds(3, 1, true, Mutation.NO_EXPIRY), "NO_EXPIRY");
        assertNotNull(r.violation());
        assertTrue(r.violation().startsWith("two live holders"), r.violation());
    }
}
