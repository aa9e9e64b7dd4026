package dev.sno.bench;

import dev.sno.SnoClock;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The amortized cost per ID of {@code nextBatch(meta, 1000)} against one clock read. A
 * generator's capacity (65,536 IDs per 4 ms unit) is below what a batch can reserve, so the
 * batch runs on a clock that steps one unit per read: every batch then takes one fresh unit with
 * one compare-and-set, and the figure is the reservation's own cost (the CAS, the array, 1,000
 * IDs), not the time spent waiting for the next unit.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class BatchBenchmark {

    private static final long START = 1_262_304_000_000L + 4_000_000_000L * 4;

    private long reads;
    private final SnoClock stepping = () -> START + 4 * reads++;
    private final SnoGenerator generator = SnoGenerator.builder().partition(7).clock(stepping).build();

    /** The floor of any clock-based generator: one clock read. */
    @Benchmark
    public long currentTimeMillis() {
        return System.currentTimeMillis();
    }

    /** 1,000 IDs from one call, per ID. */
    @Benchmark
    @OperationsPerInvocation(1000)
    public SnoId[] nextBatch1000() {
        return generator.nextBatch(1, 1000);
    }
}
