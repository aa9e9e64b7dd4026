package dev.sno.cli;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code sno} command line: generates and inspects sno IDs.
 *
 * <pre>
 * sno generate [COUNT] [--meta M] [--partition P]   print COUNT new IDs, one a line
 * sno inspect ID...    print the components of each ID
 * sno help             print usage
 * sno version          print the version
 * </pre>
 *
 * <p>Errors are one line on standard error and exit status 2; success is status 0.
 */
public final class Main {

    static final int OK = 0;
    static final int USAGE = 2;

    private static final String USAGE_TEXT = String.join("\n",
            "usage: sno <command> [arguments]",
            "",
            "commands:",
            "  generate [COUNT] [--meta M] [--partition P]",
            "                    print COUNT (default 1) new IDs, one a line, with metabyte M",
            "                    (0..255, default 0) and partition P (0..65535, default: one",
            "                    derived from the time, as for Sno.next)",
            "  inspect ID...     print the components of each ID",
            "  help              print this text",
            "  version           print the version",
            "");

    private Main() {
    }

    /**
     * Runs the command line and exits with its status.
     *
     * @param args  the command and its arguments
     */
    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        System.out.flush();
        if (status != OK) {
            System.exit(status);
        }
    }

    /** Runs a command, writing to out and err; returns the exit status. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            err.print(USAGE_TEXT);
            return USAGE;
        }
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        try {
            switch (args[0]) {
                case "generate":
                    return generate(rest, out);
                case "inspect":
                    return inspect(rest, out);
                case "help":
                case "--help":
                case "-h":
                    out.print(USAGE_TEXT);
                    return OK;
                case "version":
                case "--version":
                    out.println("sno " + version());
                    return OK;
                default:
                    throw new UsageException("unknown command '" + args[0] + "' (try 'sno help')");
            }
        } catch (UsageException e) {
            err.println("sno: " + e.getMessage());
            return USAGE;
        }
    }

    private static int generate(List<String> args, PrintStream out) {
        long count = 1;
        boolean countSet = false;
        int meta = 0;
        Integer partition = null;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--meta":
                    meta = intOption(arg, args, ++i, 255);
                    break;
                case "--partition":
                    partition = intOption(arg, args, ++i, 65535);
                    break;
                default:
                    if (arg.startsWith("-")) {
                        throw new UsageException("unknown option '" + arg + "' for generate");
                    }
                    if (countSet) {
                        throw new UsageException("generate takes one COUNT, got '" + count + "' and '" + arg + "'");
                    }
                    count = parseLong(arg, "COUNT", 1, MAX_COUNT);
                    countSet = true;
            }
        }
        SnoGenerator generator = partition == null
                ? SnoGenerator.create()
                : SnoGenerator.builder().partition(partition).build();
        byte[] buf = new byte[17 * 256];
        int pos = 0;
        for (long n = 0; n < count; n++) {
            generator.next(meta).encodeTo(buf, pos);
            buf[pos + 16] = '\n';
            pos += 17;
            if (pos == buf.length) {
                out.write(buf, 0, pos);
                pos = 0;
            }
        }
        out.write(buf, 0, pos);
        out.flush();
        return OK;
    }

    /** Largest COUNT accepted by generate. */
    private static final long MAX_COUNT = 1_000_000_000L;

    private static int intOption(String name, List<String> args, int index, int max) {
        if (index >= args.size()) {
            throw new UsageException(name + " needs a value");
        }
        return (int) parseLong(args.get(index), name, 0, max);
    }

    private static long parseLong(String text, String name, long min, long max) {
        long value;
        try {
            value = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new UsageException(name + " must be an integer in [" + min + ", " + max + "]: '" + text + "'");
        }
        if (value < min || value > max) {
            throw new UsageException(name + " must be an integer in [" + min + ", " + max + "]: '" + text + "'");
        }
        return value;
    }

    private static int inspect(List<String> args, PrintStream out) {
        if (args.isEmpty()) {
            throw new UsageException("inspect needs at least one ID");
        }
        List<SnoId> ids = new ArrayList<>(args.size());
        for (String arg : args) {
            try {
                ids.add(SnoId.parse(arg));
            } catch (InvalidSnoIdException e) {
                throw new UsageException(e.getMessage());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < ids.size(); i++) {
            if (i > 0) {
                sb.append('\n');
            }
            describe(ids.get(i), sb);
        }
        out.print(sb);
        return OK;
    }

    private static void describe(SnoId id, StringBuilder sb) {
        byte[] bytes = id.toBytes();
        StringBuilder hex = new StringBuilder();
        for (byte b : bytes) {
            if (hex.length() > 0) {
                hex.append(' ');
            }
            hex.append(String.format("%02x", b & 0xFF));
        }
        sb.append("id         ").append(id).append('\n')
                .append("time       ").append(id.time()).append('\n')
                .append("timestamp  ").append(id.toEpochMilli()).append('\n')
                .append("timeUnits  ").append(id.timeUnits()).append('\n')
                .append("tickTock   ").append(id.tickTock() ? 1 : 0).append('\n')
                .append("meta       ").append(id.meta()).append('\n')
                .append("partition  ").append(id.partition())
                .append(String.format(" (0x%04x)", id.partition())).append('\n')
                .append("sequence   ").append(id.sequence()).append('\n')
                .append("bytes      ").append(hex).append('\n')
                .append("uuid       ").append(id.toUuid()).append('\n');
    }

    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v != null ? v : "development build";
    }

    /** A bad command line; the message is printed after "sno: ". */
    private static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message, null, false, false);
        }
    }
}
