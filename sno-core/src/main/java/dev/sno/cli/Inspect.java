package dev.sno.cli;

import dev.sno.SnoId;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Reader;
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

    /** Longest token read from standard input; an ID has 16 characters, its UUID image 36. */
    static final int MAX_TOKEN = 64;

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

    /**
     * Reads white-space separated tokens. A token longer than {@value #MAX_TOKEN} characters
     * cannot be an ID: it is reported at once, in one line, and the rest of it is skipped
     * without being kept, so that an endless line takes no more memory than a short one.
     */
    private void all(InputStream in) throws IOException {
        Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8);
        char[] buf = new char[8192];
        StringBuilder token = new StringBuilder(MAX_TOKEN + 1);
        int n;
        while ((n = read(reader, buf)) >= 0) {
            for (int i = 0; i < n; i++) {
                char c = buf[i];
                if (isWhiteSpace(c)) {
                    endToken(token);
                } else if (token.length() <= MAX_TOKEN) {
                    token.append(c);
                    if (token.length() > MAX_TOKEN) {
                        report("Invalid sno ID: " + Formats.quote(token) + " (length over " + MAX_TOKEN
                                + ", expected " + SnoId.SIZE_CHARS + ")");
                    }
                }
            }
        }
        endToken(token);
    }

    private void endToken(StringBuilder token) throws IOException {
        if (token.length() > 0 && token.length() <= MAX_TOKEN) {
            one(token.toString());
        }
        token.setLength(0);
    }

    /** The separators: the white space of {@code \\s} in a regular expression. */
    private static boolean isWhiteSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** Reads characters; a read error is not a write error, so it travels unchecked. */
    private static int read(Reader reader, char[] buf) {
        try {
            return reader.read(buf);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void one(String text) throws IOException {
        SnoId id;
        try {
            id = parse(text);
        } catch (IllegalArgumentException e) {   // InvalidSnoIdException, or bad UUID text
            report(e.getMessage());
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

    /** Reports a bad ID in one line on standard error. */
    private void report(String message) throws IOException {
        bad++;
        out.flush();   // keep the order of good and bad IDs on a terminal
        err.println("sno: " + message);
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
                    throw new IllegalArgumentException("Invalid sno ID UUID: " + Formats.quote(text) + " (expected '-' at index "
                            + i + ")");
                }
                continue;
            }
            int d = Character.digit(c, 16);
            if (d < 0 || c > 'f') {
                throw new IllegalArgumentException("Invalid sno ID UUID: " + Formats.quote(text) + " (character "
                        + Formats.single(String.valueOf(c)) + " at index " + i + " is not a hexadecimal digit)");
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
