package dev.sno.process;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Starts {@link GeneratorChild} (or another child main class) in a JVM of its own, on the
 * test's class path, and sends it signals. Its standard output and error go to a log file,
 * which the test reads for the child's signals ({@code READY}, {@code LOCKED ...}) and shows
 * when something goes wrong.
 */
public final class ChildJvm {

    /** The exit value of a process killed by SIGKILL (128 + 9). */
    public static final int KILLED = 137;

    private final Process process;
    private final Path log;

    private ChildJvm(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /**
     * Starts a child.
     *
     * @param log   the file for its output
     * @param args  the arguments of {@link GeneratorChild#main}
     * @return the running child
     */
    public static ChildJvm start(Path log, String... args) {
        return start(log, GeneratorChild.class, List.of(), args);
    }

    /**
     * Starts a child running the given main class.
     *
     * @param log        the file for its output
     * @param mainClass  the class whose {@code main} the child runs
     * @param unset      environment variables the child must not inherit
     * @param args       the arguments of its {@code main}
     * @return the running child
     */
    public static ChildJvm start(Path log, Class<?> mainClass, List<String> unset, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // A small, quick-starting JVM: these children live for a fraction of a second.
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-XX:+UseSerialGC");
        command.add("-Xmx64m");
        command.add("-cp");
        command.add(classPath());
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().keySet().removeAll(unset);
        try {
            return new ChildJvm(builder.start(), log);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    /**
     * The test's class path plus its module path: surefire runs sno-core's tests as the module
     * dev.sno (main classes on the module path, test classes patched in); the child runs the
     * same classes on a plain class path.
     */
    private static String classPath() {
        String classPath = System.getProperty("java.class.path", "");
        String modulePath = System.getProperty("jdk.module.path", "");
        return modulePath.isEmpty() ? classPath : classPath + File.pathSeparator + modulePath;
    }

    /** @return the process id */
    public long pid() {
        return process.pid();
    }

    /** @return whether the process is running (a stopped process is alive) */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** @return the child's output so far */
    public String output() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Waits for a line of output starting with the prefix.
     *
     * @param prefix   the start of the line
     * @param timeout  how long to wait
     * @return the line
     * @throws AssertionError if the child exits or the time runs out first
     */
    public String awaitLine(String prefix, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            for (String line : output().split("\n", -1)) {
                if (line.startsWith(prefix)) {
                    return line;
                }
            }
            if (!process.isAlive()) {
                String out = output();
                if (out.startsWith(prefix) || out.contains("\n" + prefix)) {
                    continue; // printed just before it exited: found on the next pass
                }
                throw new AssertionError("child " + pid() + " exited with " + process.exitValue()
                        + " before printing '" + prefix + "':\n" + out);
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("child " + pid() + " did not print '" + prefix + "' within " + timeout
                        + ":\n" + output());
            }
            pause();
        }
    }

    /**
     * Waits until a condition holds, while the child lives.
     *
     * @param what       what is awaited, for the message
     * @param condition  the condition
     * @param timeout    how long to wait
     * @return true when it holds, false if the time ran out
     * @throws AssertionError if the child exits first
     */
    public boolean await(String what, BooleanSupplier condition, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (!process.isAlive()) {
                if (condition.getAsBoolean()) {
                    return true;
                }
                throw new AssertionError("child " + pid() + " exited with " + process.exitValue() + " while waiting for "
                        + what + ":\n" + output());
            }
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            pause();
        }
        return true;
    }

    /**
     * Kills the child with SIGKILL ({@link Process#destroyForcibly()} on Linux) and checks
     * that SIGKILL is what ended it.
     *
     * @throws AssertionError if it had exited before or did not die of SIGKILL
     */
    public void kill() {
        if (!process.isAlive()) {
            throw new AssertionError("child " + pid() + " had exited with " + process.exitValue()
                    + " before it was killed:\n" + output());
        }
        process.destroyForcibly();
        int exit = waitFor(Duration.ofSeconds(20));
        if (exit != KILLED) {
            throw new AssertionError("child " + pid() + " exited with " + exit + ", not by SIGKILL (" + KILLED
                    + "):\n" + output());
        }
    }

    /**
     * Waits for the child to exit.
     *
     * @param timeout  how long to wait
     * @return its exit value
     * @throws AssertionError if it does not exit in time
     */
    public int waitFor(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("child " + pid() + " did not exit within " + timeout + ":\n" + output());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
        return process.exitValue();
    }

    /** Kills the child if it is still running (cleanup after a failure). */
    public void destroy() {
        if (process.isAlive()) {
            process.destroyForcibly(); // SIGKILL also ends a stopped process
            try {
                process.waitFor(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Sends a signal with {@code kill -<name> <pid>}.
     *
     * @param name  the signal's name, e.g. STOP, CONT
     */
    public void signal(String name) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid())).redirectErrorStream(true).start();
            String out = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (kill.waitFor() != 0) {
                throw new AssertionError("kill -" + name + " " + pid() + " failed: " + out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /**
     * The scheduler state of the process from {@code /proc/<pid>/stat}: R, S, T (stopped), ...
     *
     * @return the state letter
     */
    public char state() {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid()), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Polling interval while waiting for the child: waiting for a signal, not timing a scenario. */
    private static void pause() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
