package dev.sno.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import java.time.Instant;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * One caller on the fast path of unit U+10 while another finds the clock back at U: one drift,
 * and no ID repeats the one made before.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "one drift, all IDs distinct")
@Outcome(expect = FORBIDDEN, desc = "a repeated ID or a wrong drift count")
@State
public class RegressionVersusFastPathTest {

    private final SnoGenerator generator = Clocks.warmedUpAt(Clocks.U + 10);
    private final SnoId before = SnoId.of(Instant.ofEpochMilli(1_262_304_000_000L + (Clocks.U + 10) * 4),
            false, 0, 1, 0);
    private SnoId fast;
    private SnoId back;

    @Actor
    public void fastPath() {
        Clocks.setUnit(Clocks.U + 10);
        fast = generator.next(0);
    }

    @Actor
    public void regression() {
        Clocks.setUnit(Clocks.U);
        back = generator.next(0);
    }

    @Arbiter
    public void check(II_Result r) {
        r.r1 = (int) generator.snapshot().drifts();
        r.r2 = !before.equals(fast) && !before.equals(back) && !fast.equals(back) ? 1 : 0;
    }
}
