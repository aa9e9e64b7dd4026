package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sno.testsupport.LogCapture;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A state store that fails while the generator runs, on real file systems (issue 9): the state
 * file lives on a small tmpfs that the test fills up, or remounts read-only. Then: no ID beyond
 * the durable horizon (each ID is covered by the file as it is on "disk" when {@code next}
 * returns), a clear {@link StateStoreException} naming the file and the cause once the clock
 * needs a new horizon or a new timeline, and recovery by itself once the file system is
 * writable again, still without repeats.
 *
 * <p>Mounting needs root. Without it the tests are skipped, except on CI ({@code CI=true}),
 * which runs as root: there they fail.
 */
@Timeout(120)
class StoreFailureTest {

    /** The failed saves these tests cause are asserted, not printed. */
    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    private static final long START_MILLIS = Instant.parse("2026-07-01T00:00:00Z").toEpochMilli();
    private static final Duration RECOVERY_TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    /** Mount points to unmount after the test, the last mounted first. */
    private final Deque<Path> mounts = new ArrayDeque<>();
    private Path fs;
    private Path stateFile;
    private ScriptedClock clock;
    private final List<SnoId> made = new ArrayList<>();

    @BeforeEach
    void mountTmpfs() throws IOException {
        boolean root = "0".equals(run("id", "-u").trim());
        if (!root) {
            if ("true".equals(System.getenv("CI"))) {
                fail("StoreFailureTest needs root to mount a tmpfs, and CI runs as root; id -u says "
                        + run("id", "-u").trim());
            }
            assumeTrue(false, "not root: cannot mount a tmpfs to fill or make read-only");
        }
        fs = tmp.toRealPath().resolve("fs");
        Files.createDirectory(fs);
        mount(fs, "-t", "tmpfs", "-o", "size=256k,mode=0755", "tmpfs", fs.toString());
        stateFile = fs.resolve("gen.state");
        clock = new ScriptedClock(START_MILLIS);
    }

    @AfterEach
    void unmount() {
        List<String> problems = new ArrayList<>();
        while (!mounts.isEmpty()) {
            Path p = mounts.pop();
            try {
                run("umount", p.toString());
            } catch (IOException | RuntimeException e) {
                try {
                    run("umount", "-l", p.toString());
                } catch (IOException | RuntimeException again) {
                    problems.add(p + ": " + again.getMessage());
                }
            }
        }
        assertTrue(problems.isEmpty(), () -> "could not unmount " + problems);
    }

    @Test
    void diskFull() throws IOException {
        try (SnoGenerator g = build()) {
            runNormally(g);
            fill(g, fs.resolve("filler"));
            GeneratorSnapshot durable = failPastTheHorizon(g, "No space left on device");
            Files.delete(fs.resolve("filler"));
            recover(g, durable);
        }
        restartBackAtTheStart();
        assertLogged("No space left on device");
    }

    @Test
    void readOnlyFileSystem() throws IOException {
        // Remounting read-only is refused while a file on it is open for writing, and the
        // store keeps its lock file open. So the lock file alone comes from another tmpfs,
        // bind-mounted onto its path: the generator opens and locks it at the usual place, and
        // the state file's own file system can go read-only under the running generator.
        Path lockFs = tmp.toRealPath().resolve("lockfs");
        Files.createDirectory(lockFs);
        mount(lockFs, "-t", "tmpfs", "-o", "size=64k", "tmpfs", lockFs.toString());
        Path lockSource = Files.createFile(lockFs.resolve("gen.state.lock"));
        Path lockFile = Files.createFile(fs.resolve("gen.state.lock"));
        mount(lockFile, "--bind", lockSource.toString(), lockFile.toString());

        try (SnoGenerator g = build()) {
            runNormally(g);
            remount("ro");
            assertThrows(IOException.class, () -> Files.writeString(fs.resolve("probe"), "x"),
                    "the file system should be read-only");
            GeneratorSnapshot durable = failPastTheHorizon(g, "Read-only file system");
            remount("rw");
            recover(g, durable);
        }
        restartBackAtTheStart();
        assertLogged("Read-only file system");
    }

    /** The failed save, its recovery, and the restart's wait for the first run's horizon. */
    private void assertLogged(String cause) {
        logs.expect(Level.WARNING, "Could not save to the sno state file");
        logs.expect(Level.WARNING, cause);
        logs.expect(Level.INFO, "works again");
        logs.expect(Level.WARNING, "holds the first ID back until");
    }

    private SnoGenerator build() {
        return SnoGenerator.builder().clock(clock).partition(301).sequenceRange(0, 15).snapshotFile(stateFile).build();
    }

    /** IDs over 1.5 s of clock time, across a renewal: each one covered as it is returned. */
    private void runNormally(SnoGenerator g) {
        for (int i = 0; i < 40; i++) {
            clock.advance(37);
            next(g);
        }
    }

    /**
     * Moves the clock up to and past the durable horizon: IDs up to it, then a clear exception,
     * also for a regression (a new timeline needs a save too).
     *
     * @return the durable record while the store fails
     */
    private GeneratorSnapshot failPastTheHorizon(SnoGenerator g, String cause) throws IOException {
        GeneratorSnapshot durable = SnapshotFile.read(stateFile).orElseThrow();
        long horizon = durable.wallHi();
        assertTrue(clock.unit() <= horizon, "the clock is already past the horizon " + horizon);
        int withinHorizon = 0;
        StateStoreException failure;
        while (true) {
            clock.advance(20);
            if (clock.unit() > horizon) {
                failure = assertThrows(StateStoreException.class, () -> next(g),
                        "an ID past the durable horizon " + horizon + " while the store fails");
                break;
            }
            next(g); // within the durable horizon no save is needed: IDs still come
            withinHorizon++;
        }
        assertTrue(withinHorizon > 0, "the clock never made IDs within the horizon while the store failed");
        assertEquals(durable, SnapshotFile.read(stateFile).orElseThrow(), "the file changed while it cannot be written");
        assertClear(failure, cause);
        for (SnoId id : made) {
            assertTrue(id.timeUnits() <= horizon, () -> "beyond the durable horizon " + horizon + ": "
                    + Durability.describe(id));
        }

        // While the store fails, callers that need a save fail at once: further on ...
        clock.advance(500);
        assertClear(assertThrows(StateStoreException.class, () -> next(g)), cause);
        // ... and back: the tick-tock of a new timeline must be durable before its first ID.
        clock.advance(-3_000);
        assertClear(assertThrows(StateStoreException.class, () -> next(g)), cause);
        clock.advance(3_000);
        assertEquals(durable, SnapshotFile.read(stateFile).orElseThrow());
        return durable;
    }

    private void assertClear(StateStoreException e, String cause) {
        assertTrue(e.getMessage().contains(stateFile.toString()), () -> "the message should name the file: "
                + e.getMessage());
        assertTrue(e.getMessage().contains(cause), () -> "the message should name the cause (" + cause + "): "
                + e.getMessage());
        assertInstanceOf(IOException.class, e.getCause(), e::toString);
    }

    /** Once writes succeed again, the generator recovers by itself: a small step of the clock. */
    private void recover(SnoGenerator g, GeneratorSnapshot durable) {
        clock.advance(SnoId.UNIT_MILLIS);
        long deadline = System.nanoTime() + RECOVERY_TIMEOUT.toNanos();
        int refused = 0;
        while (true) {
            try {
                next(g);
                break;
            } catch (StateStoreException e) {
                refused++;
                assertTrue(System.nanoTime() - deadline < 0, () -> "no recovery within " + RECOVERY_TIMEOUT + ": " + e);
                // waiting for the background writer's retry (50 ms, doubling), not timing a scenario
                sleep(5);
            }
        }
        GeneratorSnapshot renewed = Durability.read(stateFile).orElseThrow();
        String attempts = refused + " calls refused before the recovery";
        assertTrue(renewed.wallHi() > durable.wallHi(), () -> "no new horizon after the recovery: " + renewed.toJson()
                + ", " + attempts);
        for (int i = 0; i < 100; i++) {
            clock.advance(i == 50 ? -150 : 30); // with a regression, now that saves work
            next(g);
        }
        assertNoRepeats();
    }

    /**
     * A new generator on the file with the clock back where it all began: no repeats. Where
     * the restored state puts the clock in the unsafe past, {@code next} throws at once
     * (maxRegressionWait zero) instead of waiting for a clock that only this thread moves.
     */
    private void restartBackAtTheStart() {
        clock.set(START_MILLIS);
        int restarted = 0;
        try (SnoGenerator g = SnoGenerator.builder().clock(clock).maxRegressionWait(Duration.ZERO)
                .snapshotFile(stateFile).build()) {
            for (int i = 0; i < 5_000 && restarted < 100; i++) {
                clock.advance(20);
                try {
                    next(g);
                    restarted++;
                } catch (ClockRegressionException unsafePast) {
                    // no ID here; the clock moves on
                }
            }
        }
        assertEquals(100, restarted, "the restarted generator made too few IDs");
        assertNoRepeats();
    }

    /** Makes an ID and checks that the file, as it is now, covers it and every ID before. */
    private SnoId next(SnoGenerator g) {
        SnoId id = g.next(1);
        made.add(id);
        assertNull(Durability.firstUncovered(Durability.read(stateFile), List.of(id)));
        return id;
    }

    private void assertNoRepeats() {
        Set<SnoId> seen = new HashSet<>();
        for (SnoId id : made) {
            assertTrue(seen.add(id), () -> "repeated: " + Durability.describe(id));
        }
        assertNull(Durability.firstUncovered(Durability.read(stateFile), made));
    }

    /**
     * Writes a filler file until the file system is full, and keeps it full. A save the
     * background writer has in flight while the filler grows renames its temporary file over
     * the old record afterwards, which frees the old record's page: so the fill waits for that
     * save through the generator's lock ({@code snapshot()} takes it, as every save does), then
     * tops the filler up until a record-sized write fails. Once full, no save can free a page:
     * a temporary file that cannot be written holds none.
     */
    private static void fill(SnoGenerator g, Path filler) throws IOException {
        Path probe = filler.resolveSibling("probe");
        for (int round = 0; round < 10; round++) {
            try (OutputStream out = Files.newOutputStream(filler, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
                byte[] block = new byte[4096];
                for (int i = 0; i < 1_000_000; i++) {
                    out.write(block);
                    out.flush();
                }
                fail("the tmpfs did not fill up");
            } catch (IOException full) {
                assertTrue(String.valueOf(full.getMessage()).contains("No space left on device"), full::toString);
            }
            g.snapshot(); // waits for a save in flight, which may free a page when it renames
            try {
                Files.write(probe, new byte[SnapshotFile.SIZE]);
                Files.delete(probe); // a page came free meanwhile: top the filler up again
            } catch (IOException stillFull) {
                Files.deleteIfExists(probe);
                return;
            }
        }
        fail("the disk does not stay full: a record-sized write succeeded after 10 fills");
    }

    private void mount(Path mountPoint, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("mount"));
        command.addAll(List.of(args));
        run(command.toArray(new String[0]));
        mounts.push(mountPoint);
    }

    /** Remounts the state file's tmpfs; retried while a write in flight keeps it busy. */
    private void remount(String mode) throws IOException {
        for (int attempt = 0; ; attempt++) {
            try {
                run("mount", "-o", "remount," + mode, fs.toString());
                return;
            } catch (IllegalStateException busy) {
                if (attempt == 50) {
                    throw busy;
                }
                sleep(10);
            }
        }
    }

    private static String run(String... command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (p.waitFor() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed with " + p.exitValue() + ": " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        return out;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
