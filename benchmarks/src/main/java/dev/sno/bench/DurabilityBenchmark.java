package dev.sno.bench;

import dev.sno.FileStateStore;
import dev.sno.GeneratorSnapshot;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.SnoStateStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The fast path of {@code next} with durable state against a plain generator, in the same run:
 * 16 generators each, used round-robin as in {@link GenerationBenchmark#snoNext} so that none
 * saturates. Target: within 5% of plain.
 *
 * <p>{@code countingStore} wraps each generator's {@link FileStateStore} in a store that counts
 * saves and times them; its secondary results are {@code savesPerGenerator} (saves per second of
 * clock time per generator, target at most 1 with the default 2 s write-ahead) and
 * {@code saveNanos} (nanoseconds spent in saves per second; divided by the saves it is the mean
 * latency of one save). The largest single save is printed at the end of the trial. Its time per
 * ID is not compared with plain: it runs in throughput mode and reads the counters on every
 * call.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DurabilityBenchmark {

    private static final int GENERATORS = 16;

    private final SnoGenerator[] plain = new SnoGenerator[GENERATORS];
    private final SnoGenerator[] snapshotFile = new SnoGenerator[GENERATORS];
    private final SnoGenerator[] counted = new SnoGenerator[GENERATORS];
    // Static: the counters' helper reads them without injecting this state (which would make
    // JMH build a second instance, with its own generators). One benchmark runs per forked JVM.
    private static final LongAdder SAVES = new LongAdder();
    private static final LongAdder SAVE_NANOS = new LongAdder();
    private static final AtomicLong MAX_SAVE_NANOS = new AtomicLong();
    private Path dir;
    private int next;

    /**
     * Builds the three sets of generators.
     *
     * @throws IOException if the state files cannot be created
     */
    @Setup(Level.Trial)
    public void build() throws IOException {
        dir = Files.createTempDirectory("sno-durability");
        for (int i = 0; i < GENERATORS; i++) {
            plain[i] = SnoGenerator.builder().partition(2000 + i).build();
            snapshotFile[i] = SnoGenerator.builder().partition(3000 + i)
                    .snapshotFile(dir.resolve("file-" + i + ".snapshot")).build();
            counted[i] = SnoGenerator.builder().partition(4000 + i)
                    .stateStore(new CountingStore(FileStateStore.open(dir.resolve("counted-" + i + ".snapshot"))))
                    .build();
        }
    }

    /**
     * Closes the generators (a final save each) and deletes their files.
     *
     * @throws IOException if a file cannot be deleted
     */
    @TearDown(Level.Trial)
    public void close() throws IOException {
        for (int i = 0; i < GENERATORS; i++) {
            plain[i].close();
            snapshotFile[i].close();
            counted[i].close();
        }
        System.out.printf("%nlargest single save: %.3f ms%n", MAX_SAVE_NANOS.get() / 1e6);
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.delete(f);
            }
        }
        Files.delete(dir);
    }

    /** A plain generator: no durable state. */
    @Benchmark
    public SnoId plain() {
        return plain[next++ & (GENERATORS - 1)].next(1);
    }

    /** With {@code snapshotFile(path)}: a write-ahead record saved about once a second. */
    @Benchmark
    public SnoId snapshotFile() {
        return snapshotFile[next++ & (GENERATORS - 1)].next(1);
    }

    /**
     * The same with a counting wrapper around the file store; in throughput mode, so that the
     * counters read per second (the report turns the score into time per ID).
     *
     * @param c  the save counters
     * @return the ID
     */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public SnoId countingStore(SaveCounters c) {
        SnoId id = counted[next++ & (GENERATORS - 1)].next(1);
        c.savesPerGenerator = (double) (SAVES.sum() - c.savesAtStart) / GENERATORS;
        c.saveNanos = SAVE_NANOS.sum() - c.nanosAtStart;
        return id;
    }

    /** Saves and their time in one iteration; JMH divides both by the iteration's time. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class SaveCounters {
        /** Saves per generator in the iteration (the generators save in the background). */
        public double savesPerGenerator;
        /** Nanoseconds spent in saves in the iteration, over all generators. */
        public long saveNanos;
        private long savesAtStart;
        private long nanosAtStart;

        /** Records where the counters stand at the start of an iteration. */
        @Setup(Level.Iteration)
        public void mark() {
            savesAtStart = SAVES.sum();
            nanosAtStart = SAVE_NANOS.sum();
            savesPerGenerator = 0;
            saveNanos = 0;
        }
    }

    /** Counts and times the saves of the store it wraps. */
    static final class CountingStore implements SnoStateStore {
        private final SnoStateStore store;

        CountingStore(SnoStateStore store) {
            this.store = store;
        }

        @Override
        public Optional<GeneratorSnapshot> load() throws IOException {
            return store.load();
        }

        @Override
        public void save(GeneratorSnapshot record) throws IOException {
            long t0 = System.nanoTime();
            store.save(record);
            long t = System.nanoTime() - t0;
            SAVES.increment();
            SAVE_NANOS.add(t);
            MAX_SAVE_NANOS.accumulateAndGet(t, Math::max);
        }

        @Override
        public void close() throws IOException {
            store.close();
        }

        @Override
        public String toString() {
            return "counting " + store;
        }
    }
}
