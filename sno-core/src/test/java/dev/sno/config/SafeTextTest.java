package dev.sno.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class SafeTextTest {

    @Test
    void controlAndFormattingCharactersAreEscapedAndPlainTextKept() {
        assertEquals("\\u001B[2J\\u001B[31mHACKED\\u0007", SafeText.of("\u001b[2J\u001b[31mHACKED\u0007"));
        assertEquals("a\\u202Eb\\u2028c\\u0085d\\u200B", SafeText.of("a\u202Eb\u2028c\u0085d\u200B"));
        assertEquals("Invalid sno ID: \"x\" é \uD83D\uDE00", SafeText.of("Invalid sno ID: \"x\" é \uD83D\uDE00"));
        assertEquals("\\uD800x\\uDC00", SafeText.of("\uD800x\uDC00"));
        assertEquals("null", SafeText.of(null));
    }

    @Test
    void longTextIsCutAfterTheLimitNeverInsideAPair() {
        assertEquals("a".repeat(200) + "...", SafeText.of("a".repeat(6000)));
        assertEquals("a".repeat(200), SafeText.of("a".repeat(200)));
        String pairAtTheCut = "a".repeat(199) + "\uD83D\uDE00" + "tail";
        assertEquals("a".repeat(199) + "\uD83D\uDE00...", SafeText.of(pairAtTheCut));
        // escapes count as written: the result is bounded, however many control characters came in
        assertEquals("\\u0007".repeat(34) + "...", SafeText.of("\u0007".repeat(1000)));
    }

    /** Seeded: any text comes out without a control, formatting or lone surrogate character. */
    @Test
    void nothingUnsafeSurvives() {
        long seed = Long.getLong("sno.seed", System.nanoTime());
        Random r = new Random(seed);
        for (int i = 0; i < 2000; i++) {
            StringBuilder b = new StringBuilder();
            int n = r.nextInt(400);
            for (int k = 0; k < n; k++) {
                b.append((char) (r.nextBoolean() ? r.nextInt(0x300) : r.nextInt(0x10000)));
            }
            String out = SafeText.of(b.toString());
            assertTrue(out.length() <= SafeText.LIMIT + 5 + 3, "seed " + seed + ": " + out.length());
            for (int k = 0; k < out.length(); k++) {
                char c = out.charAt(k);
                int type = Character.getType(c);
                boolean lone = Character.isHighSurrogate(c) && (k + 1 == out.length()
                        || !Character.isLowSurrogate(out.charAt(k + 1)))
                        || Character.isLowSurrogate(c) && (k == 0 || !Character.isHighSurrogate(out.charAt(k - 1)));
                assertTrue(type != Character.CONTROL && type != Character.FORMAT && type != Character.LINE_SEPARATOR
                        && type != Character.PARAGRAPH_SEPARATOR && !lone, "seed " + seed + ": U+"
                        + Integer.toHexString(c) + " in " + out);
            }
        }
    }
}
