package dev.sno;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Thrown when a generator snapshot file exists but cannot be a snapshot: truncated, too long,
 * with a wrong magic number, an unsupported version, a checksum mismatch or a field out of
 * range ({@code Corrupt sno snapshot file <file>: <fault>}), or not a regular file at all: a
 * directory, a FIFO, a device or a socket ({@code Not a sno snapshot file: <file> is a FIFO; a
 * snapshot file is a regular file of 48 bytes}). The message names the file and the fault. A
 * corrupt file is never taken for a fresh start: that could repeat IDs.
 */
public final class SnapshotFileException extends IOException {

    private static final long serialVersionUID = 1L;

    /** The file, as a string (Path is not serializable). */
    private final String file;

    SnapshotFileException(Path file, String fault) {
        this(file, "Corrupt sno snapshot file " + file + ": " + fault, true);
    }

    private SnapshotFileException(Path file, String message, boolean unused) {
        super(message);
        this.file = file.toString();
    }

    /** A path that names something other than a regular file (kind: "a FIFO", ...). */
    static SnapshotFileException notRegular(Path file, String kind, int size) {
        return new SnapshotFileException(file, "Not a sno snapshot file: " + file + " is " + kind
                + "; a snapshot file is a regular file of " + size + " bytes", true);
    }

    /**
     * The file that could not be read.
     *
     * @return the path of the file, as given to {@link SnapshotFile#read}
     */
    public String file() {
        return file;
    }
}
