package dev.sno.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.sno.ClockRegressionException;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import java.time.Duration;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Two callers find the clock back at U after U+10: one handles the regression, the other must
 * start over with a fresh reading and continue the new timeline. Waiting is not allowed at all
 * (maxRegressionWait zero), so a caller that took its stale reading for the unsafe past would
 * throw.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "one drift, no caller refused, IDs distinct")
@Outcome(expect = FORBIDDEN, desc = "a refused caller, a repeated ID or a wrong drift count")
@State
public class StaleRegressionTest {

    private final SnoGenerator generator = SnoGenerator.builder().partition(1).clock(Clocks.PER_THREAD)
            .maxRegressionWait(Duration.ZERO).build();
    private SnoId a;
    private SnoId b;

    {
        Clocks.setUnit(Clocks.U + 10);
        generator.next(0);
    }

    @Actor
    public void first() {
        Clocks.setUnit(Clocks.U);
        a = call();
    }

    @Actor
    public void second() {
        Clocks.setUnit(Clocks.U);
        b = call();
    }

    private SnoId call() {
        try {
            return generator.next(0);
        } catch (ClockRegressionException refused) {
            return null;
        }
    }

    @Arbiter
    public void check(II_Result r) {
        r.r1 = (int) generator.snapshot().drifts();
        r.r2 = a != null && b != null && !a.equals(b) && a.tickTock() && b.tickTock() ? 1 : 0;
    }
}
