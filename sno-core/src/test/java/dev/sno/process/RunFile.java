package dev.sno.process;

import dev.sno.SnoId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A memory-mapped file shared by a test and the {@link GeneratorChild} it starts: the test
 * writes the child's clock into it, the child records its progress and every ID it returns.
 *
 * <p>The record survives {@code kill -9} of the child: its writes go to the page cache of a
 * shared mapping, which belongs to the kernel, not to the process. An ID is recorded by
 * reserving a slot, writing the ID's first 8 bytes, then (with release semantics) its last 2
 * bytes together with a "complete" marker, and then counting it as completed; a slot without
 * the marker belongs to a thread that was killed in the middle of recording and is skipped. So
 * a kill loses at most the IDs in flight (one per thread, returned but not yet recorded), and
 * every recorded ID is one the generator really returned.
 *
 * <p>Layout (native byte order, 8-byte aligned longs): a 4096-byte header, then 16-byte slots.
 * <pre>
 * offset  field            written by
 *      0  clock millis     test (the child's SnoClock reads it on every call)
 *      8  phase            child (see the PHASE_ constants)
 *     16  slots reserved   child
 *     24  IDs completed    child
 *     32  errors           child (exceptions thrown by next)
 *     40  stop request     test (the child's workers stop, it closes its generator and exits)
 * </pre>
 */
public final class RunFile implements AutoCloseable {

    /** The child's main method has started. */
    public static final long PHASE_STARTED = 1;
    /** The child is building its generator (opening, locking and reading the state file). */
    public static final long PHASE_BUILDING = 2;
    /** The generator is built; the workers are starting. */
    public static final long PHASE_READY = 3;
    /** The child closed its generator after a stop request. */
    public static final long PHASE_CLOSED = 4;
    /** Building the generator failed. */
    public static final long PHASE_FAILED = -1;

    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private static final int HEADER = 4096;
    private static final int SLOT = 16;
    private static final int CLOCK = 0;
    private static final int PHASE = 8;
    private static final int RESERVED = 16;
    private static final int COMPLETED = 24;
    private static final int ERRORS = 32;
    private static final int STOP = 40;
    private static final long COMPLETE = 1L << 32;

    private final Path path;
    private final FileChannel channel;
    private final MappedByteBuffer map;
    private final int capacity;

    private RunFile(Path path, FileChannel channel, MappedByteBuffer map, int capacity) {
        this.path = path;
        this.channel = channel;
        this.map = map;
        this.capacity = capacity;
    }

    private static RunFile map(Path path, FileChannel ch) throws IOException {
        long size = ch.size();
        if (size == 0) {
            throw new IOException("empty run file " + path);
        }
        MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, size);
        return new RunFile(path, ch, map, (int) ((size - HEADER) / SLOT));
    }

    /**
     * Creates a zeroed run file with room for the given number of IDs.
     *
     * @param path      the file, which must not exist
     * @param capacity  how many IDs it can record
     * @param clockMillis  the child's clock at start
     * @return the mapped file
     * @throws IOException if it cannot be created
     */
    public static RunFile create(Path path, int capacity, long clockMillis) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[1]), (long) HEADER + (long) capacity * SLOT - 1);
        }
        RunFile run = open(path);
        run.setClockMillis(clockMillis);
        return run;
    }

    /**
     * Maps an existing run file (in the child).
     *
     * @param path  the file
     * @return the mapped file
     * @throws IOException if it cannot be opened
     */
    public static RunFile open(Path path) throws IOException {
        FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            return map(path, ch);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** @return the file */
    public Path path() {
        return path;
    }

    /** @return the child's clock */
    public long clockMillis() {
        return (long) LONGS.getVolatile(map, CLOCK);
    }

    /** @param millis  the child's new clock reading */
    public void setClockMillis(long millis) {
        LONGS.setVolatile(map, CLOCK, millis);
    }

    /** @return the child's phase */
    public long phase() {
        return (long) LONGS.getVolatile(map, PHASE);
    }

    /** @param phase  the child's new phase */
    public void setPhase(long phase) {
        LONGS.setVolatile(map, PHASE, phase);
    }

    /** @return the number of IDs recorded completely */
    public long completed() {
        return (long) LONGS.getVolatile(map, COMPLETED);
    }

    /** @return the number of exceptions the child's {@code next} calls threw */
    public long errors() {
        return (long) LONGS.getVolatile(map, ERRORS);
    }

    /** Counts an exception thrown by {@code next} in the child. */
    public void countError() {
        LONGS.getAndAdd(map, ERRORS, 1L);
    }

    /** Asks the child to stop its workers, close its generator and exit. */
    public void requestStop() {
        LONGS.setVolatile(map, STOP, 1L);
    }

    /** @return whether the test asked the child to stop */
    public boolean stopRequested() {
        return (long) LONGS.getVolatile(map, STOP) != 0;
    }

    /**
     * Records an ID the child's generator returned; called by any number of threads.
     *
     * @param id  the ID
     * @return false if the file is full (the ID is not recorded)
     */
    public boolean record(SnoId id) {
        long slot = (long) LONGS.getAndAdd(map, RESERVED, 1L);
        if (slot >= capacity) {
            return false;
        }
        byte[] b = id.toBytes();
        long first = 0;
        for (int i = 0; i < 8; i++) {
            first = first << 8 | (b[i] & 0xFF);
        }
        long last = COMPLETE | (b[8] & 0xFF) << 8 | (b[9] & 0xFF);
        int at = HEADER + (int) slot * SLOT;
        LONGS.setVolatile(map, at, first);
        LONGS.setRelease(map, at + 8, last);
        LONGS.getAndAdd(map, COMPLETED, 1L);
        return true;
    }

    /**
     * Every ID recorded completely, in the order the slots were reserved.
     *
     * @return the IDs
     * @throws IllegalStateException if the child ran out of slots (the test must size the file)
     */
    public List<SnoId> ids() {
        long reserved = (long) LONGS.getVolatile(map, RESERVED);
        if (reserved > capacity) {
            throw new IllegalStateException("run file " + path + " overflowed: " + reserved + " IDs for "
                    + capacity + " slots");
        }
        List<SnoId> ids = new ArrayList<>((int) reserved);
        byte[] b = new byte[SnoId.SIZE_BYTES];
        for (int slot = 0; slot < reserved; slot++) {
            int at = HEADER + slot * SLOT;
            long last = (long) LONGS.getAcquire(map, at + 8);
            if ((last & COMPLETE) == 0) {
                continue;
            }
            long first = (long) LONGS.getVolatile(map, at);
            for (int i = 0; i < 8; i++) {
                b[i] = (byte) (first >>> (56 - 8 * i));
            }
            b[8] = (byte) (last >>> 8);
            b[9] = (byte) last;
            ids.add(SnoId.fromBytes(b));
        }
        return ids;
    }

    /**
     * Unmaps lazily (the JDK unmaps when the buffer is collected) and closes the channel.
     *
     * @throws UncheckedIOException if the channel cannot be closed
     */
    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
