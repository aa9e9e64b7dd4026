package dev.sno.bench;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The performance targets (issues 6 and 13), each measured within one JMH run. Time targets are
 * written as the ratio of sno's time to the other's, lower is better, with both times; a ratio
 * is never inverted into a "speed", so a slower sno can never read as passing.
 *
 * @param what     the target as the README states it
 * @param measure  what one run measured
 */
record Target(String what, Function<Report.Run, Value> measure) {

    /**
     * One run's value for a target.
     *
     * @param text   the measured value as shown
     * @param holds  "yes", "no" or "not measured"
     */
    record Value(String text, String holds) {
    }

    private static final Value NOT_MEASURED = new Value("-", "not measured");

    private static final List<String> GENERATOR_PEERS =
            List.of("tsidCreator", "tsidFactory", "ulidMonotonic", "uuidV7", "uuidRandom");

    private static final List<String> TO_STRING_PEERS =
            List.of("encodeTsidToString", "encodeUlidToString", "encodeUuidToString");

    static List<Target> all() {
        return List.of(
                timeRatio("fast-path `next` <= 1.25x `System.currentTimeMillis()`",
                        "GenerationBenchmark.snoNext", "GenerationBenchmark.currentTimeMillis", 1.25),
                new Target("the floor: clock + one atomic add + one 24-byte object, against the clock (reported)",
                        run -> reported(run.nanos("FastPathFloorBenchmark.floor"),
                                run.nanos("FastPathFloorBenchmark.clock"))),
                new Target("fast-path `next` against that floor, same run (reported)",
                        run -> reported(run.nanos("FastPathFloorBenchmark.snoNext"),
                                run.nanos("FastPathFloorBenchmark.floor"))),
                timeRatio("`nextBatch(meta, 1000)` per ID <= 0.25x one clock read",
                        "BatchBenchmark.nextBatch1000", "BatchBenchmark.currentTimeMillis", 0.25),
                fastest("`next` below every peer's generator", "GenerationBenchmark.snoNext",
                        "GenerationBenchmark.", GENERATOR_PEERS),
                timeRatio("`SnoId.toString()` <= 0.9x `UUID.toString()`",
                        "CodecBenchmark.encodeSnoToString", "CodecBenchmark.encodeUuidToString", 0.9),
                fastest("`SnoId.toString()` below every peer's `toString()`", "CodecBenchmark.encodeSnoToString",
                        "CodecBenchmark.", TO_STRING_PEERS),
                allocation("`SnoId.toString()` allocates only the result", "CodecBenchmark.encodeSnoToString", 56),
                timeRatio("`SnoId.parse` <= 0.75x `UUID.fromString`",
                        "CodecBenchmark.decodeSnoParse", "CodecBenchmark.decodeUuidFromString", 0.75),
                allocation("`SnoId.parse` allocates only the ID", "CodecBenchmark.decodeSnoParse", 24),
                allocation("`next` allocates only the ID", "GenerationBenchmark.snoNext", 24),
                allocation("`encodeTo` allocates nothing", "CodecBenchmark.encodeSnoEncodeTo", 0),
                new Target("JSON round trip with SnoId <= 1.0x with UUID", run -> {
                    double sno = run.score("JsonBenchmark.writeSno") + run.score("JsonBenchmark.readSno");
                    double uuid = run.score("JsonBenchmark.writeUuid") + run.score("JsonBenchmark.readUuid");
                    return ratio(sno, uuid, 1.0);
                }),
                capacity("saturated, 1 platform thread >= 97% of 16,384,000 IDs/s", "SaturatedBenchmark.oneThread", null),
                capacity("saturated, 2 platform threads >= 97% of 16,384,000 IDs/s", "SaturatedBenchmark.twoThreads", null),
                capacity("10,000 virtual threads >= 97% of 16,384,000 IDs/s", "VirtualThreadBenchmark.sample",
                        "idsMade"),
                new Target("virtual threads: pinned parks (JFR) while stalled = 0", run -> {
                    double pinned = run.aux("VirtualThreadBenchmark.sample", "pinnedParks");
                    return Double.isNaN(pinned) ? NOT_MEASURED
                            : new Value(String.format(Locale.ROOT, "%.0f/s", pinned), yes(pinned == 0));
                }),
                new Target("virtual threads: CPU while stalled (process, cores busy; reported)", run -> {
                    double cpu = run.aux("VirtualThreadBenchmark.sample", "cpuNanos");
                    double ids = run.aux("VirtualThreadBenchmark.sample", "idsMade");
                    return Double.isNaN(cpu) ? NOT_MEASURED : new Value(String.format(Locale.ROOT,
                            "%.2f of 2 cores, %.0f ns per ID", cpu / 1e9, cpu / ids), "reported");
                }),
                timeRatio("`next` with a snapshot file <= 1.05x plain", "DurabilityBenchmark.snapshotFile",
                        "DurabilityBenchmark.plain", 1.05),
                timeRatio("`next` of a leased generator <= 1.05x plain", "LeaseBenchmark.leasedNext",
                        "LeaseBenchmark.plainNext", 1.05),
                new Target("state-store saves per second of clock time per generator <= 1", run -> {
                    double saves = run.aux("DurabilityBenchmark.countingStore", "savesPerGenerator");
                    double nanos = run.aux("DurabilityBenchmark.countingStore", "saveNanos");
                    return Double.isNaN(saves) ? NOT_MEASURED : new Value(String.format(Locale.ROOT,
                            "%.2f/s (mean save %.2f ms)", saves, nanos / (16 * saves) / 1e6), yes(saves <= 1.0));
                }));
    }

    private static String yes(boolean holds) {
        return holds ? "yes" : "no";
    }

    private static Value ratio(double sno, double other, double limit) {
        if (Double.isNaN(sno) || Double.isNaN(other)) {
            return NOT_MEASURED;
        }
        return new Value(String.format(Locale.ROOT, "%.2fx (%s vs %s ns)", sno / other, Report.fmt(sno),
                Report.fmt(other)), yes(sno / other <= limit));
    }

    /** A ratio shown to explain another target, not a target itself. */
    private static Value reported(double part, double whole) {
        if (Double.isNaN(part) || Double.isNaN(whole)) {
            return NOT_MEASURED;
        }
        return new Value(String.format(Locale.ROOT, "%.2fx (%s vs %s ns)", part / whole, Report.fmt(part),
                Report.fmt(whole)), "reported");
    }

    private static Target timeRatio(String what, String sno, String other, double limit) {
        return new Target(what, run -> ratio(run.nanos(sno), run.nanos(other), limit));
    }

    /** sno's time against the fastest of the peers: below 1.0x means below every one of them. */
    private static Target fastest(String what, String sno, String prefix, List<String> peers) {
        return new Target(what, run -> {
            String best = null;
            for (String p : peers) {
                double t = run.nanos(prefix + p);
                if (!Double.isNaN(t) && (best == null || t < run.nanos(prefix + best))) {
                    best = p;
                }
            }
            if (best == null) {
                return NOT_MEASURED;
            }
            double s = run.nanos(sno);
            double b = run.nanos(prefix + best);
            return Double.isNaN(s) ? NOT_MEASURED : new Value(String.format(Locale.ROOT,
                    "%.2fx the fastest, %s (%s vs %s ns)", s / b, best, Report.fmt(s), Report.fmt(b)), yes(s < b));
        });
    }

    private static Target allocation(String what, String name, double bytes) {
        return new Target(what + " (" + (int) bytes + " B/op)", run -> {
            double a = run.alloc(name);
            return Double.isNaN(a) ? NOT_MEASURED : new Value(Report.fmt(a) + " B/op", yes(a <= bytes + 0.5));
        });
    }

    private static Target capacity(String what, String name, String aux) {
        return new Target(what, run -> {
            double perSecond = aux == null ? run.score(name) : run.aux(name, aux);
            double share = perSecond / Report.CAPACITY;
            return Double.isNaN(share) ? NOT_MEASURED
                    : new Value(String.format(Locale.ROOT, "%.2f %%", share * 100), yes(share >= 0.97));
        });
    }
}
