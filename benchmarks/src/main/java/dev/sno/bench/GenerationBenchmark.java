package dev.sno.bench;

import com.github.f4b6a3.tsid.TsidCreator;
import com.github.f4b6a3.tsid.TsidFactory;
import com.github.f4b6a3.ulid.UlidCreator;
import com.github.f4b6a3.uuid.UuidCreator;
import dev.sno.Sno;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Generation on one thread, nowhere near any pool limit: sno round-robin over 16 generators
 * (65,536 IDs per 4 ms each), the Sno facade, the peers' generators, and the clock alone.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class GenerationBenchmark {

    private final SnoGenerator[] generators = new SnoGenerator[16];
    private int next;
    private final TsidFactory tsidFactory = TsidFactory.builder().withNode(7).build();

    /** Creates 16 generators with distinct partitions. */
    public GenerationBenchmark() {
        for (int i = 0; i < generators.length; i++) {
            generators[i] = SnoGenerator.builder().partition(1000 + i).build();
        }
    }

    /** The floor of any clock-based generator. */
    @Benchmark
    public long currentTimeMillis() {
        return System.currentTimeMillis();
    }

    /** sno's fast path, spread over 16 generators so that none saturates. */
    @Benchmark
    public SnoId snoNext() {
        int i = next++ & 15;
        return generators[i].next(1);
    }

    /** The process-wide facade (one generator: saturates above 16.4 M/s). */
    @Benchmark
    public SnoId snoFacade() {
        return Sno.next(1);
    }

    /** tsid-creator's default factory. */
    @Benchmark
    public Object tsidCreator() {
        return TsidCreator.getTsid();
    }

    /** tsid-creator with its own factory. */
    @Benchmark
    public Object tsidFactory() {
        return tsidFactory.create();
    }

    /** ulid-creator, monotonic. */
    @Benchmark
    public Object ulidMonotonic() {
        return UlidCreator.getMonotonicUlid();
    }

    /** uuid-creator, UUIDv7. */
    @Benchmark
    public UUID uuidV7() {
        return UuidCreator.getTimeOrderedEpoch();
    }

    /** The JDK's random UUID. */
    @Benchmark
    public UUID uuidRandom() {
        return UUID.randomUUID();
    }
}
