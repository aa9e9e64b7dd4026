package dev.sno.bench;

import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * One generator asked for more than its capacity of 65,536 IDs per 4 ms (16,384,000 per second):
 * throughput should sit at capacity, with stalled callers parked, not spinning.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SaturatedBenchmark {

    private final SnoGenerator generator = SnoGenerator.builder().partition(77).build();

    /** One thread on one generator. */
    @Benchmark
    @Threads(1)
    public SnoId oneThread() {
        return generator.next(1);
    }

    /** Two threads on one generator. */
    @Benchmark
    @Threads(2)
    public SnoId twoThreads() {
        return generator.next(1);
    }
}
