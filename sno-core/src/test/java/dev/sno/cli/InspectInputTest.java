package dev.sno.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What {@code sno inspect} makes of hostile input: endless lines, NUL and ESC, bytes that are not
 * UTF-8; and that no message echoes a control character to the terminal.
 */
class InspectInputTest {

    private static final Duration BOUND = Duration.ofSeconds(60);
    private static final String ID = "29gfem22232im222";

    static MainTest.Run runWithBytes(byte[] input, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = Main.run(args, new ByteArrayInputStream(input), out, e);
        }
        return new MainTest.Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anOverlongTokenIsOneErrorLineAndTheRestOfTheInputIsRead() {
        byte[] huge = new byte[20_000_000];
        Arrays.fill(huge, (byte) 'a');
        byte[] tail = ("\n" + ID + " " + "b".repeat(65) + " " + "c".repeat(64) + "\n").getBytes(StandardCharsets.US_ASCII);
        byte[] input = Arrays.copyOf(huge, huge.length + tail.length);
        System.arraycopy(tail, 0, input, huge.length, tail.length);
        MainTest.Run r = assertTimeoutPreemptively(BOUND, () -> runWithBytes(input, "inspect"));
        assertEquals(1, r.status());
        assertEquals(MainTest.run("inspect", ID).out(), r.out());
        assertEquals("sno: Invalid sno ID: \"" + "a".repeat(40) + "\"... (length over 64, expected 16)\n"
                + "sno: Invalid sno ID: \"" + "b".repeat(40) + "\"... (length over 64, expected 16)\n"
                + "sno: Invalid sno ID: \"" + "c".repeat(40) + "\"... (length 64, expected 16)\n", r.err());
    }

    @Test
    void controlCharactersAreSeparatorsOnlyWhenTheyAreWhiteSpace() {
        MainTest.Run r = runWithBytes(("\u0000" + ID + "\t\u000B\f\r\n" + ID + "\u001B\n").getBytes(StandardCharsets.UTF_8),
                "inspect", "--format=json");
        assertEquals(1, r.status());
        assertEquals("sno: Invalid sno ID: \"\\u0000" + ID + "\" (length 17, expected 16)\n"
                + "sno: Invalid sno ID: \"" + ID + "\\u001B\" (length 17, expected 16)\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void aUuidShapedInputWithEscapeIsEchoedEscaped() {
        String esc = "01dcd650-0000-410a-0000-0000000000\u001B[";
        MainTest.Run r = MainTest.run("inspect", esc);
        assertEquals(1, r.status());
        assertEquals("sno: Invalid sno ID UUID: \"01dcd650-0000-410a-0000-0000000000\\u001B[\""
                + " (character '\\u001B' at index 34 is not a hexadecimal digit)\n", r.err());
        MainTest.Run quote = MainTest.run("inspect", "01dcd650-0000-410a\"0000-000000000000");
        assertEquals("sno: Invalid sno ID UUID: \"01dcd650-0000-410a\\\"0000-000000000000\" (expected '-' at index 18)\n",
                quote.err());
    }

    @Test
    void noMessageEchoesAControlCharacter() {
        String e = "\u001B[2J\u0007\u0000";
        String shown = "\\u001B[2J\\u0007\\u0000";
        assertEquals("sno: unknown command '" + shown + "' (try 'sno help')\n", MainTest.run(e).err());
        assertEquals("sno: no help for unknown command '" + shown + "' (try 'sno help')\n", MainTest.run("help", e).err());
        assertEquals("sno: unknown option '--x" + shown + "' for generate (try 'sno help generate')\n",
                MainTest.run("generate", "--x" + e).err());
        assertEquals("sno: --meta must be an integer in [0, 255]: '" + shown + "'\n",
                MainTest.run("generate", "--meta", e).err());
        assertEquals("sno: COUNT must be an integer in [1, 1000000000]: '" + shown + "'\n", MainTest.run("generate", e).err());
        assertEquals("sno: --format must be one of text, json: '" + shown + "'\n",
                MainTest.run("inspect", "--format", e).err());
        assertEquals("sno: Invalid sno ID: \"" + shown + "\" (length 6, expected 16)\n", MainTest.run("inspect", e).err());
        assertEquals("sno: unknown option '--caf\\u00E9' for inspect (try 'sno help inspect')\n",
                MainTest.run("inspect", "--café").err(), "non-ASCII is escaped as SnoId.parse does");
    }

    /** Seeded as {@code dev.sno.Property}: the seed is printed on failure, -Dsno.seed replays it. */
    @Test
    void randomHostileInputEndsInOneLinePerBadTokenWithinBoundedTime() {
        Long fixed = Long.getLong("sno.seed");
        long base = fixed != null ? fixed : System.nanoTime();
        int cases = Integer.getInteger("sno.cases", 300);
        for (int i = 0; i < cases; i++) {
            long seed = base + i * 0x9E37_79B9_7F4A_7C15L;
            try {
                assertTimeoutPreemptively(BOUND, () -> oneRandomInput(new SplittableRandom(seed)));
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("random stdin case " + i + " (base seed " + base + ") failed; replay with"
                        + " -Dsno.seed=" + seed + ": " + e, e);
            }
        }
    }

    private static void oneRandomInput(SplittableRandom r) {
        ByteArrayOutputStream in = new ByteArrayOutputStream();
        int tokens = 0;
        int good = 0;
        int pieces = r.nextInt(12);
        for (int p = 0; p < pieces; p++) {
            switch (r.nextInt(6)) {
                case 0:
                    in.writeBytes((ID + "\n").getBytes(StandardCharsets.US_ASCII));
                    tokens++;
                    good++;
                    break;
                case 1: {   // a long run of one byte that is not white space
                    byte[] run = new byte[1 + r.nextInt(r.nextBoolean() ? 100 : 200_000)];
                    Arrays.fill(run, (byte) "a\u0000\u001B\u00FF-".charAt(r.nextInt(5)));
                    in.writeBytes(run);
                    in.write(' ');
                    tokens++;
                    break;
                }
                default: {   // random bytes, white space among them
                    byte[] b = new byte[r.nextInt(200)];
                    for (int j = 0; j < b.length; j++) {
                        b[j] = (byte) r.nextInt(256);
                    }
                    in.writeBytes(b);
                    in.write('\n');
                    tokens += b.length + 1;   // an upper bound
                }
            }
        }
        MainTest.Run run = runWithBytes(in.toByteArray(), "inspect", r.nextBoolean() ? "--format=json" : "-");
        assertTrue(run.status() == Main.OK || run.status() == Main.FAILURE, "status " + run.status());
        assertTrue(run.err().isEmpty() || run.err().endsWith("\n"), run.err());
        String[] errors = run.err().isEmpty() ? new String[0] : run.err().split("\n", -1);
        assertTrue(errors.length <= tokens + 1, errors.length + " error lines for at most " + tokens + " tokens");
        for (String line : Arrays.copyOf(errors, Math.max(0, errors.length - 1))) {
            assertTrue(line.startsWith("sno: Invalid sno ID"), line);
            assertTrue(line.length() < 400, "one short line: " + line.length() + " characters");
            assertTrue(line.chars().allMatch(c -> c >= 0x20 && c < 0x7F), "only printable ASCII: " + line);
        }
        assertTrue(run.out().chars().allMatch(c -> c == '\n' || c >= 0x20 && c < 0x7F), "output is printable");
        if (good > 0) {
            assertTrue(run.out().contains(ID), "the valid ID among the garbage is printed");
        }
    }
}
