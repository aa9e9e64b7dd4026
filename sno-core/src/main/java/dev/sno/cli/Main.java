package dev.sno.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code sno} command line: generates and inspects sno IDs. Run it with the {@code sno}
 * launcher script, or {@code java -jar sno-core.jar}.
 *
 * <pre>
 * sno generate [COUNT] [--meta M] [--partition P] [--format text|uuid|json]
 * sno inspect [--format text|json] [ID|UUID|-]...
 * sno help [COMMAND]
 * sno version
 * </pre>
 *
 * <p>Exit status: 0 on success; 1 if an ID given to {@code inspect} was invalid, or standard
 * input could not be read (also when it is closed), or output could not be written; 2 for a bad command line (one line on standard error); 141 (as for SIGPIPE)
 * when the reader of standard output went away, in which case the command stops at once and
 * prints nothing more.
 */
public final class Main {

    static final int OK = 0;
    static final int FAILURE = 1;
    static final int USAGE = 2;
    static final int BROKEN_PIPE = 128 + 13;

    static final String HELP = String.join("\n",
            "usage: sno <command> [arguments]",
            "",
            "commands:",
            "  generate [COUNT] [--meta M] [--partition P] [--format text|uuid|json]",
            "                    print new IDs, one a line",
            "  inspect [--format text|json] [ID|UUID|-]...",
            "                    print the components of IDs (- or nothing: standard input)",
            "  help [COMMAND]    print this text, or the help of a command",
            "  version           print the version",
            "",
            "'sno help COMMAND' or 'sno COMMAND --help' describes a command's options.",
            "");

    private static final String VERSION_HELP = String.join("\n",
            "usage: sno version",
            "",
            "Prints the version of sno for Java.",
            "");

    private Main() {
    }

    /**
     * Runs the command line and exits with its status.
     *
     * @param args  the command and its arguments
     */
    public static void main(String[] args) {
        OutputStream stdout = new FileOutputStream(FileDescriptor.out);
        InputStream stdin = standardInputClosed() ? CLOSED : System.in;
        System.exit(run(args, stdin, stdout, System.err));
    }

    /** Standard input when it was closed: reading it fails with "it is closed". */
    private static final InputStream CLOSED = new InputStream() {
        @Override
        public int read() throws IOException {
            throw new IOException("it is closed");
        }
    };

    /**
     * Whether the process was started with file descriptor 0 closed ({@code sno inspect <&-}).
     * The JVM then opens a file of its own on that descriptor (its {@code lib/modules}), which
     * must not be read as input. The launcher script says so with {@code -Dsno.stdin=closed};
     * started otherwise, on Linux, descriptor 0 is found pointing into the Java home.
     */
    static boolean standardInputClosed() {
        if ("closed".equals(System.getProperty("sno.stdin"))) {
            return true;
        }
        try {
            Path fd0 = Files.readSymbolicLink(Path.of("/proc/self/fd/0"));
            return fd0.isAbsolute() && fd0.startsWith(Path.of(System.getProperty("java.home")).toRealPath());
        } catch (IOException | RuntimeException e) {
            return false;   // no /proc (not Linux): trust the launcher
        }
    }

    /**
     * Runs a command; returns the exit status. Standard output is written through a buffer whose
     * write errors are reported (a {@link PrintStream} would hide them).
     */
    static int run(String[] args, InputStream in, OutputStream stdout, PrintStream err) {
        Output out = new Output(stdout);
        int status;
        try {
            status = dispatch(args, in, out, err);
            out.flush();
        } catch (UsageException e) {
            err.println("sno: " + e.getMessage());
            return USAGE;
        } catch (UncheckedIOException e) {
            err.println("sno: error reading standard input: " + e.getCause().getMessage());
            return FAILURE;
        } catch (IOException e) {
            if (Output.isBrokenPipe(e)) {
                return BROKEN_PIPE;
            }
            err.println("sno: error writing standard output: " + e.getMessage());
            return FAILURE;
        }
        return status;
    }

    private static int dispatch(String[] args, InputStream in, Output out, PrintStream err) throws IOException {
        if (args.length == 0) {
            err.print(HELP);
            return USAGE;
        }
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        switch (args[0]) {
            case "generate":
                return Generate.run(rest, out, err);
            case "inspect":
                return Inspect.run(rest, in, out, err);
            case "help":
            case "--help":
            case "-h":
                if (rest.size() > 1) {
                    throw new UsageException("help takes at most one COMMAND");
                }
                out.print(rest.isEmpty() ? HELP : help(rest.get(0)));
                return OK;
            case "version":
            case "--version":
                if (rest.contains("--help") || rest.contains("-h")) {
                    out.print(VERSION_HELP);
                    return OK;
                }
                if (!rest.isEmpty()) {
                    throw new UsageException("version takes no arguments");
                }
                out.print("sno " + version() + "\n");
                return OK;
            default:
                throw new UsageException("unknown command " + Formats.single(args[0]) + " (try 'sno help')");
        }
    }

    private static String help(String command) {
        switch (command) {
            case "generate":
                return Generate.HELP;
            case "inspect":
                return Inspect.HELP;
            case "version":
                return VERSION_HELP;
            case "help":
                return HELP;
            default:
                throw new UsageException("no help for unknown command " + Formats.single(command) + " (try 'sno help')");
        }
    }

    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v != null ? v : "development build";
    }
}
