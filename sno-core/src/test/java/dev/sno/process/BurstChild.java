package dev.sno.process;

import dev.sno.Sno;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * The child program of {@code BurstTest}: an unconfigured process that gets its partition from
 * the default, started together with many others.
 *
 * <p>{@code <sno|cli> <gateFile> <outFile> <count>}: checks that nothing configures a partition
 * or a state file ({@code sno.partition}, {@code SNO_PARTITION}, {@code sno.snapshot-file},
 * {@code SNO_SNAPSHOT_FILE}), warms up what comes before a partition is taken (the public
 * classes, a builder that is not built, the codec, the command's {@code --help}), checks that
 * the test holds the gate (an exclusive lock on the gate file), prints {@code READY <pid>} and
 * blocks on a shared lock of the gate file. Nothing before that point builds a generator or
 * takes a partition: the default's seed is drawn after the signal. When the test releases its
 * lock, the child makes IDs:
 * <ul>
 * <li>{@code sno}: {@code count} calls of {@link Sno#next(int) Sno.next(3)};</li>
 * <li>{@code cli}: {@code sno generate <count>}, through {@code dev.sno.cli.Main.run} (what
 *     {@code Main.main} calls, minus {@code System.exit}), capturing its standard output.</li>
 * </ul>
 * It writes to {@code outFile}: {@code partition <p>} (the shared generator's; for the command,
 * the partition of its first ID, since the command does not print one), {@code released
 * <epochMicros>} (when the gate opened for it), then the IDs in text form, one a line. It
 * prints {@code DONE} and exits 0; 2 if it is configured or the gate is not held, the
 * command's status if that is not 0, 4 if it is still alive after {@link #WATCHDOG_MILLIS}.
 */
public final class BurstChild {

    /** How long a child may live in all: an orphan whose test died exits by itself. */
    static final long WATCHDOG_MILLIS = 300_000;

    private BurstChild() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        Path gateFile = Path.of(args[1]);
        Path outFile = Path.of(args[2]);
        int count = Integer.parseInt(args[3]);
        if (!mode.equals("sno") && !mode.equals("cli")) {
            throw new IllegalArgumentException("unknown mode " + mode);
        }
        Thread watchdog = new Thread(BurstChild::watchdog, "burst-child-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();

        for (String[] setting : new String[][] {{"sno.partition", "SNO_PARTITION"},
                {"sno.snapshot-file", "SNO_SNAPSHOT_FILE"}}) {
            String property = System.getProperty(setting[0]);
            String variable = System.getenv(setting[1]);
            if (property != null && !property.isBlank() || variable != null && !variable.isBlank()) {
                System.out.println("CONFIGURED " + setting[0] + "=" + property + " " + setting[1] + "=" + variable);
                System.exit(2);
            }
        }
        // Warm up what comes before the partition, so that the first ID after the signal
        // follows it closely, as in processes that reach their first ID together: the public
        // classes, a builder (not built), the codec, the command's option parsing (its --help
        // builds no generator). None of this takes a partition: a generator built without one
        // takes it, and that comes after the signal.
        Instant.now();
        SnoGenerator.builder();
        SnoId.parse(SnoId.MAX.toString());
        Class.forName(Sno.class.getName(), true, BurstChild.class.getClassLoader());
        Method run = null;
        if (mode.equals("cli")) {
            // Main.run is package-private: Main.main would exit the JVM and write to file
            // descriptor 1 directly. On the class path, setAccessible is allowed.
            run = Class.forName("dev.sno.cli.Main").getDeclaredMethod("run", String[].class, InputStream.class,
                    OutputStream.class, PrintStream.class);
            run.setAccessible(true);
            int status = cli(run, new String[] {"generate", "--help"}, new ByteArrayOutputStream());
            if (status != 0) {
                System.exit(status);
            }
        }

        long releasedMicros;
        try (FileChannel gate = FileChannel.open(gateFile, StandardOpenOption.READ)) {
            FileLock early = gate.tryLock(0, Long.MAX_VALUE, true);
            if (early != null) {
                System.out.println("GATE OPEN: the test does not hold " + gateFile);
                System.exit(2);
            }
            System.out.println("READY " + ProcessHandle.current().pid());
            System.out.flush();
            FileLock lock = gate.lock(0, Long.MAX_VALUE, true); // blocks until the test unlocks
            Instant released = Instant.now();
            releasedMicros = released.getEpochSecond() * 1_000_000 + released.getNano() / 1_000;
            lock.release();
        }

        StringBuilder out = new StringBuilder(64 + 17 * count);
        String ids;
        int partition;
        if (mode.equals("sno")) {
            StringBuilder sb = new StringBuilder(17 * count);
            for (int i = 0; i < count; i++) {
                sb.append(Sno.next(3)).append('\n');
            }
            ids = sb.toString();
            partition = Sno.partition();
        } else {
            ByteArrayOutputStream stdout = new ByteArrayOutputStream(17 * count);
            int status = cli(run, new String[] {"generate", Integer.toString(count)}, stdout);
            if (status != 0) {
                System.exit(status);
            }
            ids = stdout.toString(StandardCharsets.US_ASCII);
            int end = ids.indexOf('\n');
            partition = SnoId.parse(end < 0 ? ids : ids.substring(0, end)).partition();
        }
        out.append("partition ").append(partition).append('\n');
        out.append("released ").append(releasedMicros).append('\n');
        out.append(ids);
        Files.writeString(outFile, out, StandardCharsets.US_ASCII);
        System.out.println("DONE");
        System.out.flush();
        System.exit(0);
    }

    /** Runs the command; prints its standard error and status if that is not 0. */
    private static int cli(Method run, String[] args, ByteArrayOutputStream stdout) throws ReflectiveOperationException {
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int status = (int) run.invoke(null, args, InputStream.nullInputStream(), stdout,
                new PrintStream(stderr, true, StandardCharsets.UTF_8));
        if (status != 0) {
            System.out.println("sno " + String.join(" ", args) + " exited with " + status + ": "
                    + stderr.toString(StandardCharsets.UTF_8));
        }
        return status;
    }

    private static void watchdog() {
        try {
            Thread.sleep(WATCHDOG_MILLIS);
        } catch (InterruptedException e) {
            return;
        }
        System.out.println("WATCHDOG: still running after " + WATCHDOG_MILLIS + " ms");
        System.out.flush();
        Runtime.getRuntime().halt(4);
    }
}
