package dev.sno.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sno.SnoId;
import dev.sno.lease.PartitionLeases;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every measured number in README.md and docs/performance.md comes from a file under
 * benchmarks/results/. There is no way to exempt a number by comment: an HTML comment is not
 * shown on the rendered page, so a number it exempts looks measured to the reader.
 *
 * <p>The rule, for whoever writes these two pages:
 * <ul>
 * <li>A measured number is a decimal number (thousands separators and a fraction allowed) followed
 *     by a unit of measurement, with at most one space between them: time ({@code ns}, {@code µs}
 *     or {@code us}, {@code ms}, {@code s}, each optionally {@code /op}), a rate ({@code ops/s},
 *     {@code rows/s}, {@code IDs/s}, {@code writes/s}), a ratio ({@code x} or {@code ×}, no space),
 *     a share ({@code %}), CPU ({@code core}, {@code cores}) or memory ({@code B}, {@code B/op},
 *     {@code KiB}, {@code MiB}, {@code GiB}). Numbers joined by {@code /}, {@code -}, {@code to},
 *     {@code vs} or {@code against} before the unit share it: {@code 1.37 / 7.52 ms} is two numbers
 *     in ms, {@code 552,020-620,778 rows/s} two in rows/s.</li>
 * <li>Not measured, by the rule and visibly on the page: numbers without such a unit (versions,
 *     dates, counts of things: "16 characters", "10 bytes", "65,536 partitions", "1,000 held");
 *     text in fenced code blocks, in inline code and in link targets; a target, which is a number
 *     right after a comparison ({@code <=}, {@code >=}, {@code <}, {@code >}, {@code ≤}, {@code ≥})
 *     or the word "target", or right before the word "target"; and the few constants of
 *     {@link #CONSTANTS}, each of which names what it is (the ones of this library are checked
 *     against its code).</li>
 * <li>A measured number is found when some line of a text file under benchmarks/results/ holds
 *     it, as printed or the same value at the printed precision ({@code 31.48 ns} is found in
 *     {@code 31.484 ns/op}, {@code 24 ns} in {@code 24.06 ns}; {@code 31.48} is not found in
 *     {@code 131.48} or in {@code 31.4}), with its unit: right after it for {@code %} and ratios,
 *     elsewhere on that line or in the header row of that line's table for the others (a table
 *     row {@code | snoNext | 1 | ns/op | 31.48 |}, or a column headed {@code B/op}). JMH's
 *     per-iteration lines in the raw logs are samples, not results, and are not searched.</li>
 * </ul>
 *
 * <p>A number measured outside the JMH and database scripts (a latency test, a hand run) gets a
 * results file of its own under benchmarks/results/, with the command that produced it in its
 * header, like {@code lease-latency.md}.
 */
class NumbersFromResultsTest {

    /** The pages this check holds. */
    static final List<String> PAGES = List.of("README.md", "docs/performance.md");

    /**
     * Numbers with a unit that are constants, not measurements, with what each is. A constant of
     * this library is checked against its code in {@link #theLibrarysConstantsAreItsCode()}.
     */
    static final Map<String, String> CONSTANTS = Map.of(
            "4 ms", "the time unit of a sno ID (SnoId.TIME_UNIT)",
            "1 ms", "the time unit of UUIDv7, TSID and Snowflake-style IDs (their formats)",
            "30 s", "the default lease (PartitionLeases.DEFAULT_LEASE_DURATION)");

    private static final String NUM = "(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?";
    private static final String JOIN = "\\s*(?:/|-|–|\\bto\\b|\\bvs\\b|\\bagainst\\b)\\s*";
    private static final String UNITS = "ns/op|us/op|µs/op|ms/op|ops/s|rows/s|IDs/s|writes/s|B/op|KiB|MiB|GiB|cores|core"
            + "|ns|µs|us|ms|s|%|B";
    /** A run of numbers sharing one unit; group 1 the numbers, group 2 the unit. */
    private static final Pattern QUOTE = Pattern.compile("(?<![\\w.,/+-])(" + NUM + "(?:" + JOIN + NUM + ")*)"
            + "(?:(?:[  ]?(" + UNITS + "))|(x|×))(?![\\w/])");
    private static final Pattern ONE_NUMBER = Pattern.compile(NUM);
    private static final Pattern TARGET_BEFORE = Pattern.compile("(?:<=|>=|≤|≥|<|>|\\btarget)\\s*$");
    private static final Pattern TARGET_AFTER = Pattern.compile("^\\s*target\\b");
    private static final Pattern JMH_SAMPLE = Pattern.compile("^(?:# Warmup )?Iteration\\s+\\d+:|^\\s{8,}\\S");

    /**
     * One measured number as a page prints it.
     *
     * @param number the digits as printed, e.g. {@code 31.48} or {@code 575,506}
     * @param unit   the unit as printed
     * @param line   1-based line number
     */
    record Quote(String number, String unit, int line) {
        @Override
        public String toString() {
            return number + (unit.equals("x") || unit.equals("×") || unit.equals("%") ? "" : " ") + unit;
        }
    }

    /** The measured numbers of a markdown page, by the rule above. */
    static List<Quote> find(String markdown) {
        List<Quote> quotes = new ArrayList<>();
        String[] lines = markdown.split("\n", -1);
        boolean fenced = false;
        boolean comment = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (!comment && line.strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            StringBuilder shown = new StringBuilder();
            int at = 0;
            while (at < line.length()) {
                if (comment) {
                    int end = line.indexOf("-->", at);
                    if (end < 0) {
                        at = line.length();
                    } else {
                        comment = false;
                        at = end + 3;
                    }
                } else {
                    int start = line.indexOf("<!--", at);
                    if (start < 0) {
                        shown.append(line, at, line.length());
                        at = line.length();
                    } else {
                        shown.append(line, at, start).append(' ');
                        comment = true;
                        at = start + 4;
                    }
                }
            }
            String text = shown.toString().replaceAll("`[^`]*`", " ").replaceAll("\\]\\([^)]*\\)", "] ");
            Matcher m = QUOTE.matcher(text);
            while (m.find()) {
                String unit = m.group(2) != null ? m.group(2) : m.group(3);
                if (TARGET_BEFORE.matcher(text.substring(0, m.start())).find()
                        || TARGET_AFTER.matcher(text.substring(m.end())).find()) {
                    continue;
                }
                Matcher n = ONE_NUMBER.matcher(m.group(1));
                while (n.find()) {
                    Quote q = new Quote(n.group(), unit, i + 1);
                    if (!CONSTANTS.containsKey(q.toString())) {
                        quotes.add(q);
                    }
                }
            }
        }
        return quotes;
    }

    /**
     * Whether a line of a results file holds the quote (see the rule above).
     *
     * @param line   the line, with {@code header} the header row of its table or ""
     */
    static boolean holds(String line, String header, Quote quote) {
        String plain = withoutSeparators(line);
        String number = quote.number().replace(",", "");
        int decimals = number.indexOf('.') < 0 ? 0 : number.length() - number.indexOf('.') - 1;
        BigDecimal wanted = new BigDecimal(number);
        Matcher m = Pattern.compile("(?<![\\d.])\\d+(?:\\.\\d+)?(?![\\d])").matcher(plain);
        while (m.find()) {
            String found = m.group();
            int foundDecimals = found.indexOf('.') < 0 ? 0 : found.length() - found.indexOf('.') - 1;
            boolean same = found.equals(number) || foundDecimals > decimals
                    && new BigDecimal(found).setScale(decimals, RoundingMode.HALF_UP).compareTo(wanted) == 0;
            if (same && hasUnit(plain, m.end(), header, quote.unit())) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasUnit(String line, int end, String header, String unit) {
        List<String> spellings = switch (unit) {
            case "ns", "ns/op" -> List.of("ns", "ns/op");
            case "us", "µs", "us/op", "µs/op" -> List.of("us", "µs", "us/op", "µs/op");
            case "ms", "ms/op" -> List.of("ms", "ms/op");
            case "x", "×" -> List.of("x", "×");
            case "core", "cores" -> List.of("core", "cores");
            case "B", "B/op" -> List.of("B", "B/op", "bytes");
            default -> List.of(unit);
        };
        for (String s : spellings) {
            if (s.equals("x") || s.equals("×") || s.equals("%")) {
                if (Pattern.compile("^ ?" + Pattern.quote(s) + "(?![\\w])").matcher(line.substring(end)).find()) {
                    return true;
                }
            } else {
                Pattern p = Pattern.compile("(?<![\\w/])" + Pattern.quote(s) + "(?![\\w])");
                if (p.matcher(line).find() || p.matcher(header).find()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The line without thousands separators ({@code 1,183} becomes {@code 1183}). */
    static String withoutSeparators(String line) {
        return line.indexOf(',') < 0 ? line : line.replaceAll("(?<=\\d),(?=\\d{3})", "");
    }

    /** A searchable line of a results file: the line and its table's header row ("" outside a table). */
    record ResultLine(String file, String line, String header) {
    }

    /** The searchable lines of the text files under {@code dir}, without JMH's per-iteration samples. */
    static List<ResultLine> resultLines(Path dir) throws IOException {
        List<ResultLine> lines = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                List<String> text;
                try {
                    text = Files.readAllLines(f, StandardCharsets.UTF_8);
                } catch (MalformedInputException e) {
                    continue;
                }
                boolean log = f.toString().endsWith(".log");
                String header = "";
                boolean inTable = false;
                for (String l : text) {
                    if (l.startsWith("|")) {
                        if (!inTable) {
                            header = l;
                            inTable = true;
                        }
                    } else {
                        inTable = false;
                        header = "";
                    }
                    if (log && JMH_SAMPLE.matcher(l).find()) {
                        continue;
                    }
                    lines.add(new ResultLine(f.getFileName().toString(), l, withoutSeparators(header)));
                }
            }
        }
        return lines;
    }

    /** Each measured number of the pages that no results file holds, as "page:line: number". */
    static List<String> missing(Path root, List<String> pages) throws IOException {
        List<ResultLine> results = resultLines(root.resolve("benchmarks/results"));
        assertFalse(results.isEmpty(), "no results under benchmarks/results");
        List<String> missing = new ArrayList<>();
        for (String page : pages) {
            for (Quote q : find(Files.readString(root.resolve(page), StandardCharsets.UTF_8))) {
                if (results.stream().noneMatch(r -> holds(r.line(), r.header(), q))) {
                    missing.add(page + ":" + q.line() + ": " + q);
                }
            }
        }
        return missing;
    }

    @Test
    void everyMeasuredNumberIsInTheResults() throws IOException {
        Path root = DocsCheckTest.repositoryRoot();
        int count = 0;
        for (String page : PAGES) {
            count += find(Files.readString(root.resolve(page), StandardCharsets.UTF_8)).size();
        }
        List<String> missing = missing(root, PAGES);
        System.out.println("NumbersFromResultsTest: " + count + " measured numbers in " + PAGES + ", " + missing.size()
                + " not in benchmarks/results/");
        assertTrue(count > 100, "the rule finds the pages' numbers: " + count);
        if (!missing.isEmpty()) {
            fail(missing.size() + " measured numbers are in no file under benchmarks/results/ (quote the results,"
                    + " or add a results file from a real run with its command in the header):\n  "
                    + String.join("\n  ", missing));
        }
    }

    @Test
    void theLibrarysConstantsAreItsCode() {
        assertEquals(Duration.ofMillis(4), SnoId.TIME_UNIT, CONSTANTS.get("4 ms"));
        assertEquals(Duration.ofSeconds(30), PartitionLeases.DEFAULT_LEASE_DURATION, CONSTANTS.get("30 s"));
    }

    @Test
    void findsMeasuredNumbersAndLeavesTheRestAlone() {
        List<Quote> quotes = find("""
                The fast path takes 31.48 ns, parse 26 ns/op; saturated: 99.96 % (99.4% before), 1.97 cores.
                sno inserts 575,506 rows/s, 1.08x UUIDv7's; acquire 1.37 / 7.52 ms, 0.6-3.5 s; 848 B, 24.00 B/op.
                <!-- not a benchmark result: an HTML comment exempts nothing --> 194 ms median
                A 4 ms time unit, a 30 s lease, `sno.lease=9 s`, <= 1.25x, the 2x target, target 97%, 10 bytes,
                JDK 17.0.15, 65,536 partitions, 16 characters, 2026-11-23, v1.2.3x, 0x1f, a 2-core VM, [a](b/3%.md).

                ```java
                long t = 31; // 38.9 ns
                ```
                """);
        assertEquals(List.of("31.48 ns", "26 ns/op", "99.96%", "99.4%", "1.97 cores", "575,506 rows/s", "1.08x",
                "1.37 ms", "7.52 ms", "0.6 s", "3.5 s", "848 B", "24.00 B/op", "194 ms"),
                quotes.stream().map(Quote::toString).toList());
        assertEquals(List.of(1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3), quotes.stream().map(Quote::line).toList());
    }

    @Test
    void looksUpTheValueAtThePrintedPrecisionWithItsUnit() {
        Quote ns = new Quote("31.48", "ns", 1);
        assertTrue(holds("| next | 1.32x (31.48 vs 23.91 ns) | no |", "", ns));
        assertTrue(holds("GenerationBenchmark.snoNext  avgt  5  31.484 ± 0.328  ns/op", "", ns), "rounded");
        assertFalse(holds("GenerationBenchmark.snoNext  avgt  5  31.476 ± 0.328  ns/op", "", new Quote("31.47", "ns", 1)),
                "rounded otherwise");
        assertFalse(holds("| next | 1.32x (131.48 vs 23.91 ns) |", "", ns), "part of a longer number");
        assertFalse(holds("| next | 31.4 ns |", "", ns), "less precise than printed");
        assertFalse(holds("| next | 31.48 B/op |", "", ns), "another unit");
        assertTrue(holds("| KotlinxJsonBenchmark.kotlinxRoundTrip | 17.0.15 | 571 | 112 | 848 |",
                "| benchmark | JDK | ns/op | error | B/op |", new Quote("848", "B", 1)), "the table's header");
        assertTrue(holds("| sno (UUID image) | 575506 | 552020-620778 |", "| key | rows/s (median) |",
                new Quote("575,506", "rows/s", 1)), "thousands separators");
        assertTrue(holds("| sno insert rate >= UUIDv7's | 1.08x UUIDv7's | yes |", "", new Quote("1.08", "x", 1)));
        assertFalse(holds("| fast path | 1.08 of 2 cores, index x |", "", new Quote("1.08", "x", 1)), "x after it");
        assertTrue(holds("| saturated | 99.96 % | yes |", "", new Quote("99.96", "%", 1)));
        assertFalse(holds("| saturated | 99.96 | 5% |", "", new Quote("99.96", "%", 1)));
    }

    /**
     * The check, broken once on purpose: one digit changed in a copy of docs/performance.md (the PostgreSQL lease row's p99), with
     * the old opt-out comment put before it, is reported.
     */
    @Test
    void theCheckSeesAChange() throws IOException {
        Path root = DocsCheckTest.repositoryRoot();
        Path copy = Files.createTempDirectory("numbers");
        try {
            Path results = copy.resolve("benchmarks/results");
            Files.createDirectories(results);
            try (Stream<Path> files = Files.list(root.resolve("benchmarks/results"))) {
                for (Path f : files.toList()) {
                    Files.copy(f, results.resolve(f.getFileName()));
                }
            }
            String page = Files.readString(root.resolve("docs/performance.md"));
            String row = "| PostgreSQL 15 (pgjdbc 42.7, `fsync=off`) | 1.01 / 4.35 ms |";
            assertTrue(page.contains("\n" + row), "performance.md's PostgreSQL lease row");
            Files.createDirectories(copy.resolve("docs"));
            Files.writeString(copy.resolve("docs/performance.md"), page.replace("\n" + row,
                    "\n<!-- not a benchmark result: LeaseLatencyTest -->\n" + row.replace("4.35", "4.39")));
            List<String> missing = missing(copy, PAGES.subList(1, 2));
            System.out.println("NumbersFromResultsTest, performance.md's 4.35 ms changed to 4.39 ms under an"
                    + " opt-out comment: " + missing);
            assertEquals(1, missing.size(), missing.toString());
            assertTrue(missing.get(0).matches("docs/performance\\.md:\\d+: 4\\.39 ms"), missing.toString());
        } finally {
            try (Stream<Path> files = Files.walk(copy)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
    }
}
