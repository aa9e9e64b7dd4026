package dev.sno.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigInteger;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The one reading of each kind of {@code sno.*} value (issue 41, finding 9): a duration or number
 * that does not fit is refused with a {@link SettingsException} naming the setting, quoting the
 * text as written and naming the bound, never a bare {@link ArithmeticException}; and no parser
 * takes a sign or a digit outside ASCII.
 */
class SettingsTest {

    private static final String BOUND = "must be at most PT2562047H47M16.854775807S (about 292 years, the longest"
            + " duration sno takes).";

    private static Settings one(String name, String value) {
        return Settings.of(Map.of(name, value)::get);
    }

    private static String refusal(Runnable parse) {
        return assertThrows(SettingsException.class, parse::run).getMessage();
    }

    @Test
    void aDurationTooLongForALongOfNanosecondsIsRefusedNamingTheBoundInEveryUnit() {
        for (String name : new String[] {"sno.lease.duration", "sno.max-regression-wait"}) {
            for (String unit : new String[] {"d", "h", "m", "s", "ms"}) {
                String text = "999999999999999999" + unit;
                assertEquals("Invalid " + name + " \"" + text + "\": " + BOUND,
                        refusal(() -> one(name, text).duration(name)), text);
            }
            assertEquals("Invalid " + name + " \"106752d\": " + BOUND, refusal(() -> one(name, "106752d")
                    .duration(name)));
            assertEquals(Optional.of(Duration.ofDays(106751)), one(name, "106751d").duration(name));
            assertEquals(Optional.of(Duration.ofNanos(Long.MAX_VALUE)), one(name, "9223372036854775807ns")
                    .duration(name));
            assertEquals("Invalid " + name + " \"9223372036854775808ns\": " + BOUND,
                    refusal(() -> one(name, "9223372036854775808ns").duration(name)));
            assertEquals("Invalid " + name + " \"PT277777777777777H46M39S\": " + BOUND,
                    refusal(() -> one(name, "PT277777777777777H46M39S").duration(name)));
            assertEquals("Invalid " + name + " \"PT99999999999999999999H\": " + BOUND,
                    refusal(() -> one(name, "PT99999999999999999999H").duration(name)));
        }
    }

    @Test
    void signsAndDigitsOutsideAsciiAreRefused() {
        assertEquals("Invalid sno.partition \"+7\": must be an integer in 0..65535.",
                refusal(() -> one("sno.partition", "+7").integer("sno.partition", 0, 65535)));
        assertEquals("Invalid sno.partition \"\u0667\": must be an integer in 0..65535.",
                refusal(() -> one("sno.partition", "\u0667").integer("sno.partition", 0, 65535)));
        assertEquals(OptionalInt.of(7), one("sno.partition", "007").integer("sno.partition", 0, 65535));
        assertEquals("Invalid sno.lease.partitions \"\uFF11-\uFF12\": must be min-max with 0 <= min <= max <= 65535,"
                + " as 0-32767.", refusal(() -> one("sno.lease.partitions", "\uFF11-\uFF12").range("sno.lease.partitions",
                        65535)));
        assertEquals("Invalid sno.lease.duration \"-PT-30S\": must be a duration such as 30s, 500ms, 2m or PT30S.",
                refusal(() -> one("sno.lease.duration", "-PT-30S").duration("sno.lease.duration")));
        assertEquals("Invalid sno.lease.duration \"\u0663\u0660s\": must be a duration such as 30s, 500ms, 2m or"
                + " PT30S.", refusal(() -> one("sno.lease.duration", "\u0663\u0660s").duration("sno.lease.duration")));
        assertEquals("Invalid sno.lease.duration \"PT\": must be a duration such as 30s, 500ms, 2m or PT30S.",
                refusal(() -> one("sno.lease.duration", "PT").duration("sno.lease.duration")));
        assertEquals(Optional.of(Duration.ofSeconds(30)), one("sno.lease.duration", " 30 s ")
                .duration("sno.lease.duration"));
        assertEquals(Optional.of(Duration.ofMillis(1500)), one("sno.lease.duration", "pt1.5s")
                .duration("sno.lease.duration"));
    }

    @Test
    void anEscapeInAValueIsQuotedEscaped() {
        assertEquals("Invalid sno.partition \"\\u001B[2J7\": must be an integer in 0..65535.",
                refusal(() -> one("sno.partition", "\u001B[2J7").integer("sno.partition", 0, 65535)));
    }

    // ---- hostile texts, seeded ------------------------------------------------------------

    private static final String[] PIECES = {"0", "1", "7", "9", "65535", "65536", "999999999999999999",
        "9223372036854775807", "9223372036854775808", "99999999999999999999999", "\u0660", "\u0667", "\uFF17",
        "\u0967", "+", "-", " ", "\t", "\u00A0", "\u2003", "\n", "ns", "us", "ms", "s", "m", "h", "d", "D", "H",
        "\u00B5s", "P", "T", "PT", "S", "M", ".", ",", "e", "x", "true", "FALSE", "\u001B", "\u202E", "\uD800",
        "\"", "\\"};

    private static String hostile(Random r) {
        StringBuilder b = new StringBuilder();
        int n = 1 + r.nextInt(5);
        for (int i = 0; i < n; i++) {
            b.append(PIECES[r.nextInt(PIECES.length)]);
        }
        return b.toString();
    }

    private static final Pattern MODEL_SIMPLE = Pattern.compile("([0-9]+)[ \t]*(ns|us|ms|s|m|h|d)");
    private static final Map<String, Long> MODEL_UNITS = Map.of("ns", 1L, "us", 1_000L, "ms", 1_000_000L,
            "s", 1_000_000_000L, "m", 60_000_000_000L, "h", 3_600_000_000_000L, "d", 86_400_000_000_000L);

    /** The duration a text means, by a model written apart from Settings: null if refused, for the simple form. */
    private static Duration modelSimple(String stripped) {
        Matcher m = MODEL_SIMPLE.matcher(stripped.toLowerCase(java.util.Locale.ROOT));
        if (!m.matches()) {
            return null;
        }
        BigInteger nanos = new BigInteger(m.group(1)).multiply(BigInteger.valueOf(MODEL_UNITS.get(m.group(2))));
        return nanos.bitLength() < 64 ? Duration.ofNanos(nanos.longValueExact()) : null;
    }

    @Test
    void everyParserAnswersHostileTextWithAValueOrASettingsException() {
        long seed = Long.getLong("sno.seed", System.nanoTime());
        int cases = Integer.getInteger("sno.cases", 20_000);
        Random r = new Random(seed);
        String name = "sno.x";
        for (int i = 0; i < cases; i++) {
            String text = hostile(r);
            Settings s = one(name, text);
            String stripped = text.strip();
            String where = "seed " + seed + " (-Dsno.seed=" + seed + "), case " + i + ", text "
                    + SafeText.of(text) + ": ";
            check(where + "integer", text, () -> {
                OptionalInt v = s.integer(name, 0, 65535);
                BigInteger model = stripped.matches("[0-9]+") ? new BigInteger(stripped) : null;
                assertTrue(model != null && model.compareTo(BigInteger.valueOf(65535)) <= 0
                        && v.getAsInt() == model.intValue(), where + "integer " + v);
            }, "must be an integer in 0..65535");
            check(where + "range", text, () -> {
                s.range(name, 65535);
                assertTrue(stripped.matches("[0-9]+\\p{javaWhitespace}*-\\p{javaWhitespace}*[0-9]+"), where + "a range was read");
            }, "must be min-max");
            check(where + "flag", text, () -> {
                boolean v = s.flag(name).orElseThrow();
                assertEquals(stripped.equalsIgnoreCase("true") ? Boolean.TRUE : stripped.equalsIgnoreCase("false")
                        ? Boolean.FALSE : null, v, where + "flag");
            }, "must be true or false");
            check(where + "duration", text, () -> {
                Duration d = s.duration(name).orElseThrow();
                assertTrue(!d.isNegative() && d.compareTo(Settings.MAX_DURATION) <= 0, where + "duration " + d);
                Duration model = modelSimple(stripped);
                if (model != null) {
                    assertEquals(model, d, where);
                } else {
                    assertTrue(stripped.matches("(?i)P([0-9]+D)?(T[0-9HMS.,]+)?"), where + "read as " + d);
                }
            }, null);
        }
    }

    /**
     * Runs a parse: it returns (and the reading is checked), or throws a SettingsException whose
     * message quotes the text as written (stripped, escaped) and names the setting: nothing else.
     */
    private static void check(String where, String text, Runnable parse, String constraint) {
        try {
            parse.run();
        } catch (SettingsException e) {
            String m = e.getMessage();
            if (text.isBlank()) {
                assertTrue(m.startsWith("sno.x is set but empty ("), where + m);
            } else {
                assertTrue(m.startsWith("Invalid sno.x " + Settings.quote(text.strip()) + ": "), where + m);
                if (constraint != null) {
                    assertTrue(m.contains(constraint), where + m);
                }
            }
            assertTrue(m.chars().noneMatch(c -> c < 0x20 || c == 0x7F || c == 0x202E), where + "raw control: " + m);
            assertEquals(Optional.of("sno.x"), e.properties().stream().findFirst(), where);
        } catch (RuntimeException | AssertionError e) {
            if (e instanceof AssertionError a) {
                throw a;
            }
            fail(where + e, e);
        }
    }
}
