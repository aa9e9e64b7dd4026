package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sno.process.BurstChild;
import dev.sno.process.ChildJvm;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unconfigured processes started at the same moment (issue 18): 24 child JVMs ({@link
 * BurstChild}) that configure no partition and no state file are started and made ready, then
 * released at once; half call {@link Sno#next(int) Sno.next(3)} 2,000 times, half run the
 * command {@code sno generate 500}. Each writes its partition and its IDs to a file of its own.
 * Checked: every child exited 0 and made as many IDs as it was asked for, all with its
 * partition; no ID repeats within a process; no ID repeats between processes on different
 * partitions; at most one pair of processes shares a partition.
 *
 * <p>Why: a generator made without a partition takes one from the process's default. When that
 * default was seeded from the clock, processes started together (a deployment, a batch of
 * jobs, {@code xargs -P} over the command) read nearly the same time and got the same or
 * adjacent partitions; measured with 144 processes in 6 bursts of 24: 39 pairs on one partition
 * and 1,567 of 180,000 IDs repeated. On a clock seed this test fails with 5 to 12 pairs on one
 * partition (tens to hundreds of IDs repeated). With a seed from {@link
 * java.security.SecureRandom} the partitions of N processes are independent and uniform over
 * 65,536, so some pair shares one with probability about N(N-1)/2/65,536: for 24 processes
 * 276/65,536 = 0.42%, and two or more pairs (or three processes on one partition) about 1e-5.
 * That is why one shared pair is tolerated: the test prints it (the two processes, the
 * partition and how many IDs they repeated) and does not fail for repeats within that pair,
 * which are the documented risk of the default (a sno child and a command child never repeat
 * each other's IDs in any case: their metabytes differ, 3 and 0). Two pairs fail.
 *
 * <p>The start signal is a file lock: the test holds an exclusive lock on a gate file; each
 * child, once its JVM runs, blocks on a shared lock of the same file. The test waits until all
 * children are blocked in the kernel (their requests are listed in {@code /proc/locks}), then
 * unlocks: one {@code fcntl} unlock wakes every waiter, and shared locks are compatible, so all
 * become runnable in the same instant (the first is on a CPU about 0.3 ms after the unlock). On
 * 2 cores, 24 runnable JVMs take turns: the moments at which the children note their release
 * spread over about 30 ms (up to 180 ms while other builds share the cores), as for any
 * processes started together on a small machine. So that each child's partition follows its
 * release closely, the child first warms up what comes before the partition and takes none
 * (the public classes, a builder that is not built, the codec, the command's {@code --help});
 * its first ID then comes about 3 ms after its release. Without that, class loading and the
 * first lambdas and VarHandles spread the first IDs over some 300 ms, and a clock seed left
 * only 1 to 4 pairs on one partition.
 *
 * <p>On a 2-core machine the test takes 3 to 8 s, almost all of it starting the JVMs. {@code
 * -Dsno.burst.processes=N} runs another number of processes (with 144, a random default leaves
 * two or more pairs on one partition in about 1% of runs).
 */
@Timeout(300)
class BurstTest {

    private static final int PROCESSES = Integer.getInteger("sno.burst.processes", 24);
    private static final int SNO_CALLS = 2_000;
    private static final int CLI_COUNT = 500;
    /** For all children to start and reach the gate (24 JVMs on 2 busy cores). */
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
    /** For all children to block on the gate after they printed READY. */
    private static final Duration BLOCKED_TIMEOUT = Duration.ofSeconds(20);
    /** For all children to finish after the gate opens. */
    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    private final List<ChildJvm> children = new ArrayList<>();

    @AfterEach
    void killLeftovers() {
        children.forEach(ChildJvm::destroy);
    }

    /** One child's part. */
    private record Child(int index, String mode, int asked, ChildJvm jvm, Path out) {

        String name() {
            return "#" + index + " (" + mode + ", pid " + jvm.pid() + ")";
        }
    }

    /** What one child wrote. */
    private record Result(Child child, int partition, long releasedMicros, List<SnoId> ids) {
    }

    @Test
    void unconfiguredProcessesReleasedAtOnceDoNotShareAPartition() throws IOException {
        long started = System.nanoTime();
        Path gate = dir.resolve("gate.lock");
        List<Child> burst = new ArrayList<>();
        long releasedAtMicros;
        try (FileChannel gateChannel = FileChannel.open(gate, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            FileLock held = gateChannel.lock();
            for (int i = 0; i < PROCESSES; i++) {
                String mode = i % 2 == 0 ? "sno" : "cli";
                int asked = mode.equals("sno") ? SNO_CALLS : CLI_COUNT;
                Path out = dir.resolve(i + ".ids");
                ChildJvm jvm = ChildJvm.start(dir.resolve(i + ".log"), BurstChild.class,
                        List.of("SNO_PARTITION", "SNO_SNAPSHOT_FILE"), mode, gate.toString(), out.toString(),
                        Integer.toString(asked));
                children.add(jvm);
                burst.add(new Child(i, mode, asked, jvm, out));
            }
            long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
            for (Child c : burst) {
                c.jvm().awaitLine("READY", Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            }
            awaitBlockedOnGate(gate, burst);
            releasedAtMicros = nowMicros();
            held.release(); // the start signal
        }

        long deadline = System.nanoTime() + RUN_TIMEOUT.toNanos();
        for (Child c : burst) {
            int exit = c.jvm().waitFor(Duration.ofNanos(Math.max(1_000_000, deadline - System.nanoTime())));
            assertEquals(0, exit, () -> "child " + c.name() + " exited with " + exit + ":\n" + c.jvm().output());
        }
        List<Result> results = new ArrayList<>();
        for (Child c : burst) {
            results.add(read(c));
        }
        check(results, releasedAtMicros, started);
    }

    private static void check(List<Result> results, long releasedAtMicros, long startedNanos) {
        // Which process made each ID first; repeats within a process and between each pair.
        Map<SnoId, Integer> madeBy = new HashMap<>();
        int[] within = new int[results.size()];
        Map<List<Integer>, Integer> between = new TreeMap<>(BurstTest::comparePairs);
        int ids = 0;
        for (Result r : results) {
            int self = r.child().index();
            for (SnoId id : r.ids()) {
                ids++;
                Integer first = madeBy.putIfAbsent(id, self);
                if (first == null) {
                    continue;
                }
                if (first == self) {
                    within[self]++;
                } else {
                    between.merge(List.of(first, self), 1, Integer::sum);
                }
            }
        }
        int repeats = ids - madeBy.size();

        // Pairs of processes on one partition.
        Map<Integer, List<Result>> byPartition = new TreeMap<>();
        for (Result r : results) {
            byPartition.computeIfAbsent(r.partition(), p -> new ArrayList<>()).add(r);
        }
        List<String> sharedPairs = new ArrayList<>();
        List<List<Integer>> sharedKeys = new ArrayList<>();
        for (Map.Entry<Integer, List<Result>> e : byPartition.entrySet()) {
            List<Result> on = e.getValue();
            for (int a = 0; a < on.size(); a++) {
                for (int b = a + 1; b < on.size(); b++) {
                    List<Integer> key = List.of(on.get(a).child().index(), on.get(b).child().index());
                    sharedKeys.add(key);
                    sharedPairs.add("partition " + e.getKey() + ": " + on.get(a).child().name() + " and "
                            + on.get(b).child().name() + ", " + between.getOrDefault(key, 0) + " IDs repeated");
                }
            }
        }

        long firstRelease = results.stream().mapToLong(Result::releasedMicros).min().orElseThrow();
        long lastRelease = results.stream().mapToLong(Result::releasedMicros).max().orElseThrow();
        long sno = results.stream().filter(r -> r.child().mode().equals("sno")).count();
        String summary = String.format("BurstTest: %d processes (%d Sno.next(3) x %d, %d 'sno generate %d'),"
                + " released within %.3f ms (first %.3f ms after the unlock), %d IDs, %d repeats,"
                + " %d same-partition pairs, %d distinct partitions, %.1f s",
                results.size(), sno, SNO_CALLS, results.size() - sno, CLI_COUNT, (lastRelease - firstRelease) / 1e3,
                (firstRelease - releasedAtMicros) / 1e3, ids, repeats, sharedPairs.size(), byPartition.size(),
                (System.nanoTime() - startedNanos) / 1e9);
        System.out.println(summary);

        for (Result r : results) {
            assertEquals(r.child().asked(), r.ids().size(), () -> "child " + r.child().name() + " made "
                    + r.ids().size() + " IDs, asked for " + r.child().asked() + "\n" + summary);
            for (SnoId id : r.ids()) {
                assertEquals(r.partition(), id.partition(), () -> "child " + r.child().name() + " reported partition "
                        + r.partition() + " but made " + id + " on partition " + id.partition());
            }
            assertEquals(0, within[r.child().index()], () -> "child " + r.child().name() + " repeated "
                    + within[r.child().index()] + " of its own IDs\n" + summary);
        }
        for (Map.Entry<List<Integer>, Integer> e : between.entrySet()) {
            if (!sharedKeys.contains(e.getKey())) {
                fail(e.getValue() + " IDs repeated between processes on different partitions: "
                        + results.get(e.getKey().get(0)).child().name() + " on " + results.get(e.getKey().get(0)).partition()
                        + ", " + results.get(e.getKey().get(1)).child().name() + " on "
                        + results.get(e.getKey().get(1)).partition() + "\n" + summary);
            }
        }
        if (sharedPairs.size() > 1) {
            fail(sharedPairs.size() + " pairs of processes share a partition, at most 1 expected (with a random seed"
                    + " two or more pairs among " + results.size() + " processes come about once in "
                    + oneInTwoPairs(results.size()) + " runs):\n  " + String.join("\n  ", sharedPairs) + "\n" + summary);
        }
        if (sharedPairs.size() == 1) {
            int n = results.size();
            System.out.printf("BurstTest: one pair of processes on one partition, tolerated (probability about"
                    + " %d*%d/2/65536 = %.2f%% for a random seed): %s%n", n, n - 1, 100.0 * n * (n - 1) / 2 / 65536,
                    sharedPairs.get(0));
        }
    }

    /** About how many runs with a random seed per run with two or more same-partition pairs. */
    private static long oneInTwoPairs(int n) {
        double lambda = n * (n - 1) / 2.0 / 65536; // expected number of pairs (Poisson)
        double p = 1 - Math.exp(-lambda) * (1 + lambda);
        return Math.round(1 / p);
    }

    private static int comparePairs(List<Integer> a, List<Integer> b) {
        int c = Integer.compare(a.get(0), b.get(0));
        return c != 0 ? c : Integer.compare(a.get(1), b.get(1));
    }

    private static Result read(Child c) {
        List<String> lines;
        try {
            lines = Files.readAllLines(c.out(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException("child " + c.name() + " exited 0 but its output is missing:\n"
                    + c.jvm().output(), e);
        }
        if (lines.size() < 2 || !lines.get(0).startsWith("partition ") || !lines.get(1).startsWith("released ")) {
            fail("child " + c.name() + " wrote no 'partition' and 'released' lines: " + lines.subList(0,
                    Math.min(3, lines.size())));
        }
        int partition = Integer.parseInt(lines.get(0).substring("partition ".length()));
        long released = Long.parseLong(lines.get(1).substring("released ".length()));
        List<SnoId> ids = new ArrayList<>(lines.size() - 2);
        for (String line : lines.subList(2, lines.size())) {
            ids.add(SnoId.parse(line));
        }
        return new Result(c, partition, released, ids);
    }

    /**
     * Waits until every child's lock request waits behind the test's lock: the lines of {@code
     * /proc/locks} marked {@code ->} are blocked requests, and they name the file by its inode.
     */
    private static void awaitBlockedOnGate(Path gate, List<Child> children) throws IOException {
        Path locks = Path.of("/proc/locks");
        if (!Files.isReadable(locks)) {
            System.out.println("BurstTest: no /proc/locks; the children printed READY right before locking");
            return;
        }
        String inode = ":" + Files.getAttribute(gate, "unix:ino");
        long deadline = System.nanoTime() + BLOCKED_TIMEOUT.toNanos();
        int blocked = 0;
        while (System.nanoTime() - deadline < 0) {
            blocked = 0;
            for (String line : Files.readAllLines(locks, StandardCharsets.US_ASCII)) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 6 && f[1].equals("->") && f[6].endsWith(inode)) {
                    blocked++;
                }
            }
            if (blocked == children.size()) {
                return;
            }
            for (Child c : children) {
                if (!c.jvm().isAlive()) {
                    fail("child " + c.name() + " exited before the start signal:\n" + c.jvm().output());
                }
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
        fail(blocked + " of " + children.size() + " children blocked on the gate within " + BLOCKED_TIMEOUT);
    }

    private static long nowMicros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
    }
}
