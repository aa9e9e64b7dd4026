package dev.sno.config;

/**
 * Text from a request, made safe to echo in an error response or a log line: control and
 * formatting characters (ESC, BEL, DEL, the C1 controls, line and paragraph separators,
 * bidirectional overrides, unpaired surrogates) are written as {@code \}{@code uXXXX}, and the
 * result is cut once it holds {@value #LIMIT} characters (escapes counted as written, so at most
 * {@value #LIMIT} + 5), with {@code ...}, as sno-core's own messages quote values. The framework modules pass every problem detail through it: a client's bytes are never
 * echoed raw, nor at length.
 */
public final class SafeText {

    /** The length, in characters of the result, after which the text is cut with {@code ...}. */
    public static final int LIMIT = 200;

    private SafeText() {
    }

    /**
     * A request path (percent-encoded, as sent) for a problem's {@code instance}: cut after 100
     * characters, never inside a {@code %XX} escape, with {@code ...}.
     *
     * @param rawPath  the path, not null
     * @return the path, or its first 100 characters or fewer and {@code ...}
     */
    public static String path(String rawPath) {
        if (rawPath.length() <= 100) {
            return rawPath;
        }
        int cut = 100;
        int percent = rawPath.lastIndexOf('%', cut - 1);
        if (percent >= 0 && percent > cut - 3) {
            cut = percent;
        }
        return rawPath.substring(0, cut) + "...";
    }

    /**
     * The text, escaped and bounded.
     *
     * @param text  any text, or null
     * @return the safe text; "null" for null
     */
    public static String of(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder(Math.min(text.length(), LIMIT) + 16);
        int i = 0;
        for (; i < text.length() && b.length() < LIMIT; i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                b.append(c).append(text.charAt(++i)); // a pair, kept whole
            } else if (unsafe(text, i, c)) {
                b.append(String.format("\\u%04X", (int) c));
            } else {
                b.append(c);
            }
        }
        return i < text.length() ? b.append("...").toString() : b.toString();
    }

    private static boolean unsafe(String text, int i, char c) {
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i == 0 || !Character.isHighSurrogate(text.charAt(i - 1));
        }
        int type = Character.getType(c);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR || type == Character.UNASSIGNED || type == Character.PRIVATE_USE;
    }
}
