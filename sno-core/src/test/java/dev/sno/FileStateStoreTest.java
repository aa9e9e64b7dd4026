package dev.sno;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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

    @Test
    void aLockFileThatIsNotARegularFileIsRefusedWithoutBlocking(@TempDir Path dir) throws Exception {
        Path fifoDir = Files.createDirectory(dir.resolve("fifo"));
        Path file = fifoDir.resolve("gen.state");
        SnapshotFileTest.fifo(fifoDir.resolve("gen.state.lock"));
        UncheckedIOException e = assertTimeoutPreemptively(SnapshotFileTest.BOUND, () -> assertThrows(
                UncheckedIOException.class, () -> SnoGenerator.builder().snapshotFile(file).build()));
        assertEquals("Could not open the sno snapshot file " + file + ": java.nio.file.FileSystemException: "
                + file + ".lock: the lock file of the sno state file " + file + " is a FIFO; it must be a regular"
                + " file", e.getMessage());
        Path zeroDir = Files.createDirectory(dir.resolve("zero"));
        Files.createSymbolicLink(zeroDir.resolve("gen.state.lock"), Path.of("/dev/zero"));
        assertTrue(assertTimeoutPreemptively(SnapshotFileTest.BOUND, () -> assertThrows(UncheckedIOException.class,
                () -> SnoGenerator.builder().snapshotFile(zeroDir.resolve("gen.state")).build())).getMessage()
                .endsWith(".lock: the lock file of the sno state file " + zeroDir.resolve("gen.state")
                        + " is a character device; it must be a regular file"));
        Files.delete(zeroDir.resolve("gen.state.lock")); // @TempDir's clean-up warns about links out of it
        Path dirDir = Files.createDirectory(dir.resolve("dir"));
        Files.createDirectory(dirDir.resolve("gen.state.lock"));
        assertTrue(assertThrows(UncheckedIOException.class,
                () -> SnoGenerator.builder().snapshotFile(dirDir.resolve("gen.state")).build()).getMessage()
                .endsWith(" is a directory; it must be a regular file"));
        SnoGenerator.builder().snapshotFile(file.resolveSibling("other.state")).build().close();
    }

    /**
     * Makes a directory refuse new files, also for root: {@code chattr +i} where the file system
     * has it (root ignores permissions), permissions r-x otherwise. Returns the undo.
     */
    static AutoCloseable readOnly(Path dir) throws Exception {
        boolean root = "root".equals(System.getProperty("user.name"));
        if (root) {
            Process p;
            try {
                p = new ProcessBuilder("chattr", "+i", dir.toString()).redirectErrorStream(true).start();
            } catch (java.io.IOException e) {
                p = null;
            }
            // Root writes into a directory of any mode: without chattr there is no way to refuse.
            assumeTrue(p != null && p.waitFor() == 0, "running as root, and chattr +i does not work here");
            return () -> new ProcessBuilder("chattr", "-i", dir.toString()).start().waitFor();
        }
        Set<PosixFilePermission> before = Files.getPosixFilePermissions(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
        return () -> Files.setPosixFilePermissions(dir, before);
    }

    @Test
    void aDirectoryThatRefusesWritesFailsTheBuildNotTheFirstId(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("gen.state");
        ScriptedClock clock = ScriptedClock.atUnit(T);
        try (SnoGenerator g = SnoGenerator.builder().partition(9).snapshotFile(file).clock(clock).build()) {
            g.next(0);
        }
        assertTrue(Files.exists(dir.resolve("gen.state.lock")));
        byte[] saved = Files.readAllBytes(file);
        AutoCloseable undo = readOnly(dir);
        try {
            UncheckedIOException e = assertThrows(UncheckedIOException.class,
                    () -> SnoGenerator.builder().partition(9).snapshotFile(file).clock(clock).build());
            String m = e.getMessage();
            assertTrue(m.startsWith("Could not open the sno snapshot file " + file + ": java.io.IOException: The sno"
                    + " state file " + file + " cannot be saved: a trial write of " + file + ".tmp-"), m);
            assertTrue(m.matches(".* in its directory failed: java\\.nio\\.file\\.\\w+: .*"), m);
            assertThrows(java.io.IOException.class, () -> FileStateStore.open(file).close(), "the store alone");
        } finally {
            undo.close();
        }
        assertArrayEquals(saved, Files.readAllBytes(file), "the file is unchanged");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("gen.state", "gen.state.lock"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
        SnoGenerator.builder().partition(9).snapshotFile(file).clock(ScriptedClock.atUnit(T + 600)).build().close();
    }
}
