package dev.sno.cli;

import dev.sno.SnoId;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/** {@code sno inspect}: prints the components of IDs. */
final class Inspect {

    static final String HELP = String.join("\n",
            "usage: sno inspect [--format F] [ID...]",
            "",
            "Prints the components of each ID. An ID is given in its 16-character form or as its",
            "UUID image (8-4-4-4-12 hex digits, last six bytes zero). The argument - (or no",
            "argument at all) reads IDs from standard input, separated by white space.",
            "",
            "  --format F   text (default): a labelled block per ID, blocks separated by a blank line",
            "               json: one JSON object a line",
            "",
            "Every valid ID is printed; each invalid one is reported on standard error.",
            "Exit status: 0 if all were valid, 1 if any was invalid or writing failed, 2 for a",
            "bad command line.",
            "");

    private final Output out;
    private final PrintStream err;
    private final boolean json;
    private final StringBuilder sb = new StringBuilder(512);
    private int printed;
    private int bad;

    private Inspect(Output out, PrintStream err, boolean json) {
        this.out = out;
        this.err = err;
        this.json = json;
    }

    static int run(List<String> args, InputStream in, Output out, PrintStream err) throws IOException {
        Options o = new Options("inspect", List.of("--format"), List.of("--help", "-h"), args);
        if (o.has("--help") || o.has("-h")) {
            out.print(HELP);
            return Main.OK;
        }
        boolean json = o.choice("--format", List.of("text", "json"), "text").equals("json");
        Inspect inspect = new Inspect(out, err, json);
        List<String> operands = o.operands().isEmpty() ? List.of("-") : o.operands();
        boolean stdinRead = false;
        for (String operand : operands) {
            if (!operand.equals("-")) {
                inspect.one(operand);
            } else if (!stdinRead) {
                stdinRead = true;
                inspect.all(in);
            }
        }
        return inspect.bad > 0 ? Main.FAILURE : Main.OK;
    }

    private void all(InputStream in) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String line;
        while ((line = readLine(reader)) != null) {
            for (String token : line.trim().split("\\s+")) {
                if (!token.isEmpty()) {
                    one(token);
                }
            }
        }
    }

    /** Reads a line; a read error is not a write error, so it travels unchecked. */
    private static String readLine(BufferedReader reader) {
        try {
            return reader.readLine();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void one(String text) throws IOException {
        SnoId id;
        try {
            id = parse(text);
        } catch (IllegalArgumentException e) {   // InvalidSnoIdException, or bad UUID text
            bad++;
            out.flush();   // keep the order of good and bad IDs on a terminal
            err.println("sno: " + e.getMessage());
            return;
        }
        sb.setLength(0);
        if (json) {
            Formats.json(id, sb);
            sb.append('\n');
        } else {
            if (printed > 0) {
                sb.append('\n');
            }
            Formats.block(id, sb);
        }
        printed++;
        out.print(sb);
    }

    /**
     * The 16-character form, or the UUID image in strict 8-4-4-4-12 form.
     *
     * @throws IllegalArgumentException (an InvalidSnoIdException for the ID itself) naming the
     *     text and what is wrong
     */
    static SnoId parse(String text) {
        if (text.length() == 36 && text.charAt(8) == '-') {
            return SnoId.fromUuid(uuid(text));
        }
        return SnoId.parse(text);
    }

    private static UUID uuid(String text) {
        long msb = 0;
        long lsb = 0;
        int digits = 0;
        for (int i = 0; i < 36; i++) {
            char c = text.charAt(i);
            if (i == 8 || i == 13 || i == 18 || i == 23) {
                if (c != '-') {
                    throw new IllegalArgumentException("Invalid sno ID UUID: \"" + text + "\" (expected '-' at index " + i + ")");
                }
                continue;
            }
            int d = Character.digit(c, 16);
            if (d < 0 || c > 'f') {
                throw new IllegalArgumentException("Invalid sno ID UUID: \"" + text + "\" (character '" + c
                        + "' at index " + i + " is not a hexadecimal digit)");
            }
            if (digits++ < 16) {
                msb = msb << 4 | d;
            } else {
                lsb = lsb << 4 | d;
            }
        }
        return new UUID(msb, lsb);
    }
}
