package dev.sno;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/** State stores for tests of the write-ahead rules: in memory, with switches to fail or block. */
final class TestStores {

    private TestStores() {
    }

    /** Keeps every saved record; can fail, block, or "crash" (fail every later save). */
    static final class Memory implements SnoStateStore {
        private final List<GeneratorSnapshot> saved = new ArrayList<>();
        private final Duration validity;
        final AtomicInteger attempts = new AtomicInteger();
        /** Attempts made by callers, not by the generator's background writer. */
        final AtomicInteger callerAttempts = new AtomicInteger();
        volatile boolean failing;
        /** Saves apply, then fail: the store committed and the answer was lost (a timeout). */
        volatile boolean appliedThenFailing;
        volatile CountDownLatch gate;
        volatile boolean closed;

        Memory() {
            this((Duration) null);
        }

        Memory(Duration validity) {
            this.validity = validity;
        }

        Memory(GeneratorSnapshot initial) {
            this((Duration) null);
            saved.add(initial);
        }

        @Override
        public synchronized Optional<GeneratorSnapshot> load() {
            return saved.isEmpty() ? Optional.empty() : Optional.of(saved.get(saved.size() - 1));
        }

        @Override
        public void save(GeneratorSnapshot record) throws IOException {
            attempts.incrementAndGet();
            if (!Thread.currentThread().getName().startsWith("sno-state-writer")) {
                callerAttempts.incrementAndGet();
            }
            CountDownLatch g = gate;
            if (g != null) {
                try {
                    g.await();
                } catch (InterruptedException e) {
                    throw new IOException("interrupted", e);
                }
            }
            if (failing) {
                throw new IOException("No space left on device (test)");
            }
            synchronized (this) {
                saved.add(record);
            }
            if (appliedThenFailing) {
                throw new IOException("Read timed out, after the store applied the save (test)");
            }
        }

        synchronized List<GeneratorSnapshot> saved() {
            return List.copyOf(saved);
        }

        /** The highest unit the durable record covers: its wallHi. */
        synchronized long durableHigh() {
            return saved.isEmpty() ? -1 : saved.get(saved.size() - 1).wallHi();
        }

        @Override
        public Optional<Duration> validity() {
            return Optional.ofNullable(validity);
        }

        @Override
        public void close() {
            closed = true;
        }

        @Override
        public String toString() {
            return "memory store";
        }
    }
}
