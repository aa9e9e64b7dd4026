package dev.sno.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.sno.GeneratorSnapshot;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * close() against a regression, which parks the state word while it makes its new timeline:
 * either the regression's ID is made first and the final snapshot holds its timeline, or the
 * caller is refused and the final snapshot holds the old one. Never an ID after close, never an
 * ID the final snapshot does not cover.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "regression first; the final snapshot has its drift")
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "close first; the caller was refused")
@Outcome(expect = FORBIDDEN, desc = "an ID the final snapshot does not cover")
@State
public class CloseVersusRegressionTest {

    private final SnoGenerator generator = Clocks.warmedUpAt(Clocks.U + 10);
    private SnoId back;

    @Actor
    public void regression() {
        Clocks.setUnit(Clocks.U);
        try {
            back = generator.next(0);
        } catch (IllegalStateException closed) {
            back = null;
        }
    }

    @Actor
    public void close() {
        Clocks.setUnit(Clocks.U + 10);
        generator.close();
    }

    @Arbiter
    public void check(II_Result r) {
        GeneratorSnapshot last = generator.snapshot();
        r.r1 = (int) last.drifts();
        r.r2 = back == null ? 0 : back.timeUnits() == last.wallHi() && back.tickTock() ? 1 : -1;
    }
}
