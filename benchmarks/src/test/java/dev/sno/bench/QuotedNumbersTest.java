package dev.sno.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every benchmark number that README.md and docs/**.md quote appears in benchmarks/results/.
 *
 * <p>The rule, for whoever writes the docs:
 * <ul>
 * <li>A benchmark number is a number followed by a unit: {@code ns}, {@code µs}/{@code us},
 *     {@code ms}, {@code %}, {@code x}/{@code ×} (a ratio), {@code rows/s} or {@code IDs/s}
 *     ({@code /op} may follow), with or without one space between them. It counts when it has a
 *     fraction ({@code 31.48 ns}, {@code 99.96 %}, {@code 1.08x}, {@code 2.1 ms}) or its unit is
 *     {@code ns}, {@code rows/s} or {@code IDs/s} ({@code 26 ns}, {@code 575,506 rows/s}). Whole
 *     milliseconds, microseconds, percentages and ratios ({@code 4 ms}, {@code 250 µs},
 *     {@code 97%}, {@code 2x}) are the format's constants, settings and targets, and seconds are
 *     never checked ({@code 30 s leases}).</li>
 * <li>Fenced code blocks are not scanned.</li>
 * <li>It appears in the results when some line of a file under benchmarks/results/ holds the same
 *     digits as a whole number (31.48 is not found in 31.485; thousands separators do not count)
 *     and the unit: right after it for {@code %} and ratios, anywhere on the line for the others
 *     ({@code 31.48 vs 23.91 ns}, or a table row with a unit column). A number rounded
 *     differently from the results ({@code 99.6 %} for {@code 99.60 %}) is not found.
 *     {@code benchmarks/results/headline.md} holds the numbers meant for quoting, formatted as
 *     quoted.</li>
 * <li>A number measured elsewhere (a test's latency table, a hand experiment) opts out with
 *     {@code <!-- not a benchmark result: WHERE IT COMES FROM -->} on a line of its paragraph or
 *     table, or on the line just before it; that exempts the lines up to the next blank line.</li>
 * </ul>
 *
 * <p>The failure names each number with its file and line.
 */
class QuotedNumbersTest {

    /** The repository root: the benchmarks module's parent (Surefire runs in the module). */
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    @Test
    void everyQuotedBenchmarkNumberIsInTheResults() throws IOException {
        List<String> results = resultLines(ROOT.resolve("benchmarks/results"));
        List<Path> docs = new ArrayList<>();
        docs.add(ROOT.resolve("README.md"));
        Path dir = ROOT.resolve("docs");
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
            }
        }
        List<String> missing = new ArrayList<>();
        int checked = 0;
        for (Path doc : docs) {
            for (QuotedNumbers.Quote q : QuotedNumbers.find(Files.readString(doc, StandardCharsets.UTF_8))) {
                checked++;
                if (results.stream().noneMatch(line -> QuotedNumbers.holds(line, q))) {
                    missing.add(ROOT.relativize(doc) + ":" + q.line() + ": " + q);
                }
            }
        }
        System.out.println("QuotedNumbersTest: " + checked + " benchmark numbers in " + docs.size() + " files, "
                + missing.size() + " not in benchmarks/results/");
        if (!missing.isEmpty()) {
            fail(missing.size() + " benchmark numbers in the docs are not in benchmarks/results/ (regenerate the "
                    + "docs from the results, or mark a number measured elsewhere with "
                    + QuotedNumbers.OPT_OUT + ": ... -->):\n  " + String.join("\n  ", missing));
        }
    }

    /** Every line of the text files under {@code dir}; binary files are skipped. */
    private static List<String> resultLines(Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                try {
                    Files.readAllLines(f, StandardCharsets.UTF_8).forEach(l -> lines.add(QuotedNumbers.withoutSeparators(l)));
                } catch (MalformedInputException e) {
                    // not text
                }
            }
        }
        assertFalse(lines.isEmpty(), "no results under " + dir);
        return lines;
    }

    @Test
    void findsNumbersWithUnitsAndFractions() {
        List<QuotedNumbers.Quote> quotes = QuotedNumbers.find("""
                The fast path takes 31.48 ns, parse 26 ns; saturated: 99.96 % (99.4% before).
                sno inserts 575,506 rows/s, 1.08x UUIDv7's; `acquire()` 2.1 ms; 16,384,000 IDs/s.
                """);
        assertEquals(List.of("31.48 ns", "26 ns", "99.96 %", "99.4 %", "575,506 rows/s", "1.08x", "2.1 ms",
                "16,384,000 IDs/s"), quotes.stream().map(QuotedNumbers.Quote::toString).toList());
        assertEquals(List.of(1, 1, 1, 1, 2, 2, 2, 2), quotes.stream().map(QuotedNumbers.Quote::line).toList());
    }

    @Test
    void leavesConstantsSettingsCodeAndOptOutsAlone() {
        assertEquals(List.of(), QuotedNumbers.find("""
                A 4 ms time unit, 30 s leases, 250 µs slices, a 97% target, 2x faster, 10 bytes, JDK 17.0.15,
                version 1.37, 0.5 cores, 16.4 million/s, v1.2.3x, ids 0x1f.

                ```java
                long t = 31.48; // 38.9 ns
                ```

                <!-- not a benchmark result: LeaseLatencyTest, 2026-11-25 -->
                | store | acquire |
                | PostgreSQL | 0.90 / 19.7 ms |
                """));
        // The opt-out ends at the blank line.
        assertEquals(List.of("19.7 ms"), QuotedNumbers.find("""
                <!-- not a benchmark result: a test -->
                | PostgreSQL | 2.1 ms |

                | PostgreSQL | 19.7 ms |
                """).stream().map(QuotedNumbers.Quote::toString).toList());
    }

    @Test
    void looksUpWholeNumbersWithTheirUnit() {
        QuotedNumbers.Quote ns = new QuotedNumbers.Quote("31.48", "ns", 1);
        assertTrue(QuotedNumbers.holds("| next | 1.32x (31.48 vs 23.91 ns) | no |", ns));
        assertTrue(QuotedNumbers.holds("GenerationBenchmark.snoNext  avgt  5  31.48 ± 0.2  ns/op", ns));
        assertFalse(QuotedNumbers.holds("| next | 1.32x (131.48 vs 23.91 ns) |", ns), "part of a longer number");
        assertFalse(QuotedNumbers.holds("| next | 1.32x (31.485 vs 23.91 ns) |", ns), "a longer fraction");
        assertFalse(QuotedNumbers.holds("| next | 31.48 B/op |", ns), "another unit");
        assertFalse(QuotedNumbers.holds("| next | 31.48 ms |", ns), "ms is not ns");
        assertTrue(QuotedNumbers.holds("| FastPathFloorBenchmark.clockAndAtomic | 1 | ns/op | 31.48 | 0.2 |", ns),
                "a table row with a unit column");
        assertTrue(QuotedNumbers.holds("| `max(sno_time(id))` on sno keys | 1183 ms | 1183 ns |",
                new QuotedNumbers.Quote("1,183", "ns", 1)), "thousands separators");
        assertFalse(QuotedNumbers.holds("| saturated | 99.60 % |", new QuotedNumbers.Quote("99.6", "%", 1)),
                "rounded otherwise");
        QuotedNumbers.Quote ratio = new QuotedNumbers.Quote("1.08", "x", 1);
        assertTrue(QuotedNumbers.holds("| sno insert rate >= UUIDv7's | 1.08x UUIDv7's | yes |", ratio));
        assertFalse(QuotedNumbers.holds("| fast path | 1.08 of 2 cores, index x |", ratio), "x must follow the number");
        QuotedNumbers.Quote share = new QuotedNumbers.Quote("99.96", "%", 1);
        assertTrue(QuotedNumbers.holds("| saturated | 99.96 % | yes |", share));
        assertFalse(QuotedNumbers.holds("| saturated | 99.96 | 5% |", share));
    }
}
