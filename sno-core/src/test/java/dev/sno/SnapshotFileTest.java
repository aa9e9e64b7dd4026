package dev.sno;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotFileTest {

    private static final long T = 4_000_000_000L;
    private static final GeneratorSnapshot SAMPLE =
            new GeneratorSnapshot(0xBEEF, 100, 65535, 0xFFFF_FFFFL, T + 7, T + 5, T + 9, 0xFFFF_FFFFL);

    @Test
    void roundTripsEveryField(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("gen.snap");
        SnapshotFile.write(file, SAMPLE);
        assertEquals(48, Files.size(file));
        assertEquals(Optional.of(SAMPLE), SnapshotFile.read(file));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList(), "no temporary file left behind");
        }
    }

    @Test
    void theRecordHasTheDocumentedLayout() {
        byte[] b = SnapshotFile.encode(SAMPLE);
        ByteBuffer buf = ByteBuffer.wrap(b);
        assertEquals("SNOG", new String(b, 0, 4, java.nio.charset.StandardCharsets.US_ASCII));
        assertEquals(1, b[4]);
        assertEquals(0, b[5]);
        assertEquals((short) 0xBEEF, buf.getShort(6));
        assertEquals(100, buf.getShort(8));
        assertEquals((short) 65535, buf.getShort(10));
        assertEquals(-1, buf.getInt(12));
        assertEquals(T + 7, buf.getLong(16));
        assertEquals(T + 5, buf.getLong(24));
        assertEquals(T + 9, buf.getLong(32));
        assertEquals(-1, buf.getInt(40));
        CRC32C crc = new CRC32C();
        crc.update(b, 0, 44);
        assertEquals((int) crc.getValue(), buf.getInt(44));
    }

    @Test
    void aMissingFileIsAFreshStart(@TempDir Path dir) throws Exception {
        assertEquals(Optional.empty(), SnapshotFile.read(dir.resolve("none.snap")));
        SnoGenerator g = SnoGenerator.builder().partition(3).snapshotFile(dir.resolve("none.snap"))
                .clock(ScriptedClock.atUnit(T)).build();
        assertEquals(0, g.next(0).sequence());
        g.close();
        assertTrue(Files.exists(dir.resolve("none.snap")), "close wrote the file");
    }

    @Test
    void rejectsTruncatedAndOverlongFilesNamingThem(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.snap");
        byte[] good = SnapshotFile.encode(SAMPLE);
        Files.write(file, java.util.Arrays.copyOf(good, 20));
        SnapshotFileException e = assertThrows(SnapshotFileException.class, () -> SnapshotFile.read(file));
        assertEquals("Corrupt sno snapshot file " + file + ": truncated: 20 bytes, expected 48", e.getMessage());
        assertEquals(file.toString(), e.file());
        Files.write(file, new byte[0]);
        assertThrows(SnapshotFileException.class, () -> SnapshotFile.read(file));
        Files.write(file, java.util.Arrays.copyOf(good, 49));
        assertEquals("Corrupt sno snapshot file " + file + ": too long: 49 bytes, expected 48",
                assertThrows(SnapshotFileException.class, () -> SnapshotFile.read(file)).getMessage());
    }

    @Test
    void rejectsEveryFlippedBit(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("flip.snap");
        byte[] good = SnapshotFile.encode(SAMPLE);
        for (int bit = 0; bit < 48 * 8; bit++) {
            byte[] bad = good.clone();
            bad[bit / 8] ^= (byte) (1 << (bit % 8));
            Files.write(file, bad);
            assertThrows(SnapshotFileException.class, () -> SnapshotFile.read(file), "bit " + bit);
        }
    }

    @Test
    void namesTheFaultOfAWellFormedButInvalidRecord(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("x.snap");
        byte[] b = SnapshotFile.encode(SAMPLE);
        b[0] = 'X';
        Files.write(file, b);
        assertEquals("Corrupt sno snapshot file " + file + ": bad magic 0x584E4F47, expected 0x534E4F47",
                assertThrows(SnapshotFileException.class, () -> SnapshotFile.read(file)).getMessage());

        Files.write(file, withCrc(SnapshotFile.encode(SAMPLE), 4, (byte) 2));
        assertEquals("Corrupt sno snapshot file " + file + ": unsupported version 2, expected 1",
                assertThrows(SnapshotFileException.class, () -> SnapshotFile.read(file)).getMessage());

        Files.write(file, withCrc(SnapshotFile.encode(SAMPLE), 16, (byte) 0x80)); // now < 0
        assertEquals("Corrupt sno snapshot file " + file
                        + ": Invalid generator snapshot: now must be in [0, 549755813887]: now=-9223372032854775801",
                assertThrows(SnapshotFileException.class, () -> SnapshotFile.read(file)).getMessage());

        byte[] crcOff = SnapshotFile.encode(SAMPLE);
        crcOff[47] ^= 1;
        Files.write(file, crcOff);
        assertTrue(assertThrows(SnapshotFileException.class, () -> SnapshotFile.read(file)).getMessage()
                .contains(": checksum mismatch: stored 0x"));
    }

    /** Makes a FIFO with mkfifo(1); skips the test where there is none. */
    static Path fifo(Path file) throws Exception {
        Process p;
        try {
            p = new ProcessBuilder("mkfifo", file.toString()).redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            assumeTrue(false, "no mkfifo on this system: " + e.getMessage());
            throw e;
        }
        assertEquals(0, p.waitFor(), () -> new String(readAll(p), java.nio.charset.StandardCharsets.UTF_8));
        return file;
    }

    private static byte[] readAll(Process p) {
        try {
            return p.getInputStream().readAllBytes();
        } catch (java.io.IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static final Duration BOUND = Duration.ofSeconds(20);

    @Test
    void aFifoIsRefusedWithoutBlocking(@TempDir Path dir) throws Exception {
        Path file = fifo(dir.resolve("s.state"));
        SnapshotFileException e = assertTimeoutPreemptively(BOUND,
                () -> assertThrows(SnapshotFileException.class, () -> SnapshotFile.read(file)));
        assertEquals("Not a sno snapshot file: " + file + " is a FIFO; a snapshot file is a regular file of 48 bytes",
                e.getMessage());
        UncheckedIOException u = assertTimeoutPreemptively(BOUND, () -> assertThrows(UncheckedIOException.class,
                () -> SnoGenerator.builder().snapshotFile(file).build()));
        assertEquals(e.getMessage(), u.getCause().getMessage());
        assertTrue(u.getMessage().contains(file.toString()), u.getMessage());
    }

    @Test
    void aHugeFileIsRefusedByItsSizeWithoutReadingIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("huge.state");
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(3L << 30);   // sparse: no disk space used
        }
        SnapshotFileException e = assertTimeoutPreemptively(BOUND,
                () -> assertThrows(SnapshotFileException.class, () -> SnapshotFile.read(file)));
        assertEquals("Corrupt sno snapshot file " + file + ": too long: 3221225472 bytes, expected 48", e.getMessage());
        UncheckedIOException u = assertTimeoutPreemptively(BOUND, () -> assertThrows(UncheckedIOException.class,
                () -> SnoGenerator.builder().snapshotFile(file).build()));
        assertEquals(e.getMessage(), u.getCause().getMessage());
    }

    @Test
    void aLinkToADeviceIsRefusedWithoutReadingIt(@TempDir Path dir) throws Exception {
        assumeTrue(Files.exists(Path.of("/dev/zero")), "no /dev/zero on this system");
        Path file = Files.createSymbolicLink(dir.resolve("zero.state"), Path.of("/dev/zero"));
        SnapshotFileException e = assertTimeoutPreemptively(BOUND,
                () -> assertThrows(SnapshotFileException.class, () -> SnapshotFile.read(file)));
        assertEquals("Not a sno snapshot file: " + file + " is a character device; a snapshot file is a regular file"
                + " of 48 bytes", e.getMessage());
        UncheckedIOException u = assertTimeoutPreemptively(BOUND, () -> assertThrows(UncheckedIOException.class,
                () -> SnoGenerator.builder().snapshotFile(file).build()));
        assertEquals("Could not read the state of the sno generator from the sno state file " + file
                + " (-> /dev/zero): Not a sno snapshot file: /dev/zero is a character device; a snapshot file is"
                + " a regular file of 48 bytes", u.getMessage());
        Files.delete(file); // @TempDir's clean-up warns about a link that leads out of the directory
    }

    @Test
    void aDirectoryIsNotASnapshotFile(@TempDir Path dir) {
        SnapshotFileException e = assertThrows(SnapshotFileException.class, () -> SnapshotFile.read(dir));
        assertEquals("Not a sno snapshot file: " + dir + " is a directory; a snapshot file is a regular file of 48 bytes",
                e.getMessage());
        assertEquals(dir.toString(), e.file());
    }

    private static byte[] withCrc(byte[] b, int index, byte value) {
        b[index] = value;
        CRC32C crc = new CRC32C();
        crc.update(b, 0, 44);
        ByteBuffer.wrap(b).putInt(44, (int) crc.getValue());
        return b;
    }

    @Test
    void aCorruptFileFailsTheBuildInsteadOfStartingFresh(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("corrupt.snap");
        Files.write(file, new byte[] {1, 2, 3});
        UncheckedIOException e = assertThrows(UncheckedIOException.class,
                () -> SnoGenerator.builder().partition(1).snapshotFile(file).build());
        assertInstanceOf(SnapshotFileException.class, e.getCause());
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    }

    @Test
    void theFileMustMatchTheConfiguredPartitionAndRange(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("p.snap");
        SnapshotFile.write(file, new GeneratorSnapshot(7, 0, 65535, 0, T, T, 0, 0));
        try (SnoGenerator ok = SnoGenerator.builder().partition(7).snapshotFile(file)
                .clock(ScriptedClock.atUnit(T)).build()) {
            assertEquals(7, ok.partition());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SnoGenerator.builder().partition(8).snapshotFile(file).build());
        assertEquals("The state in the sno state file " + file + " belongs to partition 7 with sequence range 0..65535,"
                + " not to the configured partition 8", e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> SnoGenerator.builder().sequenceRange(0, 100).snapshotFile(file).build());
        assertThrows(IllegalArgumentException.class,
                () -> SnoGenerator.builder().restore(SAMPLE).snapshotFile(file).build());
    }

    @Test
    void restartWithTheClockAnHourBackRepeatsNoId(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("restart.snap");
        ScriptedClock clock = ScriptedClock.atUnit(T);
        Set<SnoId> ids = new HashSet<>();
        try (SnoGenerator g = SnoGenerator.builder().partition(11).snapshotFile(file).clock(clock).build()) {
            for (int unit = 0; unit < 2000; unit++) {
                clock.setUnit(T + unit);
                for (int i = 0; i < 3; i++) {
                    assertTrue(ids.add(g.next(1)));
                }
            }
        }
        // Restart: the clock is now an hour behind, and then runs through the same hour again.
        long hour = 900_000;
        clock.setUnit(T + 1999 - hour);
        try (SnoGenerator g = SnoGenerator.builder().partition(11).snapshotFile(file).clock(clock).build()) {
            for (long unit = T + 1999 - hour; unit < T + 2100; unit += unit < T - 10 ? 997 : 1) {
                clock.setUnit(unit);
                for (int i = 0; i < 3; i++) {
                    SnoId id = g.next(1);
                    assertTrue(ids.add(id), () -> "repeated " + id);
                }
            }
            assertEquals(1, g.snapshot().drifts());
        }
        assertEquals(1, SnapshotFile.read(file).orElseThrow().drifts());
    }

    /**
     * Exact records, whatever the background writer does meanwhile: it saves nothing before the
     * first record (the first ID saves it), and it reads the clock under the generator's lock, so
     * it cannot save a reading of the old timeline after the regression's record (it once did, and
     * this test saw now=T+100, wallHi=T+600 on the new timeline: WriteAheadInterleavingTest forces
     * that interleaving). Its renewals are due from T+400 on the first timeline and from T+350 on
     * the second; the clock never gets there.
     */
    @Test
    void theFileCoversTheHorizonBeforeTheFirstIdAndARegressionBeforeTheFirstIdOfItsTimeline(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("drift.snap");
        ScriptedClock clock = ScriptedClock.atUnit(T + 100);
        try (SnoGenerator g = SnoGenerator.builder().partition(2).snapshotFile(file).clock(clock).build()) {
            assertFalse(Files.exists(file), "nothing is written before the first ID");
            g.next(0);
            GeneratorSnapshot ahead = SnapshotFile.read(file).orElseThrow();
            assertEquals(new GeneratorSnapshot(2, 0, 65535, 65535, T + 100, T + 100 + 500, 0, 0), ahead,
                    "a 2 s horizon (500 units) ahead of the clock, its last unit taken as used up");
            clock.setUnit(T + 50);
            SnoId first = g.next(0);
            assertTrue(first.tickTock());
            GeneratorSnapshot drift = SnapshotFile.read(file).orElseThrow();
            assertEquals(new GeneratorSnapshot(2, 0, 65535, 65535, T + 50, T + 50 + 500, T + 100, 1), drift,
                    "the new timeline is on disk when its first ID is returned");
        }
    }

    /**
     * The background writer runs its rounds from the start (every 4 ms with an 8 ms horizon), but
     * it has nothing to renew before the first record, which the first ID saves: no file until
     * then, however many rounds it ran. Its rounds are counted by its clock readings.
     */
    @Test
    void theBackgroundWriterWritesNothingBeforeTheFirstId(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("idle.snap");
        java.util.concurrent.atomic.AtomicInteger writerReads = new java.util.concurrent.atomic.AtomicInteger();
        long millis = ScriptedClock.millisOfUnit(T);
        SnoClock clock = () -> {
            if (Thread.currentThread().getName().startsWith("sno-state-writer")) {
                writerReads.incrementAndGet();
            }
            return millis;
        };
        try (SnoGenerator g = SnoGenerator.builder().partition(4).snapshotFile(file).clock(clock)
                .writeAhead(Duration.ofMillis(8)).build()) {
            long deadline = System.nanoTime() + BOUND.toNanos();
            while (writerReads.get() < 3) {
                assertTrue(System.nanoTime() - deadline < 0, "the writer read the clock " + writerReads.get() + " times");
                java.util.concurrent.locks.LockSupport.parkNanos(1_000_000L);
            }
            assertFalse(Files.exists(file), "written by the background writer before the first ID");
            g.next(0);
            assertEquals(new GeneratorSnapshot(4, 0, 65535, 65535, T, T + 2, 0, 0), SnapshotFile.read(file).orElseThrow());
        }
    }

    @Test
    void closingUnderLoadCapturesEveryIdMadeSoARestoreRepeatsNone(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("load.snap");
        java.util.concurrent.atomic.AtomicLong reads = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong offset = new java.util.concurrent.atomic.AtomicLong();
        long base = ScriptedClock.millisOfUnit(T);
        SnoClock clock = () -> base + reads.getAndIncrement() / 200 - offset.get();
        SnoGenerator g = SnoGenerator.builder().partition(5).snapshotFile(file).clock(clock).build();
        Set<SnoId> before = java.util.concurrent.ConcurrentHashMap.newKeySet();
        java.util.concurrent.CountDownLatch running = new java.util.concurrent.CountDownLatch(4);
        List<Thread> threads = new java.util.ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread th = new Thread(() -> {
                running.countDown();
                try {
                    for (int i = 0; ; i++) {
                        before.add(g.next(3));
                        if (i == 10_000) {
                            offset.compareAndSet(0, 40); // one regression under load
                        }
                    }
                } catch (IllegalStateException closed) {
                    assertEquals("This SnoGenerator is closed", closed.getMessage());
                }
            });
            threads.add(th);
            th.start();
        }
        running.await();
        while (before.size() < 100_000) {
            Thread.onSpinWait();
        }
        g.close();
        for (Thread th : threads) {
            th.join();
        }
        GeneratorSnapshot last = SnapshotFile.read(file).orElseThrow();
        assertEquals(g.snapshot(), last);
        assertEquals(1, last.drifts());
        // Restore with the clock exactly at the final unit (a restored unit is not continued
        // without a save: callers wait for the next one), then a regression, then forward. The
        // clock moves on by itself, 1 ms every 50 reads, so that the wait ends.
        long finalMillis = ScriptedClock.millisOfUnit(last.wallHi());
        java.util.concurrent.atomic.AtomicLong afterReads = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong step = new java.util.concurrent.atomic.AtomicLong();
        SnoClock after = () -> finalMillis + afterReads.getAndIncrement() / 50 + step.get();
        try (SnoGenerator r = SnoGenerator.builder().partition(5).snapshotFile(file).clock(after).build()) {
            for (long delta : new long[] {0, 0, 0, -8, -8, 4, 100, 400}) {
                step.addAndGet(delta);
                for (int i = 0; i < 1000; i++) {
                    SnoId id = r.next(3);
                    assertFalse(before.contains(id), () -> "repeated " + id);
                }
            }
        }
    }
}
