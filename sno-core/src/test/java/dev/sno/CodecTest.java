package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.CharBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The strict text codec and its error messages. */
class CodecTest {

    private static final String VALID = "29gfem22232im222";

    @Test
    void alphabetIsTwoAsciiRuns() {
        assertEquals("23456789abcdefghijklmnopqrstuvwx", Codec.ALPHABET);
        for (int i = 0; i < 32; i++) {
            String s = "222222222222222" + Codec.ALPHABET.charAt(i);
            assertEquals(i, SnoId.parse(s).sequence() & 31);
        }
    }

    @Test
    void encodesEveryDigitAtEveryPositionBesideTheSmallestAndLargestNeighbours() {
        // The encoder works on 8 characters at a time in one long: a digit must land in its own
        // lane and never carry into a neighbour, whatever the neighbours hold.
        for (char fill : new char[] {'2', 'x', '9', 'a'}) {
            for (int pos = 0; pos < 16; pos++) {
                for (int d = 0; d < 32; d++) {
                    StringBuilder sb = new StringBuilder("" + fill + fill + fill + fill + fill + fill + fill + fill
                            + fill + fill + fill + fill + fill + fill + fill + fill);
                    sb.setCharAt(pos, Codec.ALPHABET.charAt(d));
                    String text = sb.toString();
                    SnoId id = SnoId.parse(text);
                    assertEquals(text, id.toString());
                    byte[] bytes = new byte[18];
                    id.encodeTo(bytes, 1);
                    assertEquals(text, new String(bytes, 1, 16, java.nio.charset.StandardCharsets.US_ASCII));
                    char[] chars = new char[17];
                    id.encodeTo(chars, 1);
                    assertEquals(text, new String(chars, 1, 16));
                    assertEquals(id, SnoId.fromBytes(id.toBytes()));
                }
            }
        }
    }

    @Test
    void parsesAnyCharSequence() {
        SnoId id = SnoId.parse(VALID);
        assertEquals(id, SnoId.parse(new StringBuilder(VALID)));
        assertEquals(id, SnoId.parse(CharBuffer.wrap(VALID.toCharArray())));
    }

    @Test
    void rejectsWrongLengthNamingTheLength() {
        assertEquals("Invalid sno ID: \"29gfem22232im22\" (length 15, expected 16)",
                assertThrows(InvalidSnoIdException.class, () -> SnoId.parse("29gfem22232im22")).getMessage());
        assertEquals("Invalid sno ID: \"29gfem22232im2222\" (length 17, expected 16)",
                assertThrows(InvalidSnoIdException.class, () -> SnoId.parse("29gfem22232im2222")).getMessage());
        assertEquals("Invalid sno ID: \"\" (length 0, expected 16)",
                assertThrows(InvalidSnoIdException.class, () -> SnoId.parse("")).getMessage());
    }

    @Test
    void cutsVeryLongInputInTheMessage() {
        String longText = "2".repeat(10_000);
        String message = assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(longText)).getMessage();
        assertEquals("Invalid sno ID: \"" + "2".repeat(40) + "\"... (length 10000, expected 16)", message);
    }

    @Test
    void rejectsCharacterOutsideAlphabetNamingCharacterAndIndex() {
        assertEquals("Invalid sno ID: \"29gfem22232im22y\" (character 'y' at index 15"
                        + " is not in the alphabet 23456789abcdefghijklmnopqrstuvwx)",
                assertThrows(InvalidSnoIdException.class, () -> SnoId.parse("29gfem22232im22y")).getMessage());
        assertEquals("Invalid sno ID: \"09gfem22232im222\" (character '0' at index 0"
                        + " is not in the alphabet 23456789abcdefghijklmnopqrstuvwx)",
                assertThrows(InvalidSnoIdException.class, () -> SnoId.parse("09gfem22232im222")).getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "29GFEM22232IM222", // no case folding
        "29gfem22232Im222",
        " 29gfem22232im22", // no trimming
        "29gfem22232im22 ",
        "29gfem22232im22\n",
        "29gfem22232im22\u0000",
        "0000000000000000", "1111111111111111", "yyyyyyyyyyyyyyyy", "zzzzzzzzzzzzzzzz",
        "29gfem22-32im222", "29gfem22_32im222", "29gfem22+32im222", "29gfem22/32im222",
        "29gfem22=32im222", "29gfem22.32im222", "29gfem22:32im222", "29gfem22`32im222",
        "29gfem22{32im222", "29gfem22@32im222", "29gfem22[32im222",
        "29gfem22\u007f32im222", "29gfem22\u008032im222", "29gfem22\u00ff32im222",
        "29gfem22\u00e932im222",
    })
    void rejectsEverythingButCanonicalForm(String text) {
        InvalidSnoIdException e = assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(text));
        assertTrue(e.getMessage().startsWith("Invalid sno ID: " + Conformance.quote(text) + " (character '"),
                e.getMessage());
        assertFalse(SnoId.isValid(text));
        assertThrows(InvalidSnoIdException.class, () -> SnoId.metaOf(text));
    }

    @Test
    void rejectsWideCharactersWhoseLowByteIsInTheAlphabet() {
        // U+0132 masks to '2' (0x32), U+0161 to 'a': a table indexed by the low byte alone would
        // accept them. U+0100 masks to NUL, U+FF12 is the full-width '2'.
        for (char wide : new char[] {'\u0132', '\u0161', '\u0100', '\uFF12', '\u3232', '\uFF41'}) {
            String text = "29gfem22" + wide + "32im222";
            assertEquals(16, text.length());
            InvalidSnoIdException e = assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(text));
            assertEquals("Invalid sno ID: " + Conformance.quote(text) + " (character '"
                    + String.format("\\u%04X", (int) wide) + "' at index 8"
                    + " is not in the alphabet 23456789abcdefghijklmnopqrstuvwx)", e.getMessage());
            assertFalse(SnoId.isValid(text));
            assertThrows(InvalidSnoIdException.class, () -> SnoId.metaOf(text));
        }
    }

    @Test
    void rejectsSurrogatePairs() {
        String text = "29gfem22\uD83D\uDE0032im22"; // an emoji: two chars, 16 chars in all
        assertEquals(16, text.length());
        InvalidSnoIdException e = assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(text));
        assertTrue(e.getMessage().contains("'\\uD83D' at index 8"), e.getMessage());
        String lone = "\uDC0029gfem22232im22";
        assertTrue(assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(lone)).getMessage()
                .contains("'\\uDC00' at index 0"));
    }

    @Test
    void escapesQuotesAndBackslashesInTheMessage() {
        String text = "29gfem\"2\\32im222";
        assertEquals(16, text.length());
        String message = assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(text)).getMessage();
        assertTrue(message.startsWith("Invalid sno ID: \"29gfem\\\"2\\\\32im222\" (character '\\\"' at index 6"),
                message);
    }

    @Test
    void nullIsANullPointerExceptionNamingTheArgument() {
        assertEquals("text", assertThrows(NullPointerException.class, () -> SnoId.parse(null)).getMessage());
        assertFalse(SnoId.isValid(null));
    }

    @Test
    void isValidParseAndMetaOfAgreeOnEveryCharacterAtEveryPosition() {
        // Every one of the 65,536 characters at every position, for all three entry points:
        // the decoder packs characters into byte lanes, so a wide character whose low byte is
        // in the alphabet (U+0132, U+FF61) must fail as surely as '0' does.
        StringBuilder sb = new StringBuilder(VALID);
        for (int pos = 0; pos < 16; pos++) {
            for (int c = 0; c <= 0xFFFF; c++) {
                sb.setCharAt(pos, (char) c);
                boolean inAlphabet = Codec.ALPHABET.indexOf(c) >= 0;
                String where = "U+" + Integer.toHexString(c) + " at index " + pos;
                assertEquals(inAlphabet, SnoId.isValid(sb), where);
                if (inAlphabet) {
                    SnoId id = SnoId.parse(sb);
                    assertEquals(sb.toString(), id.toString(), where);
                    assertEquals(id.meta(), SnoId.metaOf(sb), where);
                } else {
                    assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(sb), where);
                    assertThrows(InvalidSnoIdException.class, () -> SnoId.metaOf(sb), where);
                }
            }
            sb.setCharAt(pos, VALID.charAt(pos));
        }
    }
}
