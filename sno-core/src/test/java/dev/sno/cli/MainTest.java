package dev.sno.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class MainTest {

    /** Result of one run: status, standard output, standard error. */
    record Run(int status, String out, String err) {
    }

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = Main.run(args, o, e);
        }
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void generatePrintsOneNewIdALine() {
        long before = dev.sno.SnoId.firstAt(java.time.Instant.now()).timeUnits();
        Run r = run("generate", "1000", "--meta", "9", "--partition", "513");
        long after = dev.sno.SnoId.firstAt(java.time.Instant.now()).timeUnits();
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        String[] lines = r.out().split("\n");
        assertEquals(1000, lines.length);
        assertTrue(r.out().endsWith("\n"));
        dev.sno.SnoId previous = null;
        for (String line : lines) {
            dev.sno.SnoId id = dev.sno.SnoId.parse(line);
            assertEquals(9, id.meta());
            assertEquals(513, id.partition());
            assertTrue(id.timeUnits() >= before && id.timeUnits() <= after);
            assertTrue(previous == null || previous.compareTo(id) < 0, "strictly increasing");
            previous = id;
        }
    }

    @Test
    void generateDefaultsToOneIdWithMetaZero() {
        Run r = run("generate");
        assertEquals(0, r.status());
        assertTrue(r.out().matches("[2-9a-x]{16}\n"), r.out());
        assertEquals(0, dev.sno.SnoId.parse(r.out().trim()).meta());
        Run withOptionsFirst = run("generate", "--meta", "255", "3");
        assertEquals(3, withOptionsFirst.out().split("\n").length);
    }

    @Test
    void generateRejectsBadArgumentsWithOneLine() {
        assertUsage("sno: COUNT must be an integer in [1, 1000000000]: 'x'\n", "generate", "x");
        assertUsage("sno: COUNT must be an integer in [1, 1000000000]: '0'\n", "generate", "0");
        assertUsage("sno: --meta must be an integer in [0, 255]: '256'\n", "generate", "--meta", "256");
        assertUsage("sno: --meta needs a value\n", "generate", "--meta");
        assertUsage("sno: --partition must be an integer in [0, 65535]: '-1'\n", "generate", "--partition", "-1");
        assertUsage("sno: unknown option '--frob' for generate\n", "generate", "--frob");
        assertUsage("sno: generate takes one COUNT, got '2' and '3'\n", "generate", "2", "3");
    }

    private static void assertUsage(String err, String... args) {
        Run r = run(args);
        assertEquals(2, r.status());
        assertEquals("", r.out());
        assertEquals(err, r.err());
    }

    @Test
    void inspectPrintsEveryComponent() {
        Run r = run("inspect", "29gfem22232im222");
        assertEquals(0, r.status());
        assertEquals("", r.err());
        assertEquals(String.join("\n",
                "id         29gfem22232im222",
                "time       2010-07-05T04:26:40Z",
                "timestamp  1278304000000",
                "timeUnits  4000000000",
                "tickTock   0",
                "meta       0",
                "partition  16650 (0x410a)",
                "sequence   0",
                "bytes      01 dc d6 50 00 00 41 0a 00 00",
                "uuid       01dcd650-0000-410a-0000-000000000000",
                ""), r.out());
    }

    @Test
    void inspectSeparatesSeveralIdsWithABlankLine() {
        Run r = run("inspect", "2222222222222222", "xxxxxxxxxxxxxxxx");
        assertEquals(0, r.status());
        assertTrue(r.out().contains("uuid       00000000-0000-0000-0000-000000000000\n\nid         xxxxxxxxxxxxxxxx\n"),
                r.out());
        assertTrue(r.out().contains("tickTock   1\nmeta       255\n"), r.out());
    }

    @Test
    void inspectRejectsABadIdWithOneLineAndPrintsNothing() {
        Run r = run("inspect", "2222222222222222", "29gfem22232im22Z");
        assertEquals(2, r.status());
        assertEquals("", r.out());
        assertEquals("sno: Invalid sno ID: \"29gfem22232im22Z\" (character 'Z' at index 15"
                + " is not in the alphabet 23456789abcdefghijklmnopqrstuvwx)\n", r.err());
    }

    @Test
    void inspectWithoutIdsIsAUsageError() {
        Run r = run("inspect");
        assertEquals(2, r.status());
        assertEquals("sno: inspect needs at least one ID\n", r.err());
    }

    @Test
    void unknownCommandIsAUsageError() {
        Run r = run("frobnicate");
        assertEquals(2, r.status());
        assertEquals("sno: unknown command 'frobnicate' (try 'sno help')\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void noArgumentsPrintsUsageToStandardError() {
        Run r = run();
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("usage: sno <command>"), r.err());
    }

    @Test
    void helpAndVersionSucceed() {
        Run help = run("help");
        assertEquals(0, help.status());
        assertTrue(help.out().contains("inspect ID..."), help.out());
        Run version = run("version");
        assertEquals(0, version.status());
        assertEquals("sno " + Main.version() + "\n", version.out());
    }
}
