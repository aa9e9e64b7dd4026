package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** idsGenerated counts exactly the IDs of next and nextBatch, across units, regressions, restore and close. */
class IdsGeneratedTest {

    private static final long T = 4_000_000_000L;

    @Test
    void countsEveryIdOfNextAndNextBatchAndNothingElse() {
        Property.forAll("ids generated", 50, r -> {
            ScriptedClock clock = ScriptedClock.atUnit(T);
            SnoGenerator g = SnoGenerator.builder().partition(1).sequenceRange(10, 10 + 3 + r.nextInt(200))
                    .clock(clock).maxRegressionWait(java.time.Duration.ZERO).build();
            long made = 0;
            assertEquals(0, g.idsGenerated());
            for (int step = 0; step < 300; step++) {
                made += step(r, g, clock);
                assertEquals(made, g.idsGenerated(), "after step " + step);
            }
            g.nextWithTime(0, java.time.Instant.parse("2020-01-01T00:00:00Z"));
            assertEquals(made, g.idsGenerated(), "nextWithTime is not counted");
            g.close();
            assertEquals(made, g.idsGenerated(), "after close");
        });
    }

    /** One random step: a clock move, then calls that never stall. Returns the IDs made. */
    private static long step(SplittableRandom r, SnoGenerator g, ScriptedClock clock) {
        switch (r.nextInt(6)) {
            case 0: clock.setUnit(clock.unit() + 1 + r.nextInt(3)); break;
            case 1: clock.setUnit(clock.unit() - 1 - r.nextInt(3)); break; // a regression, or the unsafe past
            default: break;
        }
        long room = g.capacityPerUnit() - g.idsInCurrentUnit();
        if (room == 0) {
            return 0;
        }
        try {
            if (r.nextBoolean()) {
                g.next(0);
                return 1;
            }
            int n = (int) Math.min(room, 1 + r.nextInt(50));
            return g.nextBatch(0, n).length;
        } catch (ClockRegressionException unsafe) {
            return 0;
        }
    }

    @Test
    void aRestoredGeneratorCountsOnlyItsOwnIds() {
        ScriptedClock clock = ScriptedClock.atUnit(T);
        SnoGenerator g = SnoGenerator.builder().restore(new GeneratorSnapshot(1, 0, 65535, 500, T, T, 0, 0))
                .clock(clock).maxRegressionWait(java.time.Duration.ZERO).build();
        assertEquals(0, g.idsGenerated());
        assertEquals(501, g.next(0).sequence());
        g.next(0);
        assertEquals(2, g.idsGenerated());
        clock.setUnit(T + 1);
        g.next(0);
        assertEquals(3, g.idsGenerated());
        assertTrue(g.idsGenerated() >= 3);
    }
}
