package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.testsupport.LogCapture;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a generator's partition comes from (issue 18): the source each way of building reports,
 * the random seed drawn on first use and never at class initialization, and a restored state
 * that would hold the first ID back for years (issue 24, finding 3).
 */
class PartitionSourceTest {

    /** The restored states' waits are logged as warnings: asserted, not printed. */
    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    private static final long NOW = Instant.parse("2026-11-25T00:00:00Z").toEpochMilli();

    @Test
    void eachWayOfBuildingReportsItsSource(@TempDir Path dir) {
        assertEquals(PartitionSource.RANDOM, SnoGenerator.create().partitionSource());
        assertEquals(PartitionSource.RANDOM, SnoGenerator.builder().build().partitionSource());
        assertEquals(PartitionSource.CONFIGURED, SnoGenerator.builder().partition(5).build().partitionSource());
        assertEquals(PartitionSource.RESTORED, SnoGenerator.builder()
                .restore(new GeneratorSnapshot(9, 0, 65535, 0, 0, 0, 0, 0)).build().partitionSource());

        Path file = dir.resolve("a.state");
        try (SnoGenerator fresh = SnoGenerator.builder().snapshotFile(file).build()) {
            assertEquals(PartitionSource.RANDOM, fresh.partitionSource(), "an empty file records nothing yet");
            fresh.next(0);
        }
        try (SnoGenerator again = SnoGenerator.builder().snapshotFile(file).build()) {
            assertEquals(PartitionSource.RESTORED, again.partitionSource());
        }
        try (SnoGenerator matched = SnoGenerator.builder().snapshotFile(file)
                .partition(SnapshotFileRead.partitionOf(file)).build()) {
            assertEquals(PartitionSource.CONFIGURED, matched.partitionSource());
        }
        try (SnoGenerator configured = SnoGenerator.builder().snapshotFile(dir.resolve("b.state")).partition(3).build()) {
            assertEquals(PartitionSource.CONFIGURED, configured.partitionSource());
        }
        try (SnoGenerator leased = SnoGenerator.builder().stateStore(new LeasingStore()).partition(8).build()) {
            assertEquals(PartitionSource.LEASED, leased.partitionSource());
        }
        assertEquals("random", PartitionSource.RANDOM.toString());
        assertEquals("configured leased random restored", String.join(" ",
                java.util.Arrays.stream(PartitionSource.values()).map(Object::toString).toArray(String[]::new)));
    }

    /** Reads a file's partition. */
    static final class SnapshotFileRead {
        static int partitionOf(Path file) {
            try {
                return SnapshotFile.read(file).orElseThrow().partition();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /** A store that leases its partition, as dev.sno.jdbc.lease's does. */
    static final class LeasingStore implements SnoStateStore {
        @Override
        public Optional<GeneratorSnapshot> load() {
            return Optional.empty();
        }

        @Override
        public void save(GeneratorSnapshot record) {
        }

        @Override
        public boolean leasesPartition() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    @Test
    void theSeedIsDrawnOnFirstUseNeverWhenTheClassesInitialize() throws Exception {
        // A fresh copy of the classes, as a new process (or a native image's run time) has them.
        URL classes = SnoGenerator.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes}, null)) {
            Class<?> pool = Class.forName("dev.sno.PartitionPool", true, loader);
            Class<?> generator = Class.forName("dev.sno.SnoGenerator", true, loader);
            Class.forName("dev.sno.Sno", true, loader);
            Class.forName("dev.sno.PartitionNotice", true, loader);
            Class.forName("dev.sno.GeneratorAssembly", true, loader);
            Field global = pool.getDeclaredField("GLOBAL");
            global.setAccessible(true);
            Method seeded = pool.getDeclaredMethod("seeded");
            seeded.setAccessible(true);
            Object g = global.get(null);
            assertFalse((boolean) seeded.invoke(g), "no seed after class initialization");

            Object builder = generator.getMethod("builder").invoke(null);
            builder.getClass().getMethod("partition", int.class).invoke(builder, 4);
            builder.getClass().getMethod("build").invoke(builder);
            assertFalse((boolean) seeded.invoke(g), "a configured generator draws no seed");

            generator.getMethod("create").invoke(null);
            assertTrue((boolean) seeded.invoke(g), "the first unconfigured generator draws it");
        }
    }

    @Test
    void thePoolDrawsItsSeedOnceOnFirstUseAndCountsFromIt() {
        AtomicInteger draws = new AtomicInteger();
        PartitionPool pool = new PartitionPool(() -> {
            draws.incrementAndGet();
            return 0x7FFF_FFFE; // reduced to 16 bits: 0xFFFE
        });
        assertEquals(0, draws.get(), "nothing drawn when the pool is made");
        assertFalse(pool.seeded());
        assertEquals(0xFFFE, pool.next());
        assertEquals(0xFFFF, pool.next());
        assertEquals(0, pool.next(), "wraps");
        assertEquals(1, draws.get(), "drawn once");
    }

    @Test
    void randomSeedsDifferBetweenPools() {
        // Two pools stand for two processes started at the same instant: with a clock seed they
        // were equal; with random seeds, 40 pools share a first partition with probability 1.2%
        // (40*39/2/65536), and all 40 equal with probability 65536^-39.
        java.util.Set<Integer> firsts = new java.util.HashSet<>();
        for (int i = 0; i < 40; i++) {
            firsts.add(new PartitionPool(() -> new java.security.SecureRandom().nextInt()).next());
        }
        assertTrue(firsts.size() >= 30, "40 random seeds gave only " + firsts.size() + " distinct partitions");
    }

    /** A state file holding the record, as a clock in that time would have left it. */
    private static Path stateFile(Path dir, String name, GeneratorSnapshot record) throws java.io.IOException {
        Path file = dir.resolve(name);
        try (FileStateStore store = FileStateStore.open(file)) {
            store.save(record);
        }
        return file;
    }

    @Test
    void aStateFileDecadesAheadIsRefusedAtBuildNotAWaitOfDecades(@TempDir Path dir) throws Exception {
        long unit2070 = SnoId.unitsOf(Instant.parse("2070-01-01T00:00:00Z"));
        long unitNow = SnoId.unitsOf(Instant.ofEpochMilli(NOW));
        Path file = stateFile(dir, "ahead.state", new GeneratorSnapshot(7, 0, 65535, 65535, unitNow, unit2070,
                unit2070, 1));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> SnoGenerator.builder().snapshotFile(file).clock(() -> NOW).build());
        assertEquals("The state in the sno state file " + file + " holds the first ID back until"
                + " 2070-01-01T00:00:00Z, 15743 days after this clock's reading (2026-11-25T00:00:00Z): IDs were made"
                + " with a clock that read up to then, and this partition may not repeat them. Refusing to wait longer"
                + " than PT1H: if this clock is wrong, correct it; if it is right, the earlier clock was ahead, and"
                + " discarding the stored state (for a snapshot file: moving it aside) is safe until this clock"
                + " reaches 2070-01-01T00:00:00Z, or set maxRegressionWait to make next() throw"
                + " ClockRegressionException instead of waiting", e.getMessage());

        // The file was released: with a maximum wait, next() ends the wait itself, loudly.
        try (SnoGenerator bounded = SnoGenerator.builder().snapshotFile(file).clock(() -> NOW)
                .maxRegressionWait(Duration.ofSeconds(1)).build()) {
            assertThrows(ClockRegressionException.class, () -> bounded.next(0));
        }

        // A wait within the bound is built (and logged), and ends when the clock gets there.
        long unitSoon = unitNow + 2500; // 10 s ahead
        Path near = stateFile(dir, "near.state", new GeneratorSnapshot(7, 0, 65535, 65535, unitNow, unitSoon,
                unitSoon, 1));
        long[] clock = {NOW};
        try (SnoGenerator soon = SnoGenerator.builder().snapshotFile(near).clock(() -> clock[0]).build()) {
            clock[0] = ClockUnits.startMillis(unitSoon + 1); // the restored unit counts as used up
            assertEquals(unitSoon + 1, soon.next(0).timeUnits());
        }
        logs.expect(Level.WARNING, "The state in the sno state file " + file + " holds the first ID back until"
                + " 2070-01-01T00:00:00Z");
        logs.expect(Level.WARNING, "The state in the sno state file " + near + " holds the first ID back until");
    }

    @Test
    void aSnapshotHandedToRestoreKeepsTheReferencesWait() {
        // The reference restores such a snapshot and waits; its conformance vectors do that.
        long unitNow = SnoId.unitsOf(Instant.ofEpochMilli(NOW));
        long unitLater = unitNow + 250_000; // 1000 s ahead
        GeneratorSnapshot ahead = new GeneratorSnapshot(7, 0, 65535, 0, unitNow, unitLater, unitLater, 1);
        long[] clock = {NOW};
        SnoGenerator g = SnoGenerator.builder().restore(ahead).clock(() -> clock[0]).build();
        clock[0] = ClockUnits.startMillis(unitLater + 1);
        assertEquals(unitLater + 1, g.next(0).timeUnits());
    }

    @Test
    void aRestoredTimelineAheadButBeyondTheSafeMarkTickTocksWithoutWaiting() {
        long unitNow = SnoId.unitsOf(Instant.ofEpochMilli(NOW));
        long unit2070 = SnoId.unitsOf(Instant.parse("2070-01-01T00:00:00Z"));
        GeneratorSnapshot ahead = new GeneratorSnapshot(7, 0, 65535, 0, unitNow, unit2070, unitNow - 10, 1);
        SnoGenerator g = SnoGenerator.builder().restore(ahead).clock(() -> NOW).build();
        SnoId id = g.next(0);
        assertEquals(unitNow, id.timeUnits());
    }
}
