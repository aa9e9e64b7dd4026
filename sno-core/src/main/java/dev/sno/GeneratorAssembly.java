package dev.sno;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Builds a {@link SnoGenerator} from its {@link SnoGenerator.Builder}: opens the state store of
 * a snapshot file, loads and restores the stored state, and checks it against the configuration.
 */
final class GeneratorAssembly {

    private GeneratorAssembly() {
    }

    static SnoGenerator build(SnoGenerator.Builder b) {
        if (b.restore != null && (b.partition != null || b.rangeSet || b.snapshotFile != null || b.store != null)) {
            throw new IllegalArgumentException("restore(snapshot) takes partition, sequence range and state"
                    + " from the snapshot; it cannot be combined with partition(...), sequenceRange(...),"
                    + " snapshotFile(...) or stateStore(...)");
        }
        if (b.snapshotFile != null && b.store != null) {
            throw new IllegalArgumentException("snapshotFile(...) and stateStore(...) cannot be combined:"
                    + " a generator has one state store");
        }
        SnoStateStore store = b.store;
        if (b.snapshotFile != null) {
            try {
                store = FileStateStore.open(b.snapshotFile);
            } catch (IOException e) {
                throw new UncheckedIOException("Could not open the sno snapshot file " + b.snapshotFile + ": " + e, e);
            }
        }
        try {
            return new SnoGenerator(restoredState(b, store), b.clock, b.overflowListener, b.maxRegressionWait,
                    store, b.writeAhead);
        } catch (RuntimeException e) {
            if (b.snapshotFile != null) {
                try {
                    store.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    private static RestoreRules.Restored restoredState(SnoGenerator.Builder b, SnoStateStore store) {
        GeneratorSnapshot snapshot = b.restore;
        if (store != null) {
            try {
                snapshot = store.load().orElse(null);
            } catch (IOException e) {
                throw new UncheckedIOException("Could not read the state of the sno generator from the " + store
                        + ": " + e.getMessage(), e);
            }
        }
        if (snapshot == null) {
            int p = b.partition != null ? b.partition : PartitionPool.GLOBAL.next();
            return RestoreRules.Restored.fresh(p, b.seqMin, b.seqMax);
        }
        RestoreRules.Restored r = RestoreRules.apply(snapshot);
        if (store != null) {
            r = r.withUnitUsedUp();
        }
        if (store != null && (b.partition != null && b.partition != r.partition()
                || b.rangeSet && (b.seqMin != r.seqMin() || b.seqMax != r.seqMax()))) {
            throw new IllegalArgumentException("The state in the " + store + " belongs to partition "
                    + r.partition() + " with sequence range " + r.seqMin() + ".." + r.seqMax()
                    + ", not to the configured" + (b.partition != null ? " partition " + b.partition : "")
                    + (b.rangeSet ? " sequence range " + b.seqMin + ".." + b.seqMax : ""));
        }
        return r;
    }
}
