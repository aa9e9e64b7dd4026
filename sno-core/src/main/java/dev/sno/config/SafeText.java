package dev.sno.config;

import java.nio.charset.StandardCharsets;

/**
 * Text from a request, a store or an operator, made safe to echo in an error response or a log
 * line. {@link #of(String)} writes every character that could move the cursor, rewrite the
 * terminal, forge a line or reorder what is displayed as {@code \}{@code uXXXX}: the control
 * characters (C0, DEL, C1), the formatting characters (among them the bidirectional marks,
 * embeddings, overrides and isolates U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069, and
 * the invisible tag characters above U+FFFF, each of which is written as its two surrogates), the
 * line and paragraph separators, unassigned and private-use code points, and unpaired surrogates.
 * The result holds at most {@value #LIMIT} characters (escapes counted as written, never cut
 * inside an escape or a surrogate pair), then {@code ...} if the text was cut. {@link #path(String)}
 * does the same for a request path, percent-encoding instead. The framework modules pass every
 * problem detail through them: a client's bytes are never echoed raw, nor at length.
 */
public final class SafeText {

    /** The length, in characters of the result, after which the text is cut with {@code ...}. */
    public static final int LIMIT = 200;

    /** The length, in characters of the result, after which a path is cut with {@code ...}. */
    private static final int PATH_LIMIT = 100;

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private SafeText() {
    }

    /**
     * A request path (percent-encoded, as sent) for a problem's {@code instance}, as a valid URI
     * path: each {@code %XX} escape and each character a URI path may hold as such (letters,
     * digits, {@code -._~!$&'()*+,;=:@/}) is kept; every other character (controls, spaces,
     * quotes, {@code ?}, {@code #}, a {@code %} that starts no escape, anything beyond ASCII) is
     * percent-encoded as its UTF-8 bytes, and an unpaired surrogate as U+FFFD's. The result is
     * cut after 100 characters, never inside an escape or the escapes of one
     * character, with {@code ...}.
     *
     * @param rawPath  the path, not null
     * @return the path, encoded where it must be, and cut with {@code ...} if long
     */
    public static String path(String rawPath) {
        StringBuilder b = new StringBuilder(Math.min(rawPath.length(), PATH_LIMIT) + 3);
        StringBuilder piece = new StringBuilder(12);
        int i = 0;
        while (i < rawPath.length()) {
            piece.setLength(0);
            char c = rawPath.charAt(i);
            int next;
            if (c == '%' && i + 2 < rawPath.length() && isHex(rawPath.charAt(i + 1)) && isHex(rawPath.charAt(i + 2))) {
                piece.append(rawPath, i, i + 3);
                next = i + 3;
            } else if (c < 0x80 && c != '%' && pathChar(c)) {
                piece.append(c);
                next = i + 1;
            } else {
                int cp = rawPath.codePointAt(i);
                next = i + Character.charCount(cp);
                if (Character.isSurrogate((char) cp) && Character.charCount(cp) == 1) {
                    cp = 0xFFFD;
                }
                for (byte x : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
                    piece.append('%').append(HEX[(x >> 4) & 0xF]).append(HEX[x & 0xF]);
                }
            }
            if (b.length() + piece.length() > PATH_LIMIT) {
                return b.append("...").toString();
            }
            b.append(piece);
            i = next;
        }
        return b.toString();
    }

    private static boolean isHex(char c) {
        return c >= '0' && c <= '9' || c >= 'A' && c <= 'F' || c >= 'a' && c <= 'f';
    }

    /** An ASCII character a URI path segment holds as such (RFC 3986 pchar), or the separator. */
    private static boolean pathChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-._~!$&'()*+,;=:@/".indexOf(c) >= 0;
    }

    /**
     * The text, escaped and bounded: at most {@value #LIMIT} characters, then {@code ...} if it
     * was cut.
     *
     * @param text  any text, or null
     * @return the safe text; "null" for null
     */
    public static String of(String text) {
        return of(text, LIMIT);
    }

    /**
     * The text, escaped as {@link #of(String)} does, and bounded to a length of the caller's: for a
     * message that quotes several outside texts and must stay short as a whole.
     *
     * @param text   any text, or null
     * @param limit  the most characters of the result before {@code ...}; escapes are counted as
     *               written and never cut, so that a limit under 6 keeps only safe characters up to
     *               the first escape, and a limit of 0 or less keeps nothing of a non-empty text
     * @return the safe text, at most {@code limit} characters, then {@code ...} if it was cut;
     *     "null" for null
     */
    public static String of(String text, int limit) {
        if (text == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder(Math.max(0, Math.min(text.length(), limit)) + 3);
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            int n = Character.charCount(cp);
            int room = limit - b.length();
            if (unsafe(cp)) {
                if (6 * n > room) {
                    break;
                }
                for (int k = i; k < i + n; k++) {
                    escape(b, text.charAt(k));
                }
            } else {
                if (n > room) {
                    break;
                }
                b.appendCodePoint(cp);
            }
            i += n;
        }
        return i < text.length() ? b.append("...").toString() : b.toString();
    }

    private static void escape(StringBuilder b, char c) {
        b.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 0xF]).append(HEX[(c >> 4) & 0xF]).append(HEX[c & 0xF]);
    }

    /**
     * Whether a code point (an unpaired surrogate counts as one) is written as an escape: it can
     * move the cursor, forge a line, reorder or hide what is displayed, or has no meaning yet.
     */
    private static boolean unsafe(int cp) {
        int type = Character.getType(cp);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR || type == Character.UNASSIGNED
                || type == Character.PRIVATE_USE || type == Character.SURROGATE;
    }
}
