package dev.sno.jdbc.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.testsupport.TestServers.Server;
import dev.sno.testsupport.TestServers;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The chaos test of issue 19, on real processes and a real server: a fleet of {@link ChaosChild}
 * JVMs leasing 9 partitions with a 3 s lease, while the test kills two with SIGKILL and starts
 * replacements, stops one with SIGSTOP past its lease until a newcomer takes its partition over
 * (a zombie when it wakes), and stops the database server for a second and starts it again. Every
 * ID every process returned is in its file. Afterwards: no ID twice across the fleet; the zombie
 * was fenced (it reports the loss); and no live holder, one neither stopped nor killed, lost its
 * lease outside the outage. 12 JVMs in all, 8 to 10 at a time. Waits are for events the children
 * report (with timeouts), or for the lease to expire, which is what the scenario is about.
 */
class LeaseChaosTest {

    private static final long LEASE_MILLIS = 3_000;

    private record Event(long nanos, int child, String line) {
    }

    private final List<Event> events = new CopyOnWriteArrayList<>();
    private final List<Process> children = new ArrayList<>();

    @ParameterizedTest
    @ValueSource(strings = {LeaseDb.MARIADB, LeaseDb.POSTGRES, LeaseDb.MYSQL})
    void aFleetUnderKillsZombiesAndAnOutageRepeatsNothing(String dbName, @TempDir Path dir) throws Exception {
        LeaseDb db = LeaseDb.open(dbName, 1);
        String url = db.url();
        db.close();
        String ns = "chaos-" + UUID.randomUUID().toString().substring(0, 8);
        JdbcPartitionLeases.builder(LeaseDb.forUrl(url, 1)).namespace(ns).partitions(0, 8).build();
        long t0 = System.nanoTime();
        long[] outage = new long[2];
        try {
            for (int i = 0; i < 8; i++) {
                start(i, url, ns, dir);
            }
            awaitCount("ACQUIRED", 8, 60_000);
            // Two crashes, and two replacements: one takes the free partition, one waits for an
            // expiry.
            children.get(0).destroyForcibly().waitFor();
            children.get(1).destroyForcibly().waitFor();
            start(8, url, ns, dir);
            start(9, url, ns, dir);
            awaitCount("ACQUIRED", 10, 30_000); // a crashed holder's lease expired and was taken
            // A zombie: child 2 stops; of two newcomers, one takes the other crashed holder's
            // partition, the other finds every partition held until the stopped one's expires.
            signal(children.get(2), "STOP");
            start(10, url, ns, dir);
            awaitCount("ACQUIRED", 11, 30_000);
            start(11, url, ns, dir);
            awaitCount("ACQUIRED", 12, 30_000); // only the stopped holder's partition was left
            signal(children.get(2), "CONT");
            awaitLine(2, "LOST", 30_000); // the zombie's first write is rejected
            // The store's outage.
            outage[0] = System.nanoTime();
            server(dbName, "halt");
            TimeUnit.SECONDS.sleep(1);
            server(dbName, "resume");
            outage[1] = System.nanoTime();
            TimeUnit.MILLISECONDS.sleep(2 * LEASE_MILLIS); // the fleet goes on after it
        } finally {
            for (Process p : children) {
                p.destroyForcibly().waitFor();
            }
        }
        long duplicates = duplicates(dir);
        long total = ids(dir).length;
        long outageEnd = outage[1] + TimeUnit.MILLISECONDS.toNanos(LEASE_MILLIS);
        List<Event> liveLosses = events.stream()
                .filter(e -> e.line.startsWith("LOST") && e.child != 2)
                .filter(e -> e.nanos < outage[0] || e.nanos > outageEnd).toList();
        System.out.printf("[chaos] %s: %d JVMs, %,d IDs, %d duplicates, %d acquisitions, %d losses (zombie: %d),"
                + " %d failed renewals, %d live holders' losses outside the outage, %.1f s%n", dbName, children.size(),
                total, duplicates, count("ACQUIRED"), count("LOST"),
                events.stream().filter(e -> e.child == 2 && e.line.startsWith("LOST")).count(), count("FAILED"),
                liveLosses.size(), (System.nanoTime() - t0) / 1e9);
        assertEquals(0, duplicates, "IDs returned twice");
        assertTrue(total > 10_000, "the fleet made IDs: " + total);
        assertEquals(List.of(), liveLosses, "live holders that lost their lease outside the outage");
    }

    private void start(int child, String url, String ns, Path dir) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx64m", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), ChaosChild.class.getName(), url, ns, "0-8",
                Long.toString(LEASE_MILLIS), dir.resolve("ids-" + child).toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        children.add(p);
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null;) {
                    events.add(new Event(System.nanoTime(), child, line));
                }
            } catch (IOException closed) {
                // the child was killed
            }
        });
        reader.setDaemon(true);
        reader.start();
    }

    private static void signal(Process p, String signal) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
    }

    /** Stops or starts the test server through its script (test-support's TestServers). */
    private static void server(String dbName, String verb) {
        TestServers.script(LeaseDb.POSTGRES.equals(dbName) ? Server.POSTGRES
                : LeaseDb.MYSQL.equals(dbName) ? Server.MYSQL : Server.MARIADB, verb);
    }

    private long count(String prefix) {
        return events.stream().filter(e -> e.line.startsWith(prefix)).count();
    }

    private void awaitCount(String prefix, int n, long timeoutMillis) throws Exception {
        LeaseDb.await(n + " lines " + prefix + " (" + events + ")", timeoutMillis, () -> count(prefix) >= n);
    }

    private void awaitLine(int child, String prefix, long timeoutMillis) throws Exception {
        LeaseDb.await("child " + child + ": " + prefix, timeoutMillis,
                () -> events.stream().anyMatch(e -> e.child == child && e.line.startsWith(prefix)));
    }

    /**
     * Every ID of every file as time unit (40 bits with the tick-tock bit), partition (4 bits:
     * there are 9) and sequence (16 bits): the metabyte is left out, so two IDs that differ only
     * in it count as a repeat too, which is stricter than ID equality.
     */
    private static long[] ids(Path dir) throws IOException {
        List<long[]> parts = new ArrayList<>();
        int total = 0;
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                byte[] b = Files.readAllBytes(f);
                long[] a = new long[b.length / 10];
                for (int i = 0; i < a.length; i++) {
                    int o = i * 10;
                    long unit = 0;
                    for (int k = 0; k < 5; k++) {
                        unit = unit << 8 | (b[o + k] & 0xFF);
                    }
                    int partition = (b[o + 6] & 0xFF) << 8 | (b[o + 7] & 0xFF);
                    assertTrue(partition < 9, "partition " + partition);
                    a[i] = unit << 20 | (long) partition << 16 | (b[o + 8] & 0xFF) << 8 | (b[o + 9] & 0xFF);
                }
                parts.add(a);
                total += a.length;
            }
        }
        long[] all = new long[total];
        int at = 0;
        for (long[] a : parts) {
            System.arraycopy(a, 0, all, at, a.length);
            at += a.length;
        }
        return all;
    }

    private static long duplicates(Path dir) throws IOException {
        long[] all = ids(dir);
        Arrays.sort(all);
        long d = 0;
        for (int i = 1; i < all.length; i++) {
            if (all[i] == all[i - 1]) {
                d++;
            }
        }
        return d;
    }
}
