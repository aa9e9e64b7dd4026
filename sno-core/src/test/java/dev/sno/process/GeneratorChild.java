package dev.sno.process;

import dev.sno.SnoGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The child program of the real-process tests: a generator in a JVM of its own, which the test
 * kills, stops and restarts.
 *
 * <ul>
 * <li>{@code run <runFile> <stateFile|-> <partition> <seqMin> <seqMax> <threads> <writeAheadMillis|0>}:
 *     builds a generator whose clock is the run file's clock (set by the test), on the state
 *     file ({@code -}: none, the control that shows repeats), prints {@code READY <pid>}, then
 *     makes IDs with metabyte {@link #META} on the given number of threads as fast as the
 *     clock and the sequence pool allow, recording each in the run file. On a stop request it
 *     closes the generator and exits 0.</li>
 * <li>{@code try <stateFile> <clockMillis>}: tries to build a generator on the state file;
 *     prints {@code LOCKED <message>} and exits 3 on {@link IllegalStateException}, prints
 *     {@code BUILT}, closes it and exits 0 if that works.</li>
 * </ul>
 */
public final class GeneratorChild {

    /** The metabyte of every ID the child makes: the same in every run, so repeats are real. */
    public static final int META = 7;

    /** Exit code of {@code try} when the file is held by another owner. */
    public static final int EXIT_LOCKED = 3;

    private GeneratorChild() {
    }

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "run":
                run(args);
                break;
            case "try":
                tryBuild(Path.of(args[1]), Long.parseLong(args[2]));
                break;
            default:
                throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }

    private static void run(String[] args) throws InterruptedException {
        RunFile run;
        try {
            run = RunFile.open(Path.of(args[1]));
        } catch (IOException e) {
            e.printStackTrace();
            System.exit(2);
            return;
        }
        run.setPhase(RunFile.PHASE_STARTED);
        int threads = Integer.parseInt(args[6]);
        long writeAheadMillis = Long.parseLong(args[7]);
        SnoGenerator.Builder builder = SnoGenerator.builder()
                .clock(run::clockMillis)
                .partition(Integer.parseInt(args[3]))
                .sequenceRange(Integer.parseInt(args[4]), Integer.parseInt(args[5]));
        if (!args[2].equals("-")) {
            builder.snapshotFile(Path.of(args[2]));
            if (writeAheadMillis > 0) {
                builder.writeAhead(Duration.ofMillis(writeAheadMillis));
            }
        }
        run.setPhase(RunFile.PHASE_BUILDING);
        SnoGenerator generator;
        try {
            generator = builder.build();
        } catch (RuntimeException e) {
            run.setPhase(RunFile.PHASE_FAILED);
            System.out.println("FAILED " + e);
            e.printStackTrace();
            System.exit(2);
            return;
        }
        run.setPhase(RunFile.PHASE_READY);
        System.out.println("READY " + ProcessHandle.current().pid());
        System.out.flush();
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> work(generator, run), "worker-" + i);
            t.start();
            workers.add(t);
        }
        for (Thread t : workers) {
            t.join();
        }
        generator.close();
        run.setPhase(RunFile.PHASE_CLOSED);
        System.out.println("CLOSED");
        System.exit(0);
    }

    private static void work(SnoGenerator generator, RunFile run) {
        try {
            while (!run.stopRequested()) {
                if (!run.record(generator.next(META))) {
                    System.out.println("FULL");
                    return;
                }
            }
        } catch (RuntimeException e) {
            run.countError();
            System.out.println("ERROR " + e);
            e.printStackTrace();
        }
    }

    private static void tryBuild(Path stateFile, long clockMillis) {
        SnoGenerator generator;
        try {
            generator = SnoGenerator.builder().clock(() -> clockMillis).snapshotFile(stateFile).build();
        } catch (IllegalStateException e) {
            System.out.println("LOCKED " + e.getMessage());
            System.out.flush();
            System.exit(EXIT_LOCKED);
            return;
        }
        System.out.println("BUILT");
        generator.close();
        System.exit(0);
    }
}
