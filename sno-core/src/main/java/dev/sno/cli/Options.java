package dev.sno.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A command's arguments split into options ({@code --name value} or {@code --name=value}) and
 * operands. {@code --} ends the options; a lone {@code -} is an operand. Messages quote what the
 * user gave escaped ({@link Formats#single}).
 */
final class Options {

    private final String command;
    private final List<String> valued;
    private final List<String> flags;
    private final List<String[]> given = new ArrayList<>();
    private final List<String> operands = new ArrayList<>();

    /**
     * @param command  the command, for messages
     * @param valued   the options that take a value, e.g. "--meta"
     * @param flags    the options without a value, e.g. "--help"
     * @param args     the arguments after the command
     */
    Options(String command, List<String> valued, List<String> flags, List<String> args) {
        this.command = command;
        this.valued = valued;
        this.flags = flags;
        boolean optionsEnded = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (optionsEnded || !arg.startsWith("-") || arg.equals("-")) {
                operands.add(arg);
            } else if (arg.equals("--")) {
                optionsEnded = true;
            } else {
                int eq = arg.indexOf('=');
                String name = eq < 0 ? arg : arg.substring(0, eq);
                if (flags.contains(name)) {
                    if (eq >= 0) {
                        throw new UsageException(name + " takes no value");
                    }
                    given.add(new String[] {name, null});
                } else if (valued.contains(name)) {
                    String value;
                    if (eq >= 0) {
                        value = arg.substring(eq + 1);
                    } else if (i + 1 < args.size()) {
                        value = args.get(++i);
                    } else {
                        throw new UsageException(name + " needs a value");
                    }
                    given.add(new String[] {name, value});
                } else {
                    throw new UsageException("unknown option " + Formats.single(name) + " for " + command
                            + " (try 'sno help " + command + "')");
                }
            }
        }
    }

    boolean has(String name) {
        return given.stream().anyMatch(g -> g[0].equals(name));
    }

    /** The value of the last occurrence of an option, or null. */
    String value(String name) {
        String v = null;
        for (String[] g : given) {
            if (g[0].equals(name)) {
                v = g[1];
            }
        }
        return v;
    }

    List<String> operands() {
        return operands;
    }

    /** An option's value as an integer in [min, max], or the default if the option is absent. */
    long integer(String name, long min, long max, long defaultValue) {
        String v = value(name);
        return v == null ? defaultValue : parseInteger(name, v, min, max);
    }

    static long parseInteger(String name, String text, long min, long max) {
        long value;
        boolean number = true;
        try {
            value = Long.parseLong(text);
        } catch (NumberFormatException e) {
            value = 0;
            number = false;
        }
        if (!number || value < min || value > max) {
            throw new UsageException(name + " must be an integer in [" + min + ", " + max + "]: " + Formats.single(text));
        }
        return value;
    }

    /** An option's value, one of the choices, or the default if the option is absent. */
    String choice(String name, List<String> choices, String defaultValue) {
        String v = value(name);
        if (v == null) {
            return defaultValue;
        }
        if (!choices.contains(v)) {
            throw new UsageException(name + " must be one of " + String.join(", ", choices) + ": " + Formats.single(v));
        }
        return v;
    }
}
