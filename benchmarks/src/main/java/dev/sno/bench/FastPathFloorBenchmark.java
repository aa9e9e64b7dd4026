package dev.sno.bench;

import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The fast path of {@code next} taken apart (issue 13): what a thread-safe generator that
 * returns a new object cannot avoid, built up one part at a time next to sno's own fast path, in
 * the same run. Every variant rotates over 16 states as {@link GenerationBenchmark#snoNext}
 * does over 16 generators.
 *
 * <ul>
 *   <li>{@code clock}: {@code System.currentTimeMillis()} alone;
 *   <li>{@code clockAndAtomic}: plus one uncontended {@code getAndAdd} on a shared word (the
 *       locked instruction that makes a sequence unique across threads);
 *   <li>{@code clockAndAllocation}: the clock plus one 24-byte object (the returned ID);
 *   <li>{@code floor}: clock, atomic and allocation: the least any such generator can do;
 *   <li>{@code snoNext}: sno's fast path; its time above {@code floor} is sno's own overhead.
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FastPathFloorBenchmark {

    private static final VarHandle WORD;

    static {
        try {
            WORD = MethodHandles.lookup().findVarHandle(Word.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A shared state word, as a generator holds one. */
    static final class Word {
        volatile long value;
    }

    /** An object of an ID's shape and size: a long and a char, 24 bytes. */
    record Stamp(long hi, char lo) {
    }

    private final Word[] words = new Word[16];
    private final SnoGenerator[] generators = new SnoGenerator[16];
    private int next;

    /** Creates 16 words and 16 generators with distinct partitions. */
    public FastPathFloorBenchmark() {
        for (int i = 0; i < 16; i++) {
            words[i] = new Word();
            generators[i] = SnoGenerator.builder().partition(2000 + i).build();
        }
    }

    /** The clock alone. */
    @Benchmark
    public long clock() {
        return System.currentTimeMillis();
    }

    /** The clock and one uncontended atomic add. */
    @Benchmark
    public long clockAndAtomic() {
        long now = System.currentTimeMillis();
        return now ^ (long) WORD.getAndAdd(words[next++ & 15], 1L);
    }

    /** The clock and one 24-byte object. */
    @Benchmark
    public Stamp clockAndAllocation() {
        long now = System.currentTimeMillis();
        return new Stamp(now, (char) next++);
    }

    /** The clock, one atomic add and one 24-byte object. */
    @Benchmark
    public Stamp floor() {
        long now = System.currentTimeMillis();
        long seq = (long) WORD.getAndAdd(words[next++ & 15], 1L);
        return new Stamp(now, (char) seq);
    }

    /** sno's fast path, spread over 16 generators so that none saturates. */
    @Benchmark
    public SnoId snoNext() {
        return generators[next++ & 15].next(1);
    }
}
