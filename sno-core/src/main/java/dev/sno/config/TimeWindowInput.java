package dev.sno.config;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * A time window sent as two request values, such as {@code ?from=...&to=...}: what the web
 * integrations (the Spring Boot starter's and sno-micronaut's {@code SnoIdRange} handler
 * parameters, sno-kotlin's Ktor {@code snoTimeWindow}) accept, and the messages for what they refuse, so that every
 * framework says the same of the same request.
 */
public final class TimeWindowInput {

    /** The name of the value holding a window's start when the application names none. */
    public static final String FROM = "from";

    /** The name of the value holding a window's end when the application names none. */
    public static final String TO = "to";

    /** How many characters of a value a message quotes. */
    private static final int QUOTED = 40;

    private TimeWindowInput() {
    }

    /**
     * Checks the names of a window's two values as an application's {@code @SnoTimeWindow}
     * annotation gives them (the Spring Boot starter's, sno-micronaut's).
     *
     * @param fromName  the name of the value holding the start
     * @param toName    the name of the value holding the end
     * @param where     where the names are given, for the message, such as the handler parameter
     * @throws IllegalStateException if a name is empty or both are the same; the message quotes
     *     both and says where
     */
    public static void checkNames(String fromName, String toName, Object where) {
        if (fromName.isEmpty() || toName.isEmpty() || fromName.equals(toName)) {
            throw new IllegalStateException("@SnoTimeWindow needs two different request parameter names, not from=\""
                    + fromName + "\" and to=\"" + toName + "\", on " + where);
        }
    }

    /**
     * The IDs whose time lies in {@code [from, to)}: {@link SnoIdRange#timeWindow} of two ISO-8601
     * instants.
     *
     * @param fromName  the name of the value holding the start, for messages
     * @param fromText  the start as sent, not null
     * @param toName    the name of the value holding the end, for messages
     * @param toText    the end as sent, not null
     * @return the range
     * @throws Invalid if a value is not an ISO-8601 instant in the sno time range, or the end is
     *     before the start; the message names the value and quotes it (escaped, at most 40
     *     characters)
     */
    public static SnoIdRange read(String fromName, String fromText, String toName, String toText) {
        Instant from = instant(fromName, fromText);
        Instant to = instant(toName, toText);
        if (to.isBefore(from)) {
            throw new Invalid(toName, toText, "Invalid time window: " + toName + "=" + quote(toText)
                    + " is before " + fromName + "=" + quote(fromText));
        }
        return SnoIdRange.timeWindow(from, to);
    }

    /** The instant of a value, within the sno time range. */
    private static Instant instant(String name, String text) {
        Instant time;
        try {
            time = Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new Invalid(name, text, "Invalid time window: " + name + "=" + quote(text)
                    + " is not an ISO-8601 instant such as 2026-01-31T23:59:59Z");
        }
        if (time.isBefore(SnoId.EPOCH) || time.isAfter(SnoId.MAX_TIME)) {
            throw new Invalid(name, text, "Invalid time window: " + name + "=" + quote(text)
                    + " is outside the sno time range [" + SnoId.EPOCH + ", " + SnoId.MAX_TIME + "]");
        }
        return time;
    }

    /**
     * A request value as sent, for a message: in double quotes, cut after 40 characters, with
     * quotes, backslashes and characters outside printable ASCII escaped.
     */
    private static String quote(String text) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < Math.min(text.length(), QUOTED); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7E) {
                sb.append(String.format("\\u%04X", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append(text.length() > QUOTED ? "\"..." : "\"").toString();
    }

    /** A value of the window makes no window: which one, and what it was. */
    public static final class Invalid extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        /** The value's name. */
        private final String name;
        /** The value as sent. */
        private final String value;

        Invalid(String name, String value, String message) {
            super(message);
            this.name = name;
            this.value = value;
        }

        /**
         * The name of the value that is wrong.
         *
         * @return the name
         */
        public String name() {
            return name;
        }

        /**
         * The value that is wrong, as sent.
         *
         * @return the value
         */
        public String value() {
            return value;
        }
    }
}
