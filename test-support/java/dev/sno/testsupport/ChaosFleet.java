package dev.sno.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * A fleet of real processes holding leases from one store, for the stores' chaos tests: spawns
 * child JVMs ({@link ChaosHolder}, through the store's own child class), kills and stops them with
 * real signals, and at the end compares every ID every child made. The store's test writes the
 * scenario (which children die, what happens to the server); {@link #finish} checks what every
 * scenario must end with:
 * <ul>
 *   <li>no ID twice, over every ID every child wrote;</li>
 *   <li>no child that was neither stopped nor killed lost its lease unless a renewal of that lease
 *       had failed first (the store's outage);</li>
 *   <li>every stopped child (a zombie, continued after its lease was taken) learnt that its lease
 *       is lost;</li>
 *   <li>takeovers happened (acquisitions at an epoch above 1), and enough IDs were made.</li>
 * </ul>
 */
public final class ChaosFleet {

    /** One child JVM and what it printed. */
    public static final class Child {
        private final Process process;
        private final Path ids;
        private final List<String> lines = new CopyOnWriteArrayList<>();
        private final Thread reader;
        private boolean killed;
        private boolean stopped;

        private Child(int index, Process process, Path ids) {
            this.process = process;
            this.ids = ids;
            this.reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String l; (l = in.readLine()) != null;) {
                        lines.add(l);
                    }
                } catch (IOException e) {
                    lines.add("READ-ERROR " + e);
                }
            }, "chaos-child-" + index);
            reader.start();
        }

        /** Whether the child printed a line that starts with prefix. */
        public boolean printed(String prefix) {
            return lines.stream().anyMatch(l -> l.startsWith(prefix));
        }

        /** How many lines the child printed that start with prefix. */
        public long count(String prefix) {
            return lines.stream().filter(l -> l.startsWith(prefix)).count();
        }

        /** How many bytes of IDs the child has written (10 per ID). */
        public long bytes() {
            try {
                return Files.exists(ids) ? Files.size(ids) : 0;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private final String store;
    private final Class<?> childMain;
    private final String url;
    private final String namespace;
    private final int partitions;
    private final long leaseMillis;
    private final Path dir;
    private final List<Child> children = new ArrayList<>();

    /**
     * A fleet on partitions 0..partitions-1 of a namespace.
     *
     * @param store        the store's name, for the summary line
     * @param childMain    the store's child class, whose main calls {@link ChaosHolder#run}
     * @param url          what the child connects to
     * @param namespace    the namespace
     * @param partitions   how many partitions
     * @param leaseMillis  the lease duration
     */
    public ChaosFleet(String store, Class<?> childMain, String url, String namespace, int partitions, long leaseMillis)
            throws IOException {
        this.store = store;
        this.childMain = childMain;
        this.url = url;
        this.namespace = namespace;
        this.partitions = partitions;
        this.leaseMillis = leaseMillis;
        this.dir = Files.createTempDirectory("sno-" + store.toLowerCase(java.util.Locale.ROOT) + "-chaos");
    }

    /** Starts a child whose clock is skewMillis from the system's. */
    public Child spawn(long skewMillis) throws IOException {
        int index = children.size();
        Path ids = dir.resolve("ids-" + index);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx128m",
                "-cp", System.getProperty("java.class.path"), childMain.getName(), url, namespace, "0",
                Integer.toString(partitions - 1), Long.toString(leaseMillis), ids.toString(), Long.toString(skewMillis))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        Child c = new Child(index, p, ids);
        children.add(c);
        return c;
    }

    /**
     * Starts one child per partition, their clocks up to 2 s apart, and waits until each holds a
     * lease and has made 4,096 IDs.
     *
     * @return the children, in partition order of their start
     */
    public List<Child> startHolders() throws IOException {
        List<Child> first = new ArrayList<>();
        for (int i = 0; i < partitions; i++) {
            first.add(spawn((i % 5 - 2) * 1_000L));
        }
        awaitAll("all children to hold a lease", 120_000, first, "ACQUIRED ");
        await("every child to make 4,096 IDs", 60_000, () -> first.stream().allMatch(c -> c.bytes() >= 40_960));
        return List.copyOf(first);
    }

    /**
     * Starts n children whose clocks are 8 s behind, which wait for partitions (without the state
     * in the lease they would make the old holders' IDs again).
     */
    public List<Child> startTakers(int n) throws IOException {
        List<Child> takers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            takers.add(spawn(-8_000));
        }
        return List.copyOf(takers);
    }

    /**
     * After the outage: waits for the takers to take the dead and stopped children's partitions
     * over, continues the stopped children (zombies) and waits until they learn their lease is
     * lost, and until the takers have made 4,096 IDs each.
     */
    public void takeOverThenWakeZombies(List<Child> takers, List<Child> zombies) throws Exception {
        awaitAll("the new children to take over the killed and stopped children's partitions", 90_000, takers,
                "ACQUIRED ");
        resume(zombies);
        awaitAll("the continued children to learn their lease is lost", 30_000, zombies, "LOST ");
        await("the new children to make 4,096 IDs each", 60_000, () -> takers.stream().allMatch(c -> c.bytes() >= 40_960));
    }

    /** The children so far, in the order they were spawned. */
    public List<Child> children() {
        return children;
    }

    /** SIGKILL: the child dies without closing anything. */
    public void kill(List<Child> these) throws Exception {
        for (Child c : these) {
            c.killed = true;
            signal(c, "KILL");
        }
    }

    /** SIGSTOP: the child is paused, past its lease, until {@link #resume}. */
    public void stop(List<Child> these) throws Exception {
        for (Child c : these) {
            c.stopped = true;
            signal(c, "STOP");
        }
    }

    /** SIGCONT: a stopped child goes on, as a zombie whose lease was taken. */
    public void resume(List<Child> these) throws Exception {
        for (Child c : these) {
            signal(c, "CONT");
        }
    }

    /** Waits (parked, polling) for a condition, failing after timeoutMillis. */
    public static void await(String what, long timeoutMillis, BooleanSupplier condition) {
        long end = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("timed out after " + timeoutMillis + " ms waiting for " + what);
            }
            LockSupport.parkNanos(20_000_000L);
        }
    }

    /** Waits until every one of these children printed a line starting with prefix. */
    public static void awaitAll(String what, long timeoutMillis, List<Child> these, String prefix) {
        await(what, timeoutMillis, () -> these.stream().allMatch(c -> c.printed(prefix)));
    }

    /** Ends every child that lives (its standard input closes), waits for them, then kills what is left. */
    private void end() throws Exception {
        try {
            for (Child c : children) {
                if (!c.killed) {
                    c.process.getOutputStream().close();
                }
            }
            for (Child c : children) {
                if (!c.process.waitFor(60, TimeUnit.SECONDS)) {
                    throw new AssertionError("a child did not exit: " + c.lines);
                }
                c.reader.join(10_000);
            }
        } finally {
            for (Child c : children) {
                if (c.process.isAlive()) {
                    c.process.destroyForcibly();
                }
            }
        }
    }

    /** Kills every child that is still alive: for a test that failed before {@link #finish}. */
    public void destroy() {
        for (Child c : children) {
            if (c.process.isAlive()) {
                c.process.destroyForcibly();
            }
        }
    }

    /**
     * Ends the children, prints the summary line and checks what every scenario must end with.
     *
     * @param scenario  what happened, for the summary line
     * @param takers    the least number of takeovers expected
     */
    public void finish(String scenario, int takers) throws Exception {
        end();
        List<long[]> all = new ArrayList<>();
        for (Child c : children) {
            byte[] b = Files.readAllBytes(c.ids);
            for (int i = 0; i + 10 <= b.length; i += 10) {
                long h = 0;
                for (int k = 0; k < 8; k++) {
                    h = h << 8 | (b[i + k] & 0xFF);
                }
                all.add(new long[] {h, (b[i + 8] & 0xFF) << 8 | (b[i + 9] & 0xFF)});
            }
        }
        long[][] sorted = all.toArray(new long[0][]);
        Arrays.sort(sorted, (x, y) -> x[0] != y[0] ? Long.compareUnsigned(x[0], y[0]) : Long.compare(x[1], y[1]));
        int duplicates = 0;
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i][0] == sorted[i - 1][0] && sorted[i][1] == sorted[i - 1][1]) {
                duplicates++;
            }
        }
        int liveLosses = 0;
        int liveLossesAfterFailure = 0;
        int failures = 0;
        int recoveries = 0;
        int acquisitions = 0;
        int takeovers = 0;
        Set<String> zombieLosses = new HashSet<>();
        int zombies = 0;
        for (Child c : children) {
            boolean failedInTenure = false;
            zombies += c.stopped ? 1 : 0;
            for (String l : c.lines) {
                if (l.startsWith("ACQUIRED ")) {
                    acquisitions++;
                    failedInTenure = false;
                    if (Long.parseLong(l.split(" ")[2]) > 1) {
                        takeovers++;
                    }
                } else if (l.startsWith("FAILED ")) {
                    failures++;
                    failedInTenure = true;
                } else if (l.startsWith("RECOVERED ")) {
                    recoveries++;
                } else if (l.startsWith("LOST ") && c.stopped) {
                    zombieLosses.add(c.process.pid() + " " + l);
                } else if (l.startsWith("LOST ") && !c.killed) {
                    if (failedInTenure) {
                        liveLossesAfterFailure++;
                    } else {
                        liveLosses++;
                    }
                }
            }
        }
        long zombiesFenced = children.stream().filter(c -> c.stopped && c.printed("LOST ")).count();
        System.out.printf("[chaos %s] %d child JVMs, %d partitions, lease %d ms, %s: %,d IDs, %d duplicates;"
                + " %d acquisitions (%d takeovers), %d zombies fenced of %d, %d failed renewals, %d recoveries;"
                + " leases lost by live holders: %d without a failed renewal before, %d after one%n", store,
                children.size(), partitions, leaseMillis, scenario, all.size(), duplicates, acquisitions, takeovers,
                zombiesFenced, zombies, failures, recoveries, liveLosses, liveLossesAfterFailure);
        assertEquals(0, duplicates, "duplicate IDs");
        assertEquals(0, liveLosses, "leases lost by live holders outside the outage");
        assertTrue(takeovers >= takers, "takeovers: " + takeovers);
        assertEquals(zombies, zombiesFenced, "every zombie was fenced out: " + zombieLosses);
        assertTrue(all.size() > 10_000, "IDs: " + all.size());
    }

    private static void signal(Child c, String signal) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(c.process.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + signal);
    }
}
