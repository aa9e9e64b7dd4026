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
 * A batch of three (one compare-and-set) against a single fast-path call in the same unit,
 * with a pool of four already holding one ID: together they take exactly sequences 1..4, the
 * batch's three in a row.
 */
@JCStressTest
@Outcome(id = "4, 1", expect = ACCEPTABLE, desc = "sequences 1..4 taken once each, the batch contiguous")
@Outcome(expect = FORBIDDEN, desc = "a repeated or skipped sequence, or a split batch")
@State
public class BatchVersusFastPathTest {

    private final SnoGenerator generator = SnoGenerator.builder().partition(1).sequenceRange(0, 4)
            .clock(Clocks.PER_THREAD).build();
    private SnoId[] batch;
    private SnoId single;

    {
        Clocks.setUnit(Clocks.U);
        generator.next(0);
    }

    @Actor
    public void batch() {
        Clocks.setUnit(Clocks.U);
        batch = generator.nextBatch(0, 3);
    }

    @Actor
    public void single() {
        Clocks.setUnit(Clocks.U);
        single = generator.next(0);
    }

    @Arbiter
    public void check(II_Result r) {
        int seen = 1 << single.sequence();
        for (SnoId id : batch) {
            seen |= 1 << id.sequence();
        }
        r.r1 = Integer.bitCount(seen & 0b11110);
        r.r2 = batch[1].sequence() == batch[0].sequence() + 1 && batch[2].sequence() == batch[1].sequence() + 1
                && batch[0].timeUnits() == Clocks.U && single.timeUnits() == Clocks.U ? 1 : 0;
    }
}
