package dev.sno.jackson;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

/** Text a client or a store may send to forge logs or hide what a message says, and the check. */
public final class HostileText {

    private HostileText() {
    }

    /** Escape sequences, forged lines, DEL, C1, bidi overrides and isolates, marks, lone surrogates, length. */
    public static final List<String> VALUES = List.of(
            "\u001b[2J\u001b[31mHACKED\u0007",
            "ok\r\n2026-11-28 INFO forged line",
            "del\u007fete",
            "\u009b31mcsi",
            "\u202Egpj.exe",
            "\u2066isolate\u2069\u2067\u2068",
            "\u200Emark\u200F\u061C\u202A\u202B\u202C\u202D",
            "lone\uD800high\uDC00low",
            "tag\uDB40\uDC41",
            "\u001b".repeat(40) + "x".repeat(100_000));

    /**
     * Asserts that text holds no control, formatting, separator, private-use or unassigned code
     * point and no lone surrogate, and is at most limit characters long.
     *
     * @param text   the text, or null
     * @param limit  its greatest length
     * @param what   what it is, for the failure
     */
    public static void assertSafe(String text, int limit, String what) {
        if (text == null) {
            return;
        }
        assertTrue(text.length() <= limit, what + ": " + text.length() + " characters");
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int type = Character.getType(cp);
            int at = i;
            assertTrue(type != Character.CONTROL && type != Character.FORMAT && type != Character.LINE_SEPARATOR
                    && type != Character.PARAGRAPH_SEPARATOR && type != Character.SURROGATE
                    && type != Character.PRIVATE_USE && type != Character.UNASSIGNED,
                    () -> what + ": U+" + Integer.toHexString(cp) + " at " + at + " in "
                            + text.substring(0, Math.min(300, text.length())));
            i += Character.charCount(cp);
        }
    }
}
