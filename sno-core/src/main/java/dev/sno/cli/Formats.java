package dev.sno.cli;

import dev.sno.SnoId;

/** The ways the commands print an ID, and user input quoted in messages. */
final class Formats {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** Longest input quoted in full in a message, as in SnoId.parse's; longer input is cut. */
    static final int QUOTE_LIMIT = 40;

    private Formats() {
    }

    /** One JSON object, on one line, without the line end. */
    static void json(SnoId id, StringBuilder sb) {
        sb.append("{\"id\":\"").append(id)
                .append("\",\"uuid\":\"").append(id.toUuid())
                .append("\",\"time\":\"").append(id.time())
                .append("\",\"epochMilli\":").append(id.toEpochMilli())
                .append(",\"timeUnits\":").append(id.timeUnits())
                .append(",\"tickTock\":").append(id.tickTock())
                .append(",\"meta\":").append(id.meta())
                .append(",\"partition\":").append(id.partition())
                .append(",\"sequence\":").append(id.sequence())
                .append(",\"bytes\":\"").append(hex(id, "")).append("\"}");
    }

    /** The labelled block inspect prints, each line ending in a newline. */
    static void block(SnoId id, StringBuilder sb) {
        sb.append("id          ").append(id).append('\n')
                .append("uuid        ").append(id.toUuid()).append('\n')
                .append("time        ").append(id.time()).append('\n')
                .append("epochMilli  ").append(id.toEpochMilli()).append('\n')
                .append("timeUnits   ").append(id.timeUnits()).append('\n')
                .append("tickTock    ").append(id.tickTock() ? 1 : 0).append('\n')
                .append("meta        ").append(id.meta()).append('\n')
                .append("partition   ").append(id.partition())
                .append(String.format(" (0x%04x)", id.partition())).append('\n')
                .append("sequence    ").append(id.sequence()).append('\n')
                .append("bytes       ").append(hex(id, " ")).append('\n');
    }

    private static String hex(SnoId id, String separator) {
        StringBuilder sb = new StringBuilder(30);
        for (byte b : id.toBytes()) {
            if (sb.length() > 0) {
                sb.append(separator);
            }
            sb.append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
        }
        return sb.toString();
    }

    /**
     * Text for a message in double quotes, escaped as SnoId.parse's messages are, and cut
     * after {@value #QUOTE_LIMIT} characters (then followed by {@code ...}).
     */
    static String quote(CharSequence text) {
        return quoted(text, '"');
    }

    /** Text for a message in single quotes, escaped and cut as {@link #quote} does. */
    static String single(CharSequence text) {
        return quoted(text, '\'');
    }

    private static String quoted(CharSequence text, char quote) {
        int n = Math.min(text.length(), QUOTE_LIMIT);
        StringBuilder sb = new StringBuilder(n + 8).append(quote);
        escape(text.subSequence(0, n), sb);
        sb.append(quote);
        return text.length() > n ? sb.append("...").toString() : sb.toString();
    }

    /**
     * Appends text with quotes and backslashes escaped by a backslash, and control and
     * non-ASCII characters as {@code \\uXXXX}: a message never carries a raw control character
     * (ESC) to a terminal.
     */
    static void escape(CharSequence text, StringBuilder sb) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\' || c == '\'') {
                sb.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7E) {
                sb.append(String.format("\\u%04X", (int) c));
            } else {
                sb.append(c);
            }
        }
    }
}
