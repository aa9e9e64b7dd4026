package dev.sno.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code sno.*} settings as the application gave them, and the one reading of each: the
 * frameworks hand over the raw text of every name (Spring's relaxed binding and Quarkus's config
 * sources have found it), and this class parses it, so that a value means the same thing, and a
 * bad value is refused with the same message, in plain Java, Spring Boot and Quarkus.
 *
 * <p>A setting that is present must hold a value: an empty or blank one is an error, never
 * "unset", so that a deployment template that failed to fill it in is noticed. Durations take a
 * unit ({@code 30s}, {@code 500ms}, {@code 2m}, {@code 1h}, {@code 1d}) or ISO-8601
 * ({@code PT30S}); a bare number is refused, because Spring reads it as milliseconds and Quarkus
 * as seconds, and a lease of 30 ms is not what anyone means by {@code 30}.
 *
 * @implSpec Instances are immutable and thread-safe when the lookup they read is.
 */
public final class Settings {

    /**
     * The names every framework reads, plain Java included: the generator's, and the lease
     * settings that do not depend on the store. Each store adds its own
     * ({@link dev.sno.lease.LeaseStoreProvider#settingNames()}); the frameworks add theirs (web).
     */
    public static final List<String> NAMES = List.of("sno.partition", "sno.sequence-range", "sno.snapshot-file",
            "sno.max-regression-wait", "sno.install", "sno.lease.enabled", "sno.lease.store", "sno.lease.namespace",
            "sno.lease.duration", "sno.lease.partitions");

    /** A number of ASCII digits and a unit; the number's size is checked after the match. */
    private static final Pattern SIMPLE_DURATION = Pattern.compile("([0-9]+)[ \\t]*(ns|us|ms|s|m|h|d)");

    /** An ISO-8601 duration without signs, in ASCII digits: what {@link Duration#parse} reads, less its signs. */
    private static final Pattern ISO_DURATION = Pattern.compile(
            "P([0-9]+D)?(T([0-9]+H)?([0-9]+M)?([0-9]+([.,][0-9]{0,9})?S)?)?", Pattern.CASE_INSENSITIVE);

    /** The longest duration any setting takes: a long count of nanoseconds, about 292 years. */
    static final Duration MAX_DURATION = Duration.ofNanos(Long.MAX_VALUE);

    /** The nanoseconds of each unit. */
    private static final Map<String, Long> UNIT_NANOS = Map.of("ns", 1L, "us", 1_000L, "ms", 1_000_000L,
            "s", 1_000_000_000L, "m", 60_000_000_000L, "h", 3_600_000_000_000L, "d", 86_400_000_000_000L);

    private final Function<String, String> values;
    private final Function<String, String> labels;

    private Settings(Function<String, String> values, Function<String, String> labels) {
        this.values = Objects.requireNonNull(values, "values");
        this.labels = Objects.requireNonNull(labels, "labels");
    }

    /**
     * Settings read from a lookup.
     *
     * @param values  the raw text of a name such as {@code sno.lease.enabled}, or null if unset
     * @return the settings; messages name each setting as it is named here
     */
    public static Settings of(Function<String, String> values) {
        return new Settings(values, Function.identity());
    }

    /**
     * The settings of a plain Java process: the system property {@code sno.lease.enabled}, else the
     * environment variable {@code SNO_LEASE_ENABLED} ({@link #variable}). Messages name both.
     *
     * @return the settings
     */
    public static Settings fromSystem() {
        return new Settings(name -> {
            String v = System.getProperty(name);
            return v != null ? v : System.getenv(variable(name));
        }, name -> name + " (" + variable(name) + ")");
    }

    /**
     * The environment variable of a setting, as MicroProfile Config and Quarkus name it.
     *
     * @param name  a setting's name, as {@code sno.lease.initialize-schema}
     * @return {@code SNO_LEASE_INITIALIZE_SCHEMA}
     */
    public static String variable(String name) {
        return name.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
    }

    /**
     * How messages name a setting.
     *
     * @param name  the setting
     * @return {@code sno.partition}, or in plain Java {@code sno.partition (SNO_PARTITION)}
     */
    public String label(String name) {
        return labels.apply(name);
    }

    /**
     * The raw text of a setting.
     *
     * @param name  the setting
     * @return its text, or empty if unset
     * @throws SettingsException if it is set but empty or blank
     */
    public Optional<String> text(String name) {
        String v = values.apply(name);
        if (v != null && v.isBlank()) {
            throw new SettingsException(label(name) + " is set but empty (" + quote(v) + ").",
                    "Remove it to use its default, or give it a value.", name);
        }
        return Optional.ofNullable(v).map(String::strip);
    }

    /**
     * An integer setting.
     *
     * @param name  the setting
     * @param min   the least value allowed
     * @param max   the greatest value allowed
     * @return the value, or empty if unset
     * @throws SettingsException if it is blank, not an integer in ASCII digits without a sign
     *     (leading zeros are allowed), or outside {@code min..max}
     */
    public OptionalInt integer(String name, int min, int max) {
        Optional<String> t = text(name);
        if (t.isEmpty()) {
            return OptionalInt.empty();
        }
        long v = digits(t.get());
        if (v >= min && v <= max) {
            return OptionalInt.of((int) v);
        }
        throw invalid(name, t.get(), "must be an integer in " + min + ".." + max);
    }

    /**
     * A {@code true}/{@code false} setting (any case).
     *
     * @param name  the setting
     * @return the value, or empty if unset
     * @throws SettingsException if it is blank or neither word
     */
    public Optional<Boolean> flag(String name) {
        Optional<String> t = text(name);
        if (t.isEmpty()) {
            return Optional.empty();
        }
        String v = t.get().toLowerCase(Locale.ROOT);
        if (v.equals("true") || v.equals("false")) {
            return Optional.of(v.equals("true"));
        }
        throw invalid(name, t.get(), "must be true or false");
    }

    /**
     * A duration setting: a number and a unit ({@code ns}, {@code us}, {@code ms}, {@code s},
     * {@code m}, {@code h}, {@code d}), or ISO-8601 ({@code PT30S}).
     *
     * @param name  the setting
     * @return the duration, or empty if unset
     * @throws SettingsException if it is blank, a bare number, signed (negative), longer than
     *     {@code PT2562047H47M16.854775807S} (a long count of nanoseconds: the message names this
     *     bound and quotes the text as written), or not a duration
     */
    public Optional<Duration> duration(String name) {
        Optional<String> t = text(name);
        if (t.isEmpty()) {
            return Optional.empty();
        }
        String v = t.get();
        Matcher m = SIMPLE_DURATION.matcher(v.toLowerCase(Locale.ROOT));
        if (m.matches()) {
            long n = digits(m.group(1));
            long unit = UNIT_NANOS.get(m.group(2));
            if (n < 0 || n > Long.MAX_VALUE / unit) {
                throw tooLong(name, v);
            }
            return Optional.of(Duration.ofNanos(n * unit));
        }
        if (v.matches("[0-9]+")) {
            throw invalid(name, v, "a duration needs a unit, as " + v + "s or " + v + "ms (Spring would read a bare"
                    + " number as milliseconds, Quarkus as seconds)");
        }
        if (ISO_DURATION.matcher(v).matches()) {
            try {
                Duration d = Duration.parse(v);
                if (d.compareTo(MAX_DURATION) > 0) {
                    throw tooLong(name, v);
                }
                return Optional.of(d);
            } catch (DateTimeParseException e) {
                if (e.getCause() != null) { // a number too large for a long, or a sum too large for a Duration
                    throw tooLong(name, v);
                }
                // "P", "PT", "P1DT": below
            }
        }
        throw invalid(name, v, "must be a duration such as 30s, 500ms, 2m or PT30S");
    }

    private SettingsException tooLong(String name, String value) {
        return invalid(name, value, "must be at most " + MAX_DURATION + " (about 292 years, the longest duration sno"
                + " takes)");
    }

    /**
     * The value of a text of ASCII digits, or -1 if it holds anything else (a sign, a Unicode
     * digit) or exceeds {@link Long#MAX_VALUE}.
     */
    static long digits(String text) {
        if (text.isEmpty() || text.length() > 1000) {
            return -1;
        }
        long v = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            if (v > (Long.MAX_VALUE - (c - '0')) / 10) {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /**
     * A setting that takes one of a few words (any case; {@code -} and {@code _} alike).
     *
     * @param name     the setting
     * @param allowed  the words, in lower case
     * @return the word given, in lower case, or empty if unset
     * @throws SettingsException if it is blank or none of the words
     */
    public Optional<String> choice(String name, List<String> allowed) {
        Optional<String> t = text(name);
        if (t.isEmpty()) {
            return Optional.empty();
        }
        String v = t.get().toLowerCase(Locale.ROOT).replace('_', '-');
        if (allowed.contains(v)) {
            return Optional.of(v);
        }
        throw invalid(name, t.get(), "must be one of " + String.join(", ", allowed));
    }

    /**
     * A {@code min-max} range of integers within {@code 0..max}.
     *
     * @return {min, max}, or null if unset
     */
    int[] range(String name, int max) {
        Optional<String> t = text(name);
        if (t.isEmpty()) {
            return null;
        }
        String v = t.get();
        int dash = v.indexOf('-');
        if (dash > 0) {
            long lo = digits(v.substring(0, dash).strip());
            long hi = digits(v.substring(dash + 1).strip());
            if (lo >= 0 && lo <= hi && hi <= max) {
                return new int[] {(int) lo, (int) hi};
            }
        }
        throw invalid(name, v, "must be min-max with 0 <= min <= max <= " + max + ", as 0-" + (max / 2));
    }

    /**
     * The failure for a value that is not one the setting takes.
     *
     * @param name        the setting
     * @param value       the value given
     * @param constraint  what the value must be, as {@code must be an integer in 0..65535}
     * @return the exception to throw: {@code Invalid sno.partition "abc": must be ...}
     */
    public SettingsException invalid(String name, String value, String constraint) {
        return new SettingsException("Invalid " + label(name) + " " + quote(value) + ": " + constraint + ".", "",
                name);
    }

    /**
     * A value for a message: quoted, its quotes and backslashes escaped, then made safe as every
     * echoed text is ({@link SafeText}: control characters escaped, cut once 200 characters are
     * written).
     */
    static String quote(String value) {
        return "\"" + SafeText.of(value.replace("\\", "\\\\").replace("\"", "\\\"")) + "\"";
    }
}
