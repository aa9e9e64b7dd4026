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
 * close() races a caller: either the caller is refused, or its ID is covered by the final
 * snapshot, so a generator restored from that snapshot at the same unit never repeats it.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the ID was made before close and the snapshot covers it")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "the caller was refused: the generator was closed")
@Outcome(expect = FORBIDDEN, desc = "the restored generator repeated the racing caller's ID")
@State
public class CloseVersusNextTest {

    private final SnoGenerator generator = Clocks.warmedUpAt(Clocks.U);
    private SnoId raced;

    @Actor
    public void caller() {
        Clocks.setUnit(Clocks.U);
        try {
            raced = generator.next(0);
        } catch (IllegalStateException closed) {
            raced = null;
        }
    }

    @Actor
    public void closer() {
        Clocks.setUnit(Clocks.U);
        generator.close();
    }

    @Arbiter
    public void check(II_Result r) {
        Clocks.setUnit(Clocks.U);
        SnoGenerator restored = SnoGenerator.builder().restore(generator.snapshot()).clock(Clocks.PER_THREAD).build();
        SnoId next = restored.next(0);
        r.r1 = raced != null ? 1 : 0;
        r.r2 = raced == null || !raced.equals(next) ? 1 : 0;
    }
}
