package dev.sno;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link SnoStateStore} in a local file, in the 48-byte record format of
 * {@link SnapshotFile}, written atomically and forced to disk on every save.
 *
 * <p>One owner: {@link #open} takes an exclusive OS file lock on a lock file next to the state
 * file, {@code <name>.lock}, and holds it until {@link #close()}; a second store on the same
 * file, in this process or another, fails to open. The lock dies with the process that holds
 * it, also on {@code kill -9}; the lock file itself stays (deleting it could let two owners
 * lock two different files). A state file that is a symbolic link is followed: the record is
 * written next to the file it points to and renamed over that file, which keeps its
 * permissions. Temporary files left by a writer that was killed are deleted when the store
 * opens.
 *
 * <p>The store refuses at {@link #open} what would fail later: a lock file that is not a
 * regular file (a FIFO would block the open, a device is no lock), and a directory where a
 * save cannot create its temporary file (read-only, immutable, out of space): {@code open}
 * makes one trial write of the kind {@link #save} makes (a new temporary file, written, forced
 * and deleted) and fails with an {@link IOException} naming the state file and the reason. A
 * state file that is not a regular file fails {@link #load()}.
 *
 * <p>A failed {@link #save} leaves the previous record in place and removes its temporary
 * file; the store stays open and usable, and the next save tries again. {@link #close()} only
 * releases the lock: it never saves, so it neither repeats nor reports a failed save (the
 * generator that owns the store reports that, see {@link SnoGenerator#close()}), and the file
 * keeps the last record that was saved successfully.
 *
 * <p>The guarantee rests on a file system that honours {@code fsync} (forced writes) and
 * atomic renames within a directory, as local Linux file systems do.
 *
 * @implSpec This class is thread-safe.
 */
public final class FileStateStore implements SnoStateStore {

    /**
     * Lock files held by stores of this process. The JDK's file locks belong to the whole
     * process, and closing any channel to a locked file may release them; so a second store on
     * the same file is refused here, without ever opening the lock file again.
     */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    private final Path file;
    private final Path target;
    private final Path lockFile;
    private final FileChannel lockChannel;
    private final FileLock lock;

    private FileStateStore(Path file, Path target, Path lockFile, FileChannel lockChannel, FileLock lock) {
        this.file = file;
        this.target = target;
        this.lockFile = lockFile;
        this.lockChannel = lockChannel;
        this.lock = lock;
    }

    /**
     * Opens the store of a state file and locks it. The file need not exist (a fresh start);
     * its directory must.
     *
     * @param file  the state file, not null
     * @return the store, holding the lock
     * @throws IllegalArgumentException if the path names no file, is a directory, or its
     *     directory does not exist; the message names the path
     * @throws IllegalStateException if another store, in this process or another, holds the
     *     file; the message names it
     * @throws IOException if the lock file cannot be created or locked, or is not a regular
     *     file (a {@link java.nio.file.FileSystemException} naming it); or if a trial write of a
     *     temporary file next to the state file fails, so that no save could succeed (the
     *     message names the state file and the cause)
     * @throws NullPointerException if file is null
     */
    public static FileStateStore open(Path file) throws IOException {
        Objects.requireNonNull(file, "file");
        Path target = SnapshotFile.target(file);
        Path dir = target.getParent();
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("The directory of the sno state file " + file
                    + " does not exist: " + dir);
        }
        if (Files.isDirectory(target)) {
            throw new IllegalArgumentException("The sno state file " + file + " is a directory");
        }
        Path lockFile = dir.toRealPath().resolve(target.getFileName() + ".lock");
        if (!HELD.add(lockFile)) {
            throw new IllegalStateException(inUse(file, "another generator in this process", lockFile));
        }
        FileChannel channel = null;
        try {
            refuseSpecialLockFile(file, lockFile);
            channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw new IllegalStateException(inUse(file, "another process", lockFile));
            }
            deleteTemporaryFiles(target);
            trialWrite(file, target);
            return new FileStateStore(file, target, lockFile, channel, lock);
        } catch (IOException | RuntimeException e) {
            HELD.remove(lockFile);
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            if (e instanceof OverlappingFileLockException) {
                throw new IllegalStateException(inUse(file, "another lock in this process", lockFile), e);
            }
            throw e;
        }
    }

    private static String inUse(Path file, String holder, Path lockFile) {
        return "The sno state file " + file + " is in use by " + holder + " (its lock file " + lockFile
                + " is locked): a state file has one owner at a time";
    }

    /**
     * Checks, without opening it, that an existing lock file is a regular file (or a link to
     * one): opening a FIFO for writing blocks until a reader comes.
     */
    private static void refuseSpecialLockFile(Path file, Path lockFile) throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(lockFile, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return;
        }
        if (!attributes.isRegularFile()) {
            throw new FileSystemException(lockFile.toString(), null, "the lock file of the sno state file " + file
                    + " is " + SnapshotFile.kind(lockFile, attributes) + "; it must be a regular file");
        }
    }

    /**
     * Creates, writes, forces and deletes one temporary file where {@link #save} writes its
     * own, so that a directory that refuses writes fails the open instead of the first save.
     */
    private static void trialWrite(Path file, Path target) throws IOException {
        Path tmp = SnapshotFile.tempFile(target);
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer buf = ByteBuffer.allocate(SnapshotFile.SIZE);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            Files.delete(tmp);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw new IOException("The sno state file " + file + " cannot be saved: a trial write of " + tmp
                    + " in its directory failed: " + e, e);
        }
    }

    private static void deleteTemporaryFiles(Path target) throws IOException {
        String prefix = SnapshotFile.tempPrefix(target);
        try (DirectoryStream<Path> leftovers = Files.newDirectoryStream(target.getParent(), prefix + "*")) {
            for (Path p : leftovers) {
                Files.deleteIfExists(p);
            }
        }
    }

    /**
     * The state file as given to {@link #open}.
     *
     * @return the path
     */
    public Path file() {
        return file;
    }

    /**
     * Reads the state file.
     *
     * @return the record, or empty if the file does not exist
     * @throws SnapshotFileException if the file exists but does not hold a valid record
     * @throws IOException if the file cannot be read
     */
    @Override
    public Optional<GeneratorSnapshot> load() throws IOException {
        return SnapshotFile.read(target);
    }

    /**
     * Replaces the state file's record atomically and forces it to disk.
     *
     * @param record  the record, not null
     * @throws IOException if it cannot be written; the previous record is then unchanged
     */
    @Override
    public void save(GeneratorSnapshot record) throws IOException {
        SnapshotFile.writeTarget(target, Objects.requireNonNull(record, "record"));
    }

    /**
     * Releases the lock. Closing twice does nothing.
     *
     * @throws IOException if the lock file cannot be closed
     */
    @Override
    public void close() throws IOException {
        if (!lockChannel.isOpen()) {
            return;
        }
        try {
            lock.release();
            lockChannel.close();
        } finally {
            HELD.remove(lockFile);
        }
    }

    /**
     * Names the state file, and the file it points to if it is a symbolic link.
     *
     * @return a description for messages
     */
    @Override
    public String toString() {
        Path given = file.toAbsolutePath().normalize();
        return "sno state file " + file + (given.equals(target) ? "" : " (-> " + target + ")");
    }
}
