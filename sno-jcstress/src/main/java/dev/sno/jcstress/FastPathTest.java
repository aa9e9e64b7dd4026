package dev.sno.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.sno.SnoGenerator;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/** Two callers in the same unit: each gets its own next sequence, none repeated or skipped. */
@JCStressTest
@Outcome(id = {"1, 2", "2, 1"}, expect = ACCEPTABLE, desc = "each caller got its own sequence")
@Outcome(expect = FORBIDDEN, desc = "a sequence handed out twice, or skipped")
@State
public class FastPathTest {

    private final SnoGenerator generator = Clocks.warmedUpAt(Clocks.U);

    @Actor
    public void first(II_Result r) {
        Clocks.setUnit(Clocks.U);
        r.r1 = generator.next(0).sequence();
    }

    @Actor
    public void second(II_Result r) {
        Clocks.setUnit(Clocks.U);
        r.r2 = generator.next(0).sequence();
    }
}
