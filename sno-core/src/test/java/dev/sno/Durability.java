package dev.sno;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Optional;

/**
 * What a durable generator record promises (SPEC.md 8.7): a generator restored from it behaves
 * as if it had made IDs up to unit {@code wallHi} on the timeline of tick {@code drifts & 1},
 * with {@code wallSafe} the high mark of the timeline before. So it never makes again an ID of
 * its own tick at a unit up to {@code wallHi}, nor one of the other tick at a unit up to
 * {@code wallSafe} (older timelines of either tick lie below those marks). An ID returned
 * before the record was read is safe from repeats after a crash exactly if it is covered.
 */
final class Durability {

    private Durability() {
    }

    static boolean covers(GeneratorSnapshot record, SnoId id) {
        boolean currentTick = (record.drifts() & 1) == 1;
        long mark = id.tickTock() == currentTick ? record.wallHi() : record.wallSafe();
        return id.timeUnits() <= mark;
    }

    static Optional<GeneratorSnapshot> read(Path stateFile) {
        try {
            return SnapshotFile.read(stateFile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The first ID the record does not cover, if any.
     *
     * @param record  the durable record, or empty if there is none (then no ID is covered)
     * @param ids     IDs that were returned before the record was read
     * @return a description of the first uncovered ID, or null if all are covered
     */
    static String firstUncovered(Optional<GeneratorSnapshot> record, Collection<SnoId> ids) {
        for (SnoId id : ids) {
            if (record.isEmpty() || !covers(record.get(), id)) {
                return describe(id) + " is not covered by the durable record "
                        + record.map(GeneratorSnapshot::toJson).orElse("(none: no state file)");
            }
        }
        return null;
    }

    static String describe(SnoId id) {
        return id + " (unit " + id.timeUnits() + ", tick " + (id.tickTock() ? 1 : 0) + ", partition "
                + id.partition() + ", sequence " + id.sequence() + ")";
    }
}
