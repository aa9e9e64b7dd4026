package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file store: one owner, symbolic links and permissions, bad paths, torn state. */
class FileStateStoreTest {

    private static final long T = 4_000_000_000L;
    private static final GeneratorSnapshot GOOD = new GeneratorSnapshot(9, 0, 65535, 65535, T, T + 500, 0, 0);

    @Test
    void aSecondGeneratorOnTheSameFileFailsAtBuildNamingItUntilTheFirstIsClosed(@TempDir Path dir) {
        Path file = dir.resolve("gen.state");
        SnoGenerator first = SnoGenerator.builder().partition(9).snapshotFile(file).build();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> SnoGenerator.builder().partition(9).snapshotFile(file).build());
        assertEquals("The sno state file " + file + " is in use by another generator in this process (its lock file "
                + file + ".lock is locked): a state file has one owner at a time", e.getMessage());
        Path viaDots = dir.resolve("x").resolve("..").resolve("gen.state");
        assertThrows(IllegalStateException.class, () -> FileStateStore.open(viaDots), "the same file by another path");
        first.close();
        SnoGenerator.builder().partition(9).snapshotFile(file).build().close();
    }

    @Test
    void aFailedBuildReleasesTheLock(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("gen.state");
        Files.write(file, new byte[] {1, 2, 3});
        assertThrows(UncheckedIOException.class, () -> SnoGenerator.builder().snapshotFile(file).build());
        SnapshotFile.write(file, GOOD);
        SnoGenerator.builder().snapshotFile(file).clock(ScriptedClock.atUnit(T + 600)).build().close();
    }

    @Test
    void aSymbolicLinkIsFollowedAndKeptAndTheTargetKeepsItsPermissions(@TempDir Path dir) throws Exception {
        Path real = Files.createDirectory(dir.resolve("data")).resolve("gen.state");
        SnapshotFile.write(real, GOOD);
        Files.setPosixFilePermissions(real, PosixFilePermissions.fromString("rw-r-----"));
        Path link = Files.createSymbolicLink(dir.resolve("link.state"), real);
        ScriptedClock clock = ScriptedClock.atUnit(T + 600);
        try (SnoGenerator g = SnoGenerator.builder().snapshotFile(link).clock(clock).build()) {
            g.next(0);
        }
        assertTrue(Files.isSymbolicLink(link), "the link is still a link");
        assertEquals(real, Files.readSymbolicLink(link));
        assertEquals(T + 600, SnapshotFile.read(real).orElseThrow().wallHi(), "the target holds the final state");
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(real)));
        assertTrue(Files.exists(real.resolveSibling("gen.state.lock")), "the lock lives next to the target");
    }

    @Test
    void aNewFileGetsTheDefaultPermissionsOfANewFile(@TempDir Path dir) throws Exception {
        Path plain = Files.createFile(dir.resolve("plain"));
        Path file = dir.resolve("gen.state");
        SnapshotFile.write(file, GOOD);
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(file));
    }

    @Test
    void badPathsGetClearErrorsAtBuild(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("no-such-dir").resolve("gen.state");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SnoGenerator.builder().snapshotFile(missing).build());
        assertEquals("The directory of the sno state file " + missing + " does not exist: " + missing.getParent(),
                e.getMessage());
        IllegalArgumentException d = assertThrows(IllegalArgumentException.class,
                () -> SnoGenerator.builder().snapshotFile(dir).build());
        assertEquals("The sno state file " + dir + " is a directory", d.getMessage());
        assertEquals("Not a file path: \"/\" (it names no file)",
                assertThrows(IllegalArgumentException.class, () -> SnapshotFile.write(Path.of("/"), GOOD)).getMessage());
        NoSuchFileException n = assertThrows(NoSuchFileException.class, () -> SnapshotFile.write(missing, GOOD));
        assertEquals(missing.getParent().toString(), n.getFile());
        Path loop = dir.resolve("loop");
        Files.createSymbolicLink(loop, loop);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> FileStateStore.open(loop)).getMessage()
                .startsWith("Too many levels of symbolic links"));
        assertThrows(NullPointerException.class, () -> SnoGenerator.builder().snapshotFile(null));
    }

    @Test
    void aTornFileIsAClearErrorAtEveryLengthNeverAFreshStart(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("gen.state");
        byte[] good = SnapshotFile.encode(GOOD);
        for (int length = 0; length < good.length; length++) {
            Files.write(file, Arrays.copyOf(good, length));
            int n = length;
            UncheckedIOException e = assertThrows(UncheckedIOException.class,
                    () -> SnoGenerator.builder().snapshotFile(file).build(), () -> "length " + n);
            SnapshotFileException cause = assertInstanceOf(SnapshotFileException.class, e.getCause());
            assertEquals("Corrupt sno snapshot file " + file + ": truncated: " + length + " bytes, expected 48",
                    cause.getMessage());
            assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        }
        SplittableRandom r = new SplittableRandom(Property.baseSeed());
        for (int i = 0; i < 200; i++) {
            byte[] garbage = new byte[48];
            for (int j = 0; j < garbage.length; j++) {
                garbage[j] = (byte) r.nextInt(256);
            }
            Files.write(file, garbage);
            assertThrows(UncheckedIOException.class, () -> SnoGenerator.builder().snapshotFile(file).build());
        }
    }

    @Test
    void aTemporaryFileLeftByAKilledWriterIsIgnoredAndRemoved(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("gen.state");
        SnapshotFile.write(file, GOOD);
        Path leftover = dir.resolve("gen.state.tmp-1f2e3d");
        Files.write(leftover, Arrays.copyOf(SnapshotFile.encode(new GeneratorSnapshot(9, 0, 65535, 1, 0, 0, 0, 0)), 30));
        Path unrelated = Files.createFile(dir.resolve("other.state.tmp-1"));
        ScriptedClock clock = ScriptedClock.atUnit(T + 10);
        try (SnoGenerator g = SnoGenerator.builder().snapshotFile(file).clock(clock).build()) {
            assertFalse(Files.exists(leftover), "removed once the store holds the lock");
            SnoId id = g.next(0);
            assertTrue(id.tickTock(), "restored from the last good state: the clock is behind its horizon");
        }
        assertTrue(Files.exists(unrelated), "other files stay");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("gen.state", "gen.state.lock", "other.state.tmp-1"),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
        assertEquals(Optional.of(1L), SnapshotFile.read(file).map(GeneratorSnapshot::drifts));
    }
}
