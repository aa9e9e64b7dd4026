package dev.sno.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Two callers meet the same clock regression at once: exactly one tick-tocks, the other
 * continues on the new timeline, and their IDs differ.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "one drift, two distinct IDs on the new timeline")
@Outcome(expect = FORBIDDEN, desc = "two drifts, or a repeated ID")
@State
public class ConcurrentRegressionTest {

    private final SnoGenerator generator = Clocks.warmedUpAt(Clocks.U + 10);
    private SnoId a;
    private SnoId b;

    @Actor
    public void first() {
        Clocks.setUnit(Clocks.U);
        a = generator.next(0);
    }

    @Actor
    public void second() {
        Clocks.setUnit(Clocks.U);
        b = generator.next(0);
    }

    @Arbiter
    public void check(II_Result r) {
        r.r1 = (int) generator.snapshot().drifts();
        r.r2 = !a.equals(b) && a.tickTock() && b.tickTock() ? 1 : 0;
    }
}
