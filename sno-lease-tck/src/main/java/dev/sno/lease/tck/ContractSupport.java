package dev.sno.lease.tck;

import static org.junit.jupiter.api.Assertions.fail;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.PartitionLease;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/** The contract's means that need no store: values it writes, threads it starts, what it measures. */
final class ContractSupport {

    private ContractSupport() {
    }

    /** The lease at another epoch. */
    static PartitionLease epoch(PartitionLease l, long epoch) {
        return new PartitionLease(l.namespace(), l.partition(), epoch, l.host(), l.pid());
    }

    /** A state whose high-water mark is wallHi, so that two states of one partition differ. */
    static GeneratorSnapshot snapshot(int partition, long wallHi) {
        return new GeneratorSnapshot(partition, 0, 65535, 1, wallHi, wallHi, wallHi, 0);
    }

    /** What this thread has allocated, in bytes, as the JVM counts it. */
    static long allocatedBytes() {
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (threads instanceof com.sun.management.ThreadMXBean counting && counting.isThreadAllocatedMemoryEnabled()) {
            return counting.getCurrentThreadAllocatedBytes();
        }
        fail("this JVM does not count the memory a thread allocates");
        return 0;
    }

    /** Runs the task on n threads of the pool at once, and waits for all of them. */
    static void concurrently(ExecutorService pool, int n, Callable<Object> task) throws Exception {
        CyclicBarrier start = new CyclicBarrier(n);
        List<Future<Object>> runs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            runs.add(pool.submit(() -> {
                start.await();
                return task.call();
            }));
        }
        for (Future<Object> f : runs) {
            f.get();
        }
    }
}
