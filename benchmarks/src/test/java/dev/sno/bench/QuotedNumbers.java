package dev.sno.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds benchmark numbers in markdown and looks them up in result files; the rule is stated in
 * {@link QuotedNumbersTest}.
 */
final class QuotedNumbers {

    /** Exempts the paragraph or table it stands in or directly precedes (up to the next blank line). */
    static final String OPT_OUT = "<!-- not a benchmark result";

    /**
     * A number, written plainly or with thousands separators, with an optional fraction, then a
     * unit: time (ns, µs, us, ms), a percentage, a ratio (x, ×) or a rate (rows/s, IDs/s).
     */
    private static final Pattern QUOTE = Pattern.compile(
            "(?<![\\w.,/])(\\d{1,3}(?:,\\d{3})+|\\d+)(\\.\\d+)?(?:\\s?)(ns|µs|us|ms|%|x|×|rows/s|IDs/s)(?:/op)?(?![\\w/])");

    private QuotedNumbers() {
    }

    /**
     * One number as a document quotes it.
     *
     * @param number  the digits as written, e.g. {@code 31.48} or {@code 575,506}
     * @param unit    the unit as written
     * @param line    1-based line number
     */
    record Quote(String number, String unit, int line) {
        @Override
        public String toString() {
            return number + (unit.equals("x") || unit.equals("×") ? "" : " ") + unit;
        }
    }

    /**
     * The benchmark numbers in a markdown document: numbers with a unit above, outside fenced
     * code blocks and opted-out paragraphs, that either have a fraction or are in ns, rows/s or
     * IDs/s. Whole ms, µs, % and x are left alone: those are the format's constants and targets
     * ("4 ms units", "97%", "2x"), and integer µs are configuration ("250 µs slices").
     */
    static List<Quote> find(String markdown) {
        List<Quote> quotes = new ArrayList<>();
        String[] lines = markdown.split("\n", -1);
        boolean fenced = false;
        boolean optedOut = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (line.isBlank()) {
                optedOut = false;
                continue;
            }
            if (line.contains(OPT_OUT)) {
                optedOut = true;
            }
            if (fenced || optedOut) {
                continue;
            }
            Matcher m = QUOTE.matcher(line);
            while (m.find()) {
                String unit = m.group(3);
                boolean fraction = m.group(2) != null;
                boolean alwaysMeasured = unit.equals("ns") || unit.endsWith("/s");
                if (fraction || alwaysMeasured) {
                    quotes.add(new Quote(m.group(1) + (fraction ? m.group(2) : ""), unit, i + 1));
                }
            }
        }
        return quotes;
    }

    /**
     * Whether a line of a result file holds the quote: the number as a whole token (not part of a
     * longer number such as {@code 131.48} or {@code 31.485}; thousands separators ignored on both
     * sides, so {@code 1,183} is found in {@code 1183}) and its unit: a ratio's or a percentage's
     * right after it ({@code 1.32x}, {@code 99.96 %}), any other unit anywhere on the same line
     * ({@code (31.48 vs 23.91 ns)}, or a table row whose unit column reads {@code ns/op}).
     * {@code us} is looked up as {@code µs} too, and {@code ×} as {@code x}.
     */
    static boolean holds(String resultLine, Quote quote) {
        String line = withoutSeparators(resultLine);
        String number = quote.number().replace(",", "");
        if (!line.contains(number)) {
            return false;
        }
        Matcher m = Pattern.compile("(?<![\\d.])" + Pattern.quote(number) + "(?![\\d]|\\.\\d)").matcher(line);
        while (m.find()) {
            for (String unit : spellings(quote.unit())) {
                boolean right = unit.equals("x") || unit.equals("×") || unit.equals("%");
                Pattern after = Pattern.compile((right ? "^ ?" : "(?<![\\w])") + Pattern.quote(unit) + "(?![\\w])");
                if (after.matcher(right ? line.substring(m.end()) : line).find()) {
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

    private static List<String> spellings(String unit) {
        return switch (unit) {
            case "us", "µs" -> List.of("us", "µs");
            case "x", "×" -> List.of("x", "×");
            default -> List.of(unit);
        };
    }
}
