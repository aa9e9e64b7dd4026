package dev.sno;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32C;

/**
 * Reads and writes a {@link GeneratorSnapshot} as a small binary file, so that a generator can
 * be restored after a restart (see {@link SnoGenerator.Builder#snapshotFile}).
 *
 * <p>The record is 48 bytes, big-endian (SPEC.md, "Snapshot file"):
 * <pre>
 * offset size field
 *      0    4 magic "SNOG" (0x534E4F47)
 *      4    1 version, 1
 *      5    1 reserved, 0
 *      6    2 partition
 *      8    2 sequenceMin
 *     10    2 sequenceMax
 *     12    4 sequence (unsigned)
 *     16    8 now
 *     24    8 wallHi
 *     32    8 wallSafe
 *     40    4 drifts (unsigned)
 *     44    4 CRC-32C of bytes 0..43
 * </pre>
 *
 * <p>Writes are atomic: the record goes to a temporary file {@code <name>.tmp-<random>} in the
 * same directory, which is forced to disk and then renamed over the target; the directory is
 * then forced too where the platform allows it. A reader sees either the old record or the new
 * one, never a mix. A temporary file left by a writer that was killed is never read.
 */
public final class SnapshotFile {

    static final int MAGIC = 0x534E_4F47;
    static final int VERSION = 1;
    static final int SIZE = 48;

    /** Symbolic links followed at most, as Linux's own limit. */
    private static final int MAX_LINKS = 40;

    private SnapshotFile() {
    }

    /**
     * Reads a snapshot file. Only a regular file of exactly {@value #SIZE} bytes (or a symbolic
     * link to one) can hold a record: the file's type and size are checked before it is opened,
     * so a FIFO, a device or a directory is refused without being read (a FIFO would block, a
     * device such as {@code /dev/zero} never ends), and at most {@value #SIZE} + 1 bytes are
     * ever read.
     *
     * @param file  the file, not null
     * @return the snapshot, or empty if the file does not exist
     * @throws SnapshotFileException if the file exists but does not hold a valid record, or is
     *     not a regular file
     * @throws IOException if the file cannot be read
     * @throws NullPointerException if file is null
     */
    public static Optional<GeneratorSnapshot> read(Path file) throws IOException {
        Objects.requireNonNull(file, "file");
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        if (!attributes.isRegularFile()) {
            throw SnapshotFileException.notRegular(file, kind(file, attributes), SIZE);
        }
        if (attributes.size() != SIZE) {
            throw new SnapshotFileException(file, sizeFault(attributes.size()));
        }
        ByteBuffer buf = ByteBuffer.allocate(SIZE + 1);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            while (buf.hasRemaining() && ch.read(buf) >= 0) {
                // A regular file's read returns at least one byte until its end.
            }
        } catch (NoSuchFileException e) {
            return Optional.empty();   // replaced between the check and the read: as if not yet written
        }
        return Optional.of(decode(file, Arrays.copyOf(buf.array(), buf.position())));
    }

    private static String sizeFault(long size) {
        return (size < SIZE ? "truncated: " : "too long: ") + size + " bytes, expected " + SIZE;
    }

    /** What a file that is not a regular file is, for messages: "a FIFO", "a directory"... */
    static String kind(Path file, BasicFileAttributes attributes) {
        if (attributes.isDirectory()) {
            return "a directory";
        }
        try {
            switch ((Integer) Files.getAttribute(file, "unix:mode") & 0xF000) {
                case 0x1000:
                    return "a FIFO";
                case 0x2000:
                    return "a character device";
                case 0x6000:
                    return "a block device";
                case 0xC000:
                    return "a socket";
                default:
                    break;
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            // No "unix" attribute view on this platform: the general answer will do.
        }
        return "a special file";
    }

    static GeneratorSnapshot decode(Path file, byte[] bytes) throws SnapshotFileException {
        if (bytes.length != SIZE) {
            throw new SnapshotFileException(file, sizeFault(bytes.length));
        }
        ByteBuffer b = ByteBuffer.wrap(bytes);
        int magic = b.getInt(0);
        if (magic != MAGIC) {
            throw new SnapshotFileException(file, String.format("bad magic 0x%08X, expected 0x%08X", magic, MAGIC));
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, SIZE - 4);
        int stored = b.getInt(SIZE - 4);
        if ((int) crc.getValue() != stored) {
            throw new SnapshotFileException(file, String.format("checksum mismatch: stored 0x%08X, computed 0x%08X",
                    stored, (int) crc.getValue()));
        }
        int version = bytes[4] & 0xFF;
        if (version != VERSION) {
            throw new SnapshotFileException(file, "unsupported version " + version + ", expected " + VERSION);
        }
        if (bytes[5] != 0) {
            throw new SnapshotFileException(file, "reserved byte 5 is " + (bytes[5] & 0xFF) + ", expected 0");
        }
        try {
            return new GeneratorSnapshot(
                    b.getShort(6) & 0xFFFF,
                    b.getShort(8) & 0xFFFF,
                    b.getShort(10) & 0xFFFF,
                    b.getInt(12) & 0xFFFF_FFFFL,
                    b.getLong(16),
                    b.getLong(24),
                    b.getLong(32),
                    b.getInt(40) & 0xFFFF_FFFFL);
        } catch (IllegalArgumentException e) {
            throw new SnapshotFileException(file, e.getMessage());
        }
    }

    static byte[] encode(GeneratorSnapshot s) {
        ByteBuffer b = ByteBuffer.allocate(SIZE);
        b.putInt(MAGIC).put((byte) VERSION).put((byte) 0)
                .putShort((short) s.partition())
                .putShort((short) s.sequenceMin())
                .putShort((short) s.sequenceMax())
                .putInt((int) s.sequence())
                .putLong(s.now())
                .putLong(s.wallHi())
                .putLong(s.wallSafe())
                .putInt((int) s.drifts());
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, SIZE - 4);
        b.putInt((int) crc.getValue());
        return b.array();
    }

    /**
     * Writes a snapshot file atomically, replacing any previous one. If {@code file} is a
     * symbolic link, the file it points to is replaced (the link stays); a replaced file keeps
     * its POSIX permissions, a new one gets the default permissions of a new file.
     *
     * @param file      the file, not null; its directory must exist
     * @param snapshot  the snapshot, not null
     * @throws IOException if the file cannot be written (a missing directory is a
     *     {@link NoSuchFileException} naming it); the previous file is then unchanged
     * @throws IllegalArgumentException if file names no file (a root such as {@code /})
     * @throws NullPointerException if an argument is null
     */
    public static void write(Path file, GeneratorSnapshot snapshot) throws IOException {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(snapshot, "snapshot");
        writeTarget(target(file), snapshot);
    }

    /** Writes to a path that is not a symbolic link, as {@link #write} describes. */
    static void writeTarget(Path target, GeneratorSnapshot snapshot) throws IOException {
        byte[] bytes = encode(snapshot);
        Path dir = target.getParent();
        if (!Files.isDirectory(dir)) {
            throw new NoSuchFileException(dir.toString(), null,
                    "the directory of the snapshot file " + target + " does not exist");
        }
        Path tmp = tempFile(target);
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            copyPermissions(target, tmp);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        forceDirectory(dir);
    }

    /** A new name for a temporary file next to target. */
    static Path tempFile(Path target) {
        return target.resolveSibling(tempPrefix(target) + Long.toHexString(ThreadLocalRandom.current().nextLong()));
    }

    /** The prefix of the temporary files written next to target: {@code <name>.tmp-}. */
    static String tempPrefix(Path target) {
        return target.getFileName() + ".tmp-";
    }

    /**
     * The absolute path a write replaces: {@code file} itself, or the file at the end of its
     * chain of symbolic links (which need not exist yet).
     *
     * @throws IllegalArgumentException if file names no file, or its links loop
     */
    static Path target(Path file) throws IOException {
        Path p = file.toAbsolutePath().normalize();
        if (p.getFileName() == null) {
            throw new IllegalArgumentException("Not a file path: \"" + file + "\" (it names no file)");
        }
        for (int hops = 0; Files.isSymbolicLink(p); hops++) {
            if (hops == MAX_LINKS) {
                throw new IllegalArgumentException("Too many levels of symbolic links (more than " + MAX_LINKS
                        + ") from " + file);
            }
            p = p.getParent().resolve(Files.readSymbolicLink(p)).normalize();
        }
        return p;
    }

    private static void copyPermissions(Path from, Path to) throws IOException {
        PosixFileAttributeView source = Files.getFileAttributeView(from, PosixFileAttributeView.class);
        if (source == null || !Files.exists(from)) {
            return;
        }
        Set<PosixFilePermission> mode = source.readAttributes().permissions();
        Files.setPosixFilePermissions(to, mode);
    }

    /** Makes the rename durable; not every platform can open a directory, which is then skipped. */
    private static void forceDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // Directories cannot be opened as channels on some platforms (Windows); the rename
            // itself is still atomic there.
        }
    }
}
