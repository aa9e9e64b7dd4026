package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A generator restored after a crash with its clock set back, that makes no ID for a while:
 * whatever its background writer saves must still cover every ID the crashed run returned, or a
 * crash now followed by a restart inside the crashed run's range repeats them (found by
 * {@link CrashRestartTest}'s chains; this is the same scenario, step by step).
 *
 * <p>A crash is simulated by copying the state file's bytes while the generator runs: that is
 * exactly what a killed process leaves on disk. The test waits (with a timeout) for the
 * background writer of the restored generator to rewrite its file; an implementation that does
 * not rewrite it while idle passes after the timeout.
 */
@Timeout(60)
class IdleRestartTest {

    private static final long T0 = Instant.parse("2026-09-01T00:00:00Z").toEpochMilli();
    private static final Duration WRITE_AHEAD = Duration.ofMillis(200);
    private static final Duration REWRITE_TIMEOUT = Duration.ofSeconds(5);

    @TempDir
    Path dir;

    @Test
    void restartedBehindTheHorizon() throws IOException {
        restartIdleAndCrash(false);
    }

    @Test
    void restartedInTheUnsafePast() throws IOException {
        restartIdleAndCrash(true);
    }

    private void restartIdleAndCrash(boolean regressionInFirstRun) throws IOException {
        // Run 1: IDs for 2 s of clock time (with a regression in the middle, so that a restart
        // far back is in the unsafe past), then a crash: its file as it is at that moment.
        ScriptedClock clock = new ScriptedClock(T0);
        Path first = dir.resolve("first.state");
        List<SnoId> run1 = new ArrayList<>();
        byte[] crashed;
        try (SnoGenerator g = build(clock, first)) {
            for (int i = 0; i < 200; i++) {
                clock.advance(regressionInFirstRun && i == 100 ? -600 : 10);
                run1.add(g.next(0));
            }
            crashed = Files.readAllBytes(first);
        }
        GeneratorSnapshot atCrash = SnapshotFile.decode(first, crashed);
        assertNull(Durability.firstUncovered(Optional.of(atCrash), run1));

        // Run 2: restarted on that file with the clock 1.5 s back; it makes no ID.
        Path second = dir.resolve("second.state");
        Files.write(second, crashed);
        clock.set(T0 + 500);
        assertEquals(regressionInFirstRun ? 1 : 0, atCrash.drifts());
        try (SnoGenerator idle = build(clock, second)) {
            assertEquals(401, idle.partition());
            byte[] rewritten = awaitRewrite(second, crashed);
            GeneratorSnapshot record = SnapshotFile.decode(second, rewritten);
            assertNull(Durability.firstUncovered(Optional.of(record), run1),
                    () -> "the idle restarted generator saved " + record.toJson() + " over " + atCrash.toJson());

            // Run 2 crashes now; run 3 restarts on its file inside run 1's range: no repeats.
            Path third = dir.resolve("third.state");
            Files.write(third, rewritten);
            clock.set(T0 + 1_000);
            Set<SnoId> seen = new HashSet<>(run1);
            int made = 0;
            try (SnoGenerator g3 = SnoGenerator.builder().clock(clock).maxRegressionWait(Duration.ZERO)
                    .snapshotFile(third).build()) {
                for (int i = 0; i < 400 && made < 100; i++) {
                    clock.advance(10);
                    try {
                        SnoId id = g3.next(0);
                        made++;
                        assertTrue(seen.add(id), () -> "repeated after restart, idle, crash, restart: "
                                + Durability.describe(id));
                    } catch (ClockRegressionException unsafePast) {
                        // no ID here; the clock moves on
                    }
                }
            }
            assertEquals(100, made, "run 3 made too few IDs");
        }
    }

    private static SnoGenerator build(ScriptedClock clock, Path file) {
        return SnoGenerator.builder().clock(clock).partition(401).sequenceRange(0, 15).writeAhead(WRITE_AHEAD)
                .snapshotFile(file).build();
    }

    /** The file's bytes once they differ from before, or before if they do not change in time. */
    private static byte[] awaitRewrite(Path file, byte[] before) throws IOException {
        long deadline = System.nanoTime() + REWRITE_TIMEOUT.toNanos();
        while (System.nanoTime() - deadline < 0) {
            byte[] now = Files.readAllBytes(file);
            if (!Arrays.equals(now, before)) {
                return now;
            }
            try {
                Thread.sleep(5); // waiting for the background writer, not timing a scenario
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        return before;
    }
}
