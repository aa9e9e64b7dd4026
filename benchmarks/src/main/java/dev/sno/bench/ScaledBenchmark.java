package dev.sno.bench;

import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * Two threads, each with its own generator and partition (full pools): the capacity doubles to
 * 32,768,000 IDs per second, so this shows how generation scales when nothing saturates.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ScaledBenchmark {

    private static final AtomicInteger SHARDS = new AtomicInteger();

    private final SnoGenerator generator;

    /** Each thread gets a generator with a partition of its own. */
    public ScaledBenchmark() {
        generator = SnoGenerator.builder().partition(880 + SHARDS.getAndIncrement()).build();
    }

    /** Two threads, two generators. */
    @Benchmark
    @Threads(2)
    public SnoId twoGenerators() {
        return generator.next(1);
    }
}
