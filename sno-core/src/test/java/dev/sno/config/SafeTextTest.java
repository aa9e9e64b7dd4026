package dev.sno.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URISyntaxException;
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

    /** Issue 41, finding 10: every control, every bidirectional control, and lone surrogates. */
    @Test
    void everyControlBidiControlAndLoneSurrogateIsEscaped() {
        StringBuilder unsafe = new StringBuilder();
        for (char c = 0; c < 0x20; c++) {
            unsafe.append(c);
        }
        unsafe.append('\u007F');
        for (char c = 0x80; c < 0xA0; c++) {
            unsafe.append(c);
        }
        unsafe.append("\u061C\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\uD800\uDBFF\uDC00\uDFFF");
        for (int i = 0; i < unsafe.length(); i++) {
            char c = unsafe.charAt(i);
            assertEquals(String.format("[\\u%04X]", (int) c), SafeText.of("[" + c + "]"), "U+" + Integer.toHexString(c));
        }
        // a lone surrogate next to a pair stays lone; the pair is kept
        assertEquals("\\uD83D\uD83D\uDE00\\uDE00", SafeText.of("\uD83D\uD83D\uDE00\uDE00"));
    }

    /** A formatting character above U+FFFF (the invisible tags that smuggle text) is escaped too. */
    @Test
    void formattingCharactersBeyondTheBmpAreEscapedAsTheirSurrogates() {
        // U+E0041 TAG LATIN CAPITAL LETTER A, U+1D173 MUSICAL SYMBOL BEGIN BEAM, U+F0000 private use
        assertEquals("ok\\uDB40\\uDC41\\uD834\\uDD73\\uDB80\\uDC00", SafeText.of("ok\uDB40\uDC41\uD834\uDD73\uDB80\uDC00"));
    }

    @Test
    void longTextIsCutAtTheLimitNeverInsideAPairOrAnEscape() {
        assertEquals("a".repeat(200) + "...", SafeText.of("a".repeat(6000)));
        assertEquals("a".repeat(200), SafeText.of("a".repeat(200)));
        assertEquals("a".repeat(199) + "...", SafeText.of("a".repeat(199) + "\uD83D\uDE00" + "tail"));
        assertEquals("a".repeat(198) + "\uD83D\uDE00...", SafeText.of("a".repeat(198) + "\uD83D\uDE00" + "tail"));
        // escapes count as written: the result is bounded, however many control characters came in
        assertEquals("\\u0007".repeat(33) + "...", SafeText.of("\u0007".repeat(1000)));
        assertEquals("a".repeat(194) + "\\u202E...", SafeText.of("a".repeat(194) + "\u202E\u202E"));
        assertEquals("a".repeat(195) + "...", SafeText.of("a".repeat(195) + "\u202E"));
    }

    /** A caller's own bound, for a message that quotes several texts: the same cuts, at its length. */
    @Test
    void aCallersLimitCutsAlikeAtItsLength() {
        assertEquals("a".repeat(100) + "...", SafeText.of("a".repeat(6000), 100));
        assertEquals("a".repeat(100), SafeText.of("a".repeat(100), 100));
        assertEquals("a".repeat(94) + "\\u202E...", SafeText.of("a".repeat(94) + "\u202E\u202E", 100));
        assertEquals("a".repeat(95) + "...", SafeText.of("a".repeat(95) + "\u202E", 100));
        assertEquals("a".repeat(99) + "...", SafeText.of("a".repeat(99) + "\uD83D\uDE00", 100));
        assertEquals("\\u0007".repeat(16) + "...", SafeText.of("\u0007".repeat(1000), 100));
        assertEquals("ab...", SafeText.of("ab\u0007", 5));
        assertEquals("...", SafeText.of("x", 0));
        assertEquals("", SafeText.of("", 0));
        assertEquals("null", SafeText.of(null, 10));
        assertEquals(SafeText.of("a".repeat(300) + "\u0007"), SafeText.of("a".repeat(300) + "\u0007", SafeText.LIMIT));
    }

    /** Seeded: any text comes out bounded, without a control, formatting or lone surrogate character. */
    @Test
    void nothingUnsafeSurvives() {
        long seed = Long.getLong("sno.seed", System.nanoTime());
        Random r = new Random(seed);
        for (int i = 0; i < 2000; i++) {
            String out = SafeText.of(randomText(r));
            assertTrue(out.length() <= SafeText.LIMIT + 3, "seed " + seed + ": " + out.length());
            for (int k = 0; k < out.length(); ) {
                int cp = out.codePointAt(k);
                int type = Character.getType(cp);
                assertTrue(type != Character.CONTROL && type != Character.FORMAT && type != Character.LINE_SEPARATOR
                        && type != Character.PARAGRAPH_SEPARATOR && type != Character.SURROGATE
                        && type != Character.UNASSIGNED && type != Character.PRIVATE_USE,
                        "seed " + seed + ": U+" + Integer.toHexString(cp) + " in " + out);
                k += Character.charCount(cp);
            }
        }
    }

    private static String randomText(Random r) {
        StringBuilder b = new StringBuilder();
        int n = r.nextInt(400);
        for (int k = 0; k < n; k++) {
            switch (r.nextInt(4)) {
                case 0 -> b.append((char) r.nextInt(0x300));
                case 1 -> b.append((char) r.nextInt(0x10000));
                case 2 -> b.append("\u202E\u2066\u200F\u061C\u007F\u009B\u001B".charAt(r.nextInt(7)));
                default -> b.appendCodePoint(0x10000 + r.nextInt(0x100000));
            }
        }
        return b.toString();
    }

    /** Issue 41, finding 10: a DEL and a right-to-left override in a path are percent-encoded. */
    @Test
    void aPathKeepsItsEscapesAndEncodesWhatAUriPathCannotHold() {
        assertEquals("/orders/29gfem22232im222", SafeText.path("/orders/29gfem22232im222"));
        assertEquals("/orders/%7F%E2%80%AEdi.exe", SafeText.path("/orders/\u007F\u202Edi.exe"));
        assertEquals("/a%1B%5B2J/%1b%0D%0A%20x", SafeText.path("/a%1B%5B2J/%1b\r\n x"));
        assertEquals("/-._~!$&'()*+,;=:@%25%25zz%25A", SafeText.path("/-._~!$&'()*+,;=:@%%zz%A"));
        assertEquals("/%3F%23%22%3C%3E%5C%60%7B%7D%C3%A9%F0%9F%98%80%EF%BF%BD", SafeText.path("/?#\"<>\\`{}é\uD83D\uDE00\uDC00"));
    }

    @Test
    void aLongPathIsCutOutsideAnEscape() {
        assertEquals("/" + "a".repeat(97) + "...", SafeText.path("/" + "a".repeat(97) + "%2F" + "b".repeat(20)));
        assertEquals("/" + "a".repeat(99) + "...", SafeText.path("/" + "a".repeat(150)));
        assertEquals("/" + "a".repeat(99), SafeText.path("/" + "a".repeat(99)));
        // the three bytes of U+202E stay together
        assertEquals("/" + "a".repeat(94) + "...", SafeText.path("/" + "a".repeat(94) + "\u202E"));
        assertEquals("/" + "a".repeat(90) + "%E2%80%AE...", SafeText.path("/" + "a".repeat(90) + "\u202E\u202E"));
    }

    /** Seeded: any path comes out as a valid URI path, ASCII only, bounded. */
    @Test
    void everyPathComesOutAValidUriPath() throws URISyntaxException {
        long seed = Long.getLong("sno.seed", System.nanoTime());
        Random r = new Random(seed);
        for (int i = 0; i < 2000; i++) {
            String out = SafeText.path("/p/" + randomText(r).replace('%', r.nextBoolean() ? '%' : 'x'));
            assertTrue(out.length() <= 103, "seed " + seed + ": " + out.length());
            String uri = out.endsWith("...") ? out.substring(0, out.length() - 3) : out;
            assertEquals(uri, new URI(uri).getRawPath(), "seed " + seed);
            assertTrue(uri.chars().allMatch(c -> c > 0x20 && c < 0x7F), "seed " + seed + ": " + out);
        }
    }
}
