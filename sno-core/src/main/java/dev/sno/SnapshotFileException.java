package dev.sno;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Thrown when a generator snapshot file exists but cannot be a snapshot: truncated, too long,
 * with a wrong magic number, an unsupported version, a checksum mismatch or a field out of
 * range. The message names the file and the fault. A corrupt file is never taken for a fresh
 * start: that could repeat IDs.
 */
public final class SnapshotFileException extends IOException {

    private static final long serialVersionUID = 1L;

    /** The file, as a string (Path is not serializable). */
    private final String file;

    SnapshotFileException(Path file, String fault) {
        super("Corrupt sno snapshot file " + file + ": " + fault);
        this.file = file.toString();
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
