package dev.sno.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoId;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class MainTest {

    /** Result of one run: status, standard output, standard error. */
    record Run(int status, String out, String err) {
    }

    static Run run(String... args) {
        return runWithInput("", args);
    }

    static Run runWithInput(String input, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = Main.run(args, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out, e);
        }
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** An output that accepts `capacity` bytes, then fails every write with the given message. */
    static final class FailingOutput extends OutputStream {
        private final String message;
        private long capacity;
        long written;
        int failures;

        FailingOutput(String message, long capacity) {
            this.message = message;
            this.capacity = capacity;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (len > capacity) {
                failures++;
                throw new IOException(message);
            }
            capacity -= len;
            written += len;
        }
    }

    static Run runInto(OutputStream out, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = Main.run(args, InputStream.nullInputStream(), out, e);
        }
        return new Run(status, "", err.toString(StandardCharsets.UTF_8));
    }

    // ---------------------------------------------------------------------------------------
    // generate

    @Test
    void generatePrintsOneNewIdALine() {
        long before = SnoId.firstAt(Instant.now()).timeUnits();
        Run r = run("generate", "1000", "--meta", "9", "--partition", "513");
        long after = SnoId.firstAt(Instant.now()).timeUnits();
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        String[] lines = r.out().split("\n");
        assertEquals(1000, lines.length);
        assertTrue(r.out().endsWith("\n"));
        SnoId previous = null;
        for (String line : lines) {
            SnoId id = SnoId.parse(line);
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
        assertEquals(0, SnoId.parse(r.out().trim()).meta());
    }

    @Test
    void generateWithoutPartitionSaysOnStandardErrorThatItsPartitionIsRandom() {
        Run r = run("generate", "3");
        assertEquals(0, r.status(), r.err());
        int partition = SnoId.parse(r.out().substring(0, 16)).partition();
        assertEquals("sno: partition " + partition + " is random (no --partition): not coordinated with other"
                + " processes; give each concurrent writer its own --partition\n", r.err());
        assertEquals("", run("generate", "3", "--partition=9").err(), "a configured partition needs no note");
        assertTrue(Generate.HELP.contains("Default: random, and NOT coordinated with other processes"), Generate.HELP);
    }

    @Test
    void generateAcceptsOptionsInBothFormsAndAnyOrder() {
        for (String[] args : new String[][] {
                {"generate", "--meta", "7", "--count", "3"},
                {"generate", "--meta=7", "--count=3"},
                {"generate", "--count=3", "--meta", "7"},
                {"generate", "3", "--meta=7"},
                {"generate", "--meta=7", "--", "3"}}) {
            Run r = run(args);
            assertEquals(0, r.status(), String.join(" ", args) + ": " + r.err());
            String[] lines = r.out().split("\n");
            assertEquals(3, lines.length, String.join(" ", args));
            for (String line : lines) {
                assertEquals(7, SnoId.parse(line).meta(), String.join(" ", args));
            }
        }
    }

    @Test
    void generateFormatUuidPrintsTheUuidImage() {
        Run r = run("generate", "--count=5", "--format=uuid", "--meta=3");
        assertEquals(0, r.status(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(5, lines.length);
        for (String line : lines) {
            assertTrue(line.matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), line);
            assertTrue(line.endsWith("-000000000000"), line);
            assertEquals(3, SnoId.fromUuid(UUID.fromString(line)).meta());
        }
    }

    @Test
    void generateFormatJsonPrintsOneObjectALine() {
        Run r = run("generate", "2", "--format", "json", "--meta", "5", "--partition", "258");
        assertEquals(0, r.status(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(2, lines.length);
        for (String line : lines) {
            SnoId id = SnoId.parse(line.substring(7, 23));
            assertEquals(json(id), line);
            assertTrue(line.contains("\"meta\":5,\"partition\":258,"), line);
        }
    }

    private static String json(SnoId id) {
        StringBuilder sb = new StringBuilder();
        Formats.json(id, sb);
        return sb.toString();
    }

    @Test
    void jsonFormatNamesEveryComponent() {
        assertEquals("{\"id\":\"29gfem22232im222\",\"uuid\":\"01dcd650-0000-410a-0000-000000000000\","
                + "\"time\":\"2010-07-05T04:26:40Z\",\"epochMilli\":1278304000000,\"timeUnits\":4000000000,"
                + "\"tickTock\":false,\"meta\":0,\"partition\":16650,\"sequence\":0,"
                + "\"bytes\":\"01dcd6500000410a0000\"}", json(SnoId.parse("29gfem22232im222")));
    }

    @Test
    void generateRejectsBadArgumentsWithOneLine() {
        assertUsage("sno: COUNT must be an integer in [1, 1000000000]: 'x'\n", "generate", "x");
        assertUsage("sno: COUNT must be an integer in [1, 1000000000]: '0'\n", "generate", "0");
        assertUsage("sno: --count must be an integer in [1, 1000000000]: '1e3'\n", "generate", "--count=1e3");
        assertUsage("sno: --meta must be an integer in [0, 255]: '256'\n", "generate", "--meta", "256");
        assertUsage("sno: --meta must be an integer in [0, 255]: ''\n", "generate", "--meta=");
        assertUsage("sno: --meta needs a value\n", "generate", "--meta");
        assertUsage("sno: --partition must be an integer in [0, 65535]: '-1'\n", "generate", "--partition", "-1");
        assertUsage("sno: --format must be one of text, uuid, json: 'xml'\n", "generate", "--format=xml");
        assertUsage("sno: unknown option '--frob' for generate (try 'sno help generate')\n", "generate", "--frob");
        assertUsage("sno: unknown option '--frob' for generate (try 'sno help generate')\n", "generate", "--frob=1");
        assertUsage("sno: --help takes no value\n", "generate", "--help=yes");
        assertUsage("sno: generate takes one COUNT, got 2 and 3\n", "generate", "2", "3");
        assertUsage("sno: generate takes one COUNT, got --count 2 and 3\n", "generate", "--count", "2", "3");
        assertUsage("sno: generate takes one COUNT, got 1 and \\u001B[2J\n", "generate", "1", "\u001B[2J");
    }

    private static void assertUsage(String err, String... args) {
        Run r = run(args);
        assertEquals(2, r.status(), String.join(" ", args));
        assertEquals("", r.out(), String.join(" ", args));
        assertEquals(err, r.err(), String.join(" ", args));
    }

    @Test
    void generateReportsAWriteErrorWithStatusOne() {
        FailingOutput full = new FailingOutput("No space left on device", 0);
        Run r = runInto(full, "generate", "3", "--partition=1");
        assertEquals(1, r.status());
        assertEquals("sno: error writing standard output: No space left on device\n", r.err());
    }

    @Test
    void generateStopsAtTheFirstFailedWriteWhenThePipeCloses() {
        FailingOutput pipe = new FailingOutput("Broken pipe", 17 * 256);
        Run r = runInto(pipe, "generate", "1000000000", "--partition=1");
        assertEquals(141, r.status());
        assertEquals("", r.err(), "a closed pipe is not reported");
        assertEquals(1, pipe.failures, "no write after the failed one");
        assertEquals(17 * 256, pipe.written);
    }

    // ---------------------------------------------------------------------------------------
    // inspect

    private static final String SAMPLE_BLOCK = String.join("\n",
            "id          29gfem22232im222",
            "uuid        01dcd650-0000-410a-0000-000000000000",
            "time        2010-07-05T04:26:40Z",
            "epochMilli  1278304000000",
            "timeUnits   4000000000",
            "tickTock    0",
            "meta        0",
            "partition   16650 (0x410a)",
            "sequence    0",
            "bytes       01 dc d6 50 00 00 41 0a 00 00",
            "");

    @Test
    void inspectPrintsEveryComponent() {
        Run r = run("inspect", "29gfem22232im222");
        assertEquals(0, r.status());
        assertEquals("", r.err());
        assertEquals(SAMPLE_BLOCK, r.out());
    }

    @Test
    void inspectAcceptsTheUuidForm() {
        assertEquals(SAMPLE_BLOCK, run("inspect", "01dcd650-0000-410a-0000-000000000000").out());
        assertEquals(SAMPLE_BLOCK, run("inspect", "01DCD650-0000-410A-0000-000000000000").out());
    }

    @Test
    void inspectRejectsLenientOrForeignUuids() {
        Run notImage = run("inspect", "01dcd650-0000-410a-0000-000000000001");
        assertEquals(1, notImage.status());
        assertEquals("sno: Invalid sno ID UUID: 01dcd650-0000-410a-0000-000000000001"
                + " (bytes 10..15 must be zero in the image of a sno ID)\n", notImage.err());
        Run plus = run("inspect", "01dcd650-0000-410a-0000-+00000000000");
        assertEquals("sno: Invalid sno ID UUID: \"01dcd650-0000-410a-0000-+00000000000\""
                + " (character '+' at index 24 is not a hexadecimal digit)\n", plus.err());
        Run dash = run("inspect", "01dcd650-0000-410a-00000-00000000000");
        assertEquals("sno: Invalid sno ID UUID: \"01dcd650-0000-410a-00000-00000000000\""
                + " (expected '-' at index 23)\n", dash.err());
        Run fullwidth = run("inspect", "01dcd650-0000-410a-0000-00000000000\uff10");
        assertEquals(1, fullwidth.status());
    }

    @Test
    void inspectSeparatesSeveralIdsWithABlankLine() {
        Run r = run("inspect", "2222222222222222", "xxxxxxxxxxxxxxxx");
        assertEquals(0, r.status());
        assertTrue(r.out().contains("bytes       00 00 00 00 00 00 00 00 00 00\n\nid          xxxxxxxxxxxxxxxx\n"),
                r.out());
        assertTrue(r.out().contains("tickTock    1\nmeta        255\n"), r.out());
    }

    @Test
    void inspectPrintsTheGoodIdsAndReportsEachBadOne() {
        Run r = run("inspect", "2222222222222222", "29gfem22232im22Z", "29gfem22232im222", "short");
        assertEquals(1, r.status());
        assertTrue(r.out().startsWith("id          2222222222222222\n"), r.out());
        assertTrue(r.out().endsWith(SAMPLE_BLOCK), r.out());
        assertEquals("sno: Invalid sno ID: \"29gfem22232im22Z\" (character 'Z' at index 15"
                + " is not in the alphabet 23456789abcdefghijklmnopqrstuvwx)\n"
                + "sno: Invalid sno ID: \"short\" (length 5, expected 16)\n", r.err());
    }

    @Test
    void inspectReadsStandardInputForDashOrNoArguments() {
        String input = "29gfem22232im222\n\n  2222222222222222   01dcd650-0000-410a-0000-000000000000\n";
        Run dash = runWithInput(input, "inspect", "--format=json", "-");
        Run none = runWithInput(input, "inspect", "--format", "json");
        assertEquals(0, dash.status(), dash.err());
        assertEquals(dash, none);
        String sample = json(SnoId.parse("29gfem22232im222"));
        assertEquals(sample + "\n" + json(SnoId.ZERO) + "\n" + sample + "\n", dash.out());
        Run mixed = runWithInput("2222222222222222 bad\n", "inspect", "--format=json", "29gfem22232im222", "-");
        assertEquals(1, mixed.status());
        assertEquals(sample + "\n" + json(SnoId.ZERO) + "\n", mixed.out());
        assertEquals("sno: Invalid sno ID: \"bad\" (length 3, expected 16)\n", mixed.err());
    }

    @Test
    void inspectRejectsBadOptions() {
        assertUsage("sno: --format must be one of text, json: 'uuid'\n", "inspect", "--format=uuid", "2222222222222222");
        assertUsage("sno: unknown option '--frob' for inspect (try 'sno help inspect')\n", "inspect", "--frob");
    }

    @Test
    void inspectReportsAWriteError() {
        Run r = runInto(new FailingOutput("No space left on device", 0), "inspect", "29gfem22232im222");
        assertEquals(1, r.status());
        assertEquals("sno: error writing standard output: No space left on device\n", r.err());
    }

    // ---------------------------------------------------------------------------------------
    // help, version, errors

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
        assertEquals(Main.HELP, r.err());
    }

    @Test
    void helpForEachCommand() {
        assertEquals(new Run(0, Main.HELP, ""), run("help"));
        assertEquals(new Run(0, Generate.HELP, ""), run("help", "generate"));
        assertEquals(new Run(0, Generate.HELP, ""), run("generate", "--help"));
        assertEquals(new Run(0, Inspect.HELP, ""), run("help", "inspect"));
        assertEquals(new Run(0, Inspect.HELP, ""), run("inspect", "--help"));
        assertEquals(0, run("help", "version").status());
        assertEquals(run("help", "version"), run("version", "--help"));
        assertUsage("sno: no help for unknown command 'frob' (try 'sno help')\n", "help", "frob");
        assertTrue(Generate.HELP.contains("--format F") && Inspect.HELP.contains("standard input"));
    }

    @Test
    void versionSucceeds() {
        Run version = run("version");
        assertEquals(0, version.status());
        assertEquals("sno " + Main.version() + "\n", version.out());
        assertUsage("sno: version takes no arguments\n", "version", "x");
    }
}
