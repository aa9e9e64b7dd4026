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

/** Two threads, each with its own generator on a shared partition with half the sequence pool. */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ScaledBenchmark {

    private static final AtomicInteger SHARDS = new AtomicInteger();

    private final SnoGenerator generator;

    /** Each thread takes the next half of the pool of partition 88. */
    public ScaledBenchmark() {
        int shard = SHARDS.getAndIncrement() & 1;
        generator = SnoGenerator.builder().partition(88).sequenceRange(shard * 32768, shard * 32768 + 32767).build();
    }

    /** Two threads, two generators. */
    @Benchmark
    @Threads(2)
    public SnoId twoGenerators() {
        return generator.next(1);
    }
}
