package dev.sno.bench;

import dev.sno.SnoGenerator;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import jdk.jfr.consumer.RecordingStream;
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
import org.openjdk.jmh.annotations.Threads;

/**
 * 10,000 virtual threads calling {@code next} on one generator, far above its capacity of
 * 16,384,000 IDs per second, so that nearly every caller is stalled at any moment. Needs JDK 21+.
 *
 * <p>The virtual threads run for the whole trial; JMH's own thread only samples. The secondary
 * results are the measurement:
 * <ul>
 *   <li>{@code idsMade}: IDs made per second (target: at least 97% of capacity);</li>
 *   <li>{@code cpuNanos}: CPU nanoseconds the whole process used per second (1e9 = one core
 *       busy): the cost of the stalled callers;</li>
 *   <li>{@code pinnedParks}: {@code jdk.VirtualThreadPinned} JFR events (threshold 0) per second:
 *       a virtual thread that parks while pinned to its carrier. Zero means every
 *       stalled caller unmounted.</li>
 * </ul>
 *
 * <p>The module is compiled for Java 17, so the virtual-thread executor is looked up by
 * reflection: {@code Executors.newVirtualThreadPerTaskExecutor()} returns a Java 17 type
 * ({@code ExecutorService}), so one reflective call is all it takes, with no second source set
 * or multi-release jar. On JDK 17 the setup fails with a message; {@code run.sh} excludes this
 * benchmark there.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class VirtualThreadBenchmark {

    /** Number of virtual threads calling {@code next}. */
    static final int THREADS = 10_000;

    private final SnoGenerator generator = SnoGenerator.builder().partition(88).build();
    // Static: the counters' helper reads them without injecting this state (which would make
    // JMH build a second instance, with its own threads). One benchmark runs per forked JVM.
    private static final LongAdder IDS = new LongAdder();
    private static final AtomicLong PINNED = new AtomicLong();
    private volatile boolean running = true;
    private ExecutorService executor;
    private RecordingStream jfr;

    /**
     * Starts the JFR stream, checks that it sees a pinned park, and starts the virtual threads.
     *
     * @throws InterruptedException if interrupted
     */
    @Setup(Level.Trial)
    public void start() throws InterruptedException {
        jfr = new RecordingStream();
        jfr.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO);
        jfr.onEvent("jdk.VirtualThreadPinned", e -> PINNED.incrementAndGet());
        jfr.startAsync();
        executor = virtualThreadPerTaskExecutor();
        proveDetection();
        for (int i = 0; i < THREADS; i++) {
            executor.execute(() -> {
                while (running) {
                    generator.next(1);
                    IDS.increment();
                }
            });
        }
    }

    /**
     * Stops the virtual threads and the JFR stream.
     *
     * @throws InterruptedException if interrupted
     */
    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        running = false;
        executor.shutdown();
        if (!executor.awaitTermination(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("virtual threads did not stop");
        }
        jfr.close();
        generator.close();
    }

    /**
     * The control: one virtual thread parks inside a class initializer, which pins it to its
     * carrier; the JFR stream must report it, else a zero count would prove nothing.
     */
    private void proveDetection() throws InterruptedException {
        executor.execute(PinsOnPurpose::load);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (PINNED.get() == 0) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("JFR reported no jdk.VirtualThreadPinned event for the control");
            }
            Thread.sleep(50);
        }
        PINNED.set(0);
    }

    /** Parks while being initialized (a virtual thread cannot unmount inside {@code <clinit>}). */
    static final class PinsOnPurpose {
        static {
            java.util.concurrent.locks.LockSupport.parkNanos(20_000_000L);
        }

        static void load() {
        }
    }

    static ExecutorService virtualThreadPerTaskExecutor() {
        try {
            return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        } catch (NoSuchMethodException e) {
            throw new UnsupportedOperationException("VirtualThreadBenchmark needs JDK 21 or later, running on "
                    + Runtime.version(), e);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(e);
        }
    }

    static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** What one iteration saw; JMH divides the OPERATIONS counters by the iteration's time. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Counters {
        /** IDs made in the iteration. */
        public long idsMade;
        /** Process CPU nanoseconds used in the iteration. */
        public long cpuNanos;
        /** {@code jdk.VirtualThreadPinned} events received in the iteration. */
        public long pinnedParks;
        private long idsAtStart;
        private long cpuAtStart;
        private long pinnedAtStart;

        /** Records where the counters stand at the start of an iteration. */
        @Setup(Level.Iteration)
        public void mark() {
            idsAtStart = IDS.sum();
            cpuAtStart = processCpuNanos();
            pinnedAtStart = PINNED.get();
            idsMade = 0;
            cpuNanos = 0;
            pinnedParks = 0;
        }
    }

    /**
     * Sleeps 10 ms while the virtual threads work, then brings the counters up to date.
     *
     * @param c  the per-iteration counters
     * @throws InterruptedException if interrupted
     */
    @Benchmark
    @Threads(1)
    public void sample(Counters c) throws InterruptedException {
        Thread.sleep(10);
        c.idsMade = IDS.sum() - c.idsAtStart;
        c.cpuNanos = processCpuNanos() - c.cpuAtStart;
        c.pinnedParks = PINNED.get() - c.pinnedAtStart;
    }
}
