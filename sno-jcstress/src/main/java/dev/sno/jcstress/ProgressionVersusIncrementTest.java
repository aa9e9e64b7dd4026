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
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * One caller still in unit U (fast path) while another moves the generator to U+1. The first
 * must never pair U's time with a sequence of U+1's fresh count (the reference's race): all
 * three IDs, including the one made before, must differ.
 */
@JCStressTest
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "fast path in U before the progression")
@Outcome(id = "1, 1, 1", expect = ACCEPTABLE, desc = "progression first; the U caller saw a regression and tick-tocked")
@Outcome(expect = FORBIDDEN, desc = "a repeated ID, or a tick-tock without a regression")
@State
public class ProgressionVersusIncrementTest {

    private final SnoGenerator generator = Clocks.warmedUpAt(Clocks.U);
    private final SnoId before = SnoId.of(java.time.Instant.ofEpochMilli(1_262_304_000_000L + Clocks.U * 4),
            false, 0, 1, 0);
    private SnoId inU;
    private SnoId inNext;

    @Actor
    public void stayInU() {
        Clocks.setUnit(Clocks.U);
        inU = generator.next(0);
    }

    @Actor
    public void moveToNextUnit() {
        Clocks.setUnit(Clocks.U + 1);
        inNext = generator.next(0);
    }

    @Arbiter
    public void check(III_Result r) {
        boolean distinct = !before.equals(inU) && !before.equals(inNext) && !inU.equals(inNext);
        r.r1 = distinct ? 1 : 0;
        r.r2 = (int) generator.snapshot().drifts();
        r.r3 = inU.tickTock() ? 1 : 0;
    }
}
