package dev.sno;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
     * @throws IOException if the lock file cannot be created or locked
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
            channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw new IllegalStateException(inUse(file, "another process", lockFile));
            }
            deleteTemporaryFiles(target);
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
