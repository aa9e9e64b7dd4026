package dev.sno;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;

/**
 * Builds a {@link SnoGenerator} from its {@link SnoGenerator.Builder}: opens the state store of
 * a snapshot file, loads and restores the stored state, checks it against the configuration and
 * the clock, tells where the partition came from, and starts the generator's background writer
 * once the generator exists.
 */
final class GeneratorAssembly {

    /**
     * The longest wait for the clock that a restored state may impose on the first ID without
     * a configured {@link SnoGenerator.Builder#maxRegressionWait}: beyond it, build() refuses.
     */
    static final Duration MAX_RESTORED_WAIT = Duration.ofHours(1);

    /** A restored wait longer than this is logged as a warning. */
    static final Duration WARN_RESTORED_WAIT = Duration.ofSeconds(1);

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
            GeneratorSnapshot snapshot = loaded(b, store);
            RestoreRules.Restored r = restoredState(b, store, snapshot);
            PartitionSource source = sourceOf(b, store, snapshot);
            if (store != null && snapshot != null) {
                checkRestoredWait(b, store, r);
            }
            boolean announce = source == PartitionSource.RANDOM;
            if (announce && !b.announcePartition) {
                PartitionNotice.process().claim();
                announce = false;
            }
            SnoGenerator g = new SnoGenerator(r, source, announce, b.clock, b.overflowListener, b.maxRegressionWait,
                    store, b.writeAhead != null ? b.writeAhead : WriteAhead.defaultHorizon(store));
            g.start();
            return g;
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

    /** The record to restore: the builder's snapshot, or the store's last record, or null. */
    private static GeneratorSnapshot loaded(SnoGenerator.Builder b, SnoStateStore store) {
        if (store == null) {
            return b.restore;
        }
        try {
            return store.load().orElse(null);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read the state of the sno generator from the " + store
                    + ": " + e.getMessage(), e);
        }
    }

    /** Where the partition comes from (SPEC.md 8.3.1). */
    static PartitionSource sourceOf(SnoGenerator.Builder b, SnoStateStore store, GeneratorSnapshot snapshot) {
        if (store != null && store.leasesPartition()) {
            return PartitionSource.LEASED;
        }
        if (b.partition != null) {
            return PartitionSource.CONFIGURED;
        }
        return snapshot != null ? PartitionSource.RESTORED : PartitionSource.RANDOM;
    }

    private static RestoreRules.Restored restoredState(SnoGenerator.Builder b, SnoStateStore store,
            GeneratorSnapshot snapshot) {
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

    /**
     * A stored record whose safe mark lies ahead of the clock makes the first ID wait until the
     * clock gets there (SPEC.md 8.6): never silently. A wait longer than
     * {@link #WARN_RESTORED_WAIT} is logged; one longer than {@link #MAX_RESTORED_WAIT}, with no
     * maxRegressionWait to end it, is refused here rather than hang the first caller for years.
     * Only for state stores, which a process reads back without looking: a snapshot handed to
     * {@code restore(...)} keeps the reference's rules (its conformance vectors restore states
     * months ahead of a scripted clock).
     */
    private static void checkRestoredWait(SnoGenerator.Builder b, SnoStateStore store, RestoreRules.Restored r) {
        long millis = b.clock.millis();
        long now;
        try {
            now = ClockUnits.unitOf(millis);
        } catch (IllegalStateException e) {
            return; // next() reports a clock outside the range
        }
        long high = StateWord.unit(r.word());
        if (now >= high || now > r.wallSafe()) {
            return; // no wait: the clock is at the timeline, or a regression that may tick-tock
        }
        long release = Math.min(high, r.wallSafe() + 1);
        long releaseMillis = ClockUnits.startMillis(release);
        Duration wait = Duration.ofMillis(releaseMillis - millis);
        if (wait.compareTo(WARN_RESTORED_WAIT) <= 0) {
            return;
        }
        String what = "The state in the " + store + " holds the first ID back until " + Instant.ofEpochMilli(releaseMillis)
                + ", " + describe(wait) + " after this clock's reading (" + Instant.ofEpochMilli(millis)
                + "): IDs were made with a clock that read up to then, and this partition may not repeat them";
        if (b.maxRegressionWait == null && wait.compareTo(MAX_RESTORED_WAIT) > 0) {
            throw new IllegalStateException(what + ". Refusing to wait longer than " + describe(MAX_RESTORED_WAIT)
                    + ": if this clock is wrong, correct it; if it is right, the earlier clock was ahead, and"
                    + " discarding the stored state (for a snapshot file: moving it aside) is safe until this"
                    + " clock reaches " + Instant.ofEpochMilli(releaseMillis) + ", or set maxRegressionWait to"
                    + " make next() throw ClockRegressionException instead of waiting");
        }
        System.getLogger(PartitionNotice.LOGGER).log(Level.WARNING, what + (b.maxRegressionWait == null
                ? "; next() waits until then" : "; next() throws ClockRegressionException for waits longer than "
                        + b.maxRegressionWait));
    }

    /** A duration for people: days beyond two days, else ISO-8601. */
    static String describe(Duration d) {
        return d.toDays() >= 2 ? d.toDays() + " days" : d.toString();
    }
}
