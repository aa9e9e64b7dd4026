package dev.sno.testsupport;

import dev.sno.testsupport.TestServers.Server;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The servers' scripts (scripts/*-test-server.sh) as {@link TestServers} runs them: a verb with
 * the variables that name one server, and the watchdog that stops a server when its owner exits.
 */
final class ServerScripts {

    private static final String WATCHDOG = "trap '' INT HUP; while kill -0 \"$1\" 2>/dev/null; do sleep 1; done;"
            + " bash \"$2\" stop; rm -f \"$3\".properties \"$3\".lock; rmdir \"$4\" 2>/dev/null; exit 0";

    private ServerScripts() {
    }

    static void stopQuietly(Server server, Map<String, String> env) {
        try {
            run(server, env, "stop");
        } catch (AssertionError | UncheckedIOException e) {
            System.out.println("[sno] could not stop " + server.title + " in " + env + ": " + e.getMessage());
        }
    }

    static void watchdog(Server server, Map<String, String> env, ProcessHandle owner, Path dir) {
        List<String> command = new ArrayList<>();
        // Its own session, and deaf to INT and HUP: a Ctrl-C in the terminal (or a closed one)
        // stops the build, and the watchdog then stops the server.
        if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
            command.add("/usr/bin/setsid");
        }
        command.addAll(List.of("bash", "-c", WATCHDOG, "sno-test-server-watchdog", Long.toString(owner.pid()),
                scriptPath(server).toString(), dir.toString(), dir.getParent().toString()));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(env);
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        try {
            pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("starting the watchdog of " + server.title, e);
        }
    }

    /** Runs server's script with verb; returns its output; fails with it when the script does. */
    static String run(Server server, Map<String, String> env, String... verb) {
        Path script = scriptPath(server);
        List<String> command = new ArrayList<>(List.of("bash", script.toString()));
        command.addAll(List.of(verb));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(env);
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Path out = null;
        try {
            // A file, not a pipe: the server outlives the script and would hold a pipe open.
            out = Files.createTempFile("sno-test-server", ".log");
            pb.redirectErrorStream(true).redirectOutput(out.toFile());
            Process p = pb.start();
            // The first start on a machine may fetch and unpack the binaries (MariaDB's are 100 MB).
            if (!waitUninterruptibly(p, TimeUnit.MINUTES.toNanos(10))) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new AssertionError(script + " " + String.join(" ", verb) + " did not finish in 10 minutes");
            }
            String output = Files.readString(out, StandardCharsets.UTF_8).trim();
            if (p.exitValue() != 0) {
                throw new AssertionError(script + " " + String.join(" ", verb) + " with " + env + " failed ("
                        + p.exitValue() + "):\n" + output);
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException("running " + script, e);
        } finally {
            if (out != null) {
                try {
                    Files.deleteIfExists(out);
                } catch (IOException ignored) {
                    // a temporary file
                }
            }
        }
    }

    /**
     * Waits for p up to timeout; an interrupt (a test's timeout) does not cut the wait short, so
     * that a start is finished and recorded, or failed and stopped, never left half done. The
     * interrupt is kept for the caller.
     */
    static boolean waitUninterruptibly(Process p, long timeoutNanos) {
        long end = System.nanoTime() + timeoutNanos;
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return p.waitFor(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The variables that point the script at one server, and at this build's Maven. */
    static Map<String, String> env(Server server, int port, Path dir) {
        Map<String, String> env = new HashMap<>();
        env.put(server.prefix + "_PORT", Integer.toString(port));
        env.put(server.prefix + "_DIR", dir.toString());
        String repo = System.getProperty("test-servers.repository");
        if (repo != null && !repo.isEmpty()) {
            env.put("SNO_M2_REPO", repo);
        }
        String mvn = System.getProperty("test-servers.mvn");
        if (mvn != null && Files.isExecutable(Path.of(mvn))) {
            env.put("SNO_MVN", mvn);
        }
        // "offline-true" in a build run with mvn -o (the pom cannot pass the Boolean itself)
        env.put("SNO_MVN_OFFLINE", Boolean.toString(System.getProperty("test-servers.offline", "").endsWith("true")));
        return env;
    }

    /** scripts/NAME, found from the working directory (a module, or an example below examples/). */
    static Path scriptPath(Server server) {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path s = d.resolve("scripts").resolve(server.script);
            if (Files.isRegularFile(s)) {
                return s;
            }
        }
        throw new AssertionError("no scripts/" + server.script + " above " + Path.of("").toAbsolutePath());
    }
}
