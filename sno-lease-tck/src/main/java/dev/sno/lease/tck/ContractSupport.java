package dev.sno.lease.tck;

import static org.junit.jupiter.api.Assertions.fail;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import dev.sno.lease.PartitionLease;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.locks.LockSupport;

/**
 * The contract's means: values it writes, threads it starts, what it measures, and the two ways it
 * asks a store for a partition beside a plain acquisition.
 */
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

    /** Acquires with the claim until it is granted, polling every 10 ms, for at most timeoutMillis. */
    static Grant awaitGrant(LeaseStore store, long timeoutMillis, String what, Claim c) throws IOException {
        long end = System.nanoTime() + timeoutMillis * 1_000_000;
        for (;;) {
            Optional<Grant> g = store.acquire(c);
            if (g.isPresent()) {
                return g.get();
            }
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("timed out after " + timeoutMillis + " ms waiting for " + what);
            }
            LockSupport.parkNanos(10_000_000L);
        }
    }

    /**
     * Acquires amid hostile data: an exception is a failure of the contract (one bad entry must
     * not stop an acquisition), reported as such.
     */
    static Optional<Grant> acquireAmid(LeaseStore store, Claim c) {
        try {
            return store.acquire(c);
        } catch (IOException | RuntimeException e) {
            throw new AssertionError("an acquisition of " + c.lo() + ".." + c.hi() + " failed amid hostile data: " + e, e);
        }
    }
}
