package dev.sno;

import java.util.Arrays;
import java.util.Optional;

/**
 * {@link SnoGenerator#nextBatch}: reserves a run of sequences with one compare-and-set per time
 * unit. A compare-and-set, not a fetch-and-add, so that a batch never reserves beyond the pool
 * (the headroom argument of SPEC.md 8.4 counts single increments only).
 */
final class BatchReservation {

    private BatchReservation() {
    }

    static SnoId[] reserve(SnoGenerator g, int meta, int count) {
        SnoId.checkMeta(meta);
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0: count=" + count);
        }
        long payload = (long) meta << 16 | g.partition();
        int seqMin = g.sequenceMin();
        int seqMax = g.sequenceMax();
        SnoId[] ids = new SnoId[count];
        int filled = 0;
        boolean regressed = false;
        while (filled < count) {
            long current = g.stateWord();
            long now = g.clockUnit();
            long unit = StateWord.unit(current);
            if (unit == now) {
                long seq = StateWord.seq(current);
                if (seq >= seqMax) {
                    g.stall(now);
                    continue;
                }
                int take = (int) Math.min(count - filled, seqMax - seq);
                if (g.casState(current, current + take)) {
                    long time = StateWord.time(current) | payload;
                    for (int i = 1; i <= take; i++) {
                        ids[filled++] = SnoId.ofBits(time, (int) seq + i);
                    }
                }
            } else if (now > unit) {
                g.admit(current, now);
                int take = Math.min(count - filled, seqMax - seqMin + 1);
                long next = now << StateWord.UNIT_SHIFT | (current & StateWord.TICK) | (seqMin + take - 1);
                if (g.casState(current, next)) {
                    long time = StateWord.time(next) | payload;
                    for (int i = 0; i < take; i++) {
                        ids[filled++] = SnoId.ofBits(time, seqMin + i);
                    }
                }
            } else {
                Optional<SnoId> id = g.regress(payload);
                if (id.isPresent()) {
                    ids[filled++] = id.get();
                    regressed = true;
                }
            }
        }
        if (regressed) {
            Arrays.sort(ids);
        }
        return ids;
    }
}
