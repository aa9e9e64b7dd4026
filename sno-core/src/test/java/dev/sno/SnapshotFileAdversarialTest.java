package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded random state files: random bytes of 0 bytes to 1 MB, truncated and bit-flipped records,
 * and special files. Each ends, within bounded time, in the documented exception: a
 * {@link SnapshotFileException} from {@link SnapshotFile#read}, the same as the cause of the
 * {@link UncheckedIOException} from {@code build()} (a directory is a bad path there: an
 * {@link IllegalArgumentException}); never a fresh start, never a hang.
 */
class SnapshotFileAdversarialTest {

    private static final long T = 4_000_000_000L;
    private static final byte[] GOOD = SnapshotFile.encode(new GeneratorSnapshot(9, 0, 65535, 65535, T, T + 500, 0, 0));
    private static final Duration BOUND = Duration.ofSeconds(30);

    /** The file fails both ways, with one message, in bounded time. */
    private static void refused(Path file, String what) {
        assertTimeoutPreemptively(BOUND,
                () -> assertThrows(SnapshotFileException.class, () -> SnapshotFile.read(file), what), what);
        // The store reads the file at the end of a chain of links, and names that one.
        SnapshotFileException read = assertTimeoutPreemptively(BOUND, () -> assertThrows(SnapshotFileException.class,
                () -> SnapshotFile.read(SnapshotFile.target(file)), what), what);
        UncheckedIOException built = assertTimeoutPreemptively(BOUND, () -> assertThrows(UncheckedIOException.class,
                () -> SnoGenerator.builder().snapshotFile(file).build(), what), what);
        assertEquals(read.getMessage(), assertInstanceOf(SnapshotFileException.class, built.getCause(), what).getMessage(),
                what);
        assertTrue(built.getMessage().contains(file.toString()), built.getMessage());
    }

    private static byte[] randomBytes(SplittableRandom r, int length) {
        byte[] b = new byte[length];
        r.nextBytes(b);
        return b;
    }

    @Test
    void randomFilesOfZeroBytesToOneMegabyteAreRefused(@TempDir Path dir) {
        Path file = dir.resolve("random.state");
        Property.forAll("random state files", 150, r -> {
            int length = switch (r.nextInt(4)) {
                case 0 -> r.nextInt(SnapshotFile.SIZE * 2 + 1);
                case 1 -> SnapshotFile.SIZE;
                default -> r.nextInt(1 << 20 + 1);
            };
            byte[] b = randomBytes(r, length);
            if (length >= 4 && r.nextBoolean()) {
                System.arraycopy(GOOD, 0, b, 0, Math.min(length, 12));   // a plausible head
            }
            write(file, b);
            refused(file, length + " random bytes");
        });
    }

    @Test
    void everyTruncationAndExtensionOfARecordIsRefused(@TempDir Path dir) {
        Path file = dir.resolve("cut.state");
        Property.forAll("truncated or extended records", 200, r -> {
            int length = r.nextBoolean() ? r.nextInt(SnapshotFile.SIZE) : SnapshotFile.SIZE + 1 + r.nextInt(4096);
            byte[] b = Arrays.copyOf(GOOD, length);
            write(file, b);
            refused(file, "a record cut or padded to " + length + " bytes");
        });
    }

    @Test
    void randomBitFlipsAreRefused(@TempDir Path dir) {
        Path file = dir.resolve("flip.state");
        Property.forAll("bit flips", 500, r -> {
            byte[] b = GOOD.clone();
            int flips = 1 + r.nextInt(r.nextBoolean() ? 3 : 48);
            for (int i = 0; i < flips; i++) {
                int bit = r.nextInt(SnapshotFile.SIZE * 8);
                b[bit / 8] ^= (byte) (1 << bit % 8);
            }
            if (Arrays.equals(b, GOOD)) {
                return;   // the flips cancelled out
            }
            write(file, b);
            refused(file, flips + " bit flips: " + Arrays.toString(b));
        });
    }

    @Test
    void specialFilesAreRefusedWithoutBlocking(@TempDir Path dir) throws Exception {
        refused(SnapshotFileTest.fifo(dir.resolve("fifo.state")), "a FIFO");
        Path fifo = SnapshotFileTest.fifo(dir.resolve("target.fifo"));
        refused(Files.createSymbolicLink(dir.resolve("fifo-link.state"), fifo), "a link to a FIFO");
        Path directory = Files.createDirectory(dir.resolve("dir.state"));
        assertThrows(SnapshotFileException.class, () -> SnapshotFile.read(directory));
        assertEquals("The sno state file " + directory + " is a directory", assertThrows(IllegalArgumentException.class,
                () -> SnoGenerator.builder().snapshotFile(directory).build()).getMessage(), "a bad path, as documented");
        for (String device : new String[] {"/dev/zero", "/dev/urandom", "/dev/null"}) {
            if (Files.exists(Path.of(device))) {
                Path link = Files.createSymbolicLink(dir.resolve(device.substring(5) + ".state"), Path.of(device));
                refused(link, device);
                Files.delete(link); // @TempDir's clean-up warns about a link that leads out of the directory
            }
        }
        Path good = dir.resolve("good.state");
        Files.write(good, GOOD);
        Path link = Files.createSymbolicLink(dir.resolve("link.state"), good);
        assertEquals(Optional.of(SnapshotFile.decode(good, GOOD)), SnapshotFile.read(link), "a link to a regular file");
    }

    private static void write(Path file, byte[] b) {
        try {
            Files.write(file, b);
        } catch (java.io.IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
