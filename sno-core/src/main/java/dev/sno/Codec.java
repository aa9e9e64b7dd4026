package dev.sno;

import java.nio.charset.StandardCharsets;

/*
 * The canonical text codec: 80 bits, big-endian, 5 bits a character, alphabet
 * "23456789abcdefghijklmnopqrstuvwx" (two contiguous ASCII runs, '2'..'9' and 'a'..'x').
 *
 * Encoding and decoding split the 80 bits as 60 + 20 instead of 64 + 16, so that each half is
 * a whole number of characters: the high 12 characters come from bits 79..20 (held in a long),
 * the low 4 from bits 19..0 (held in an int). The split is exact because 60 = 12 * 5 and
 * 20 = 4 * 5; see the bit table in SPEC.md.
 *
 * Decoding never indexes past the 256-entry table: every character is masked to 8 bits before
 * the lookup, and the unmasked character is OR-ed into a flag word that is tested once at the
 * end, so U+0100 (which masks to U+0000) is still rejected. A table entry of -1 sets every bit
 * of the flag. Only when the flag says something is wrong does the slow path look for the
 * first offending character to build the message.
 */
final class Codec {

    static final String ALPHABET = "23456789abcdefghijklmnopqrstuvwx";

    private static final byte[] ENCODE = ALPHABET.getBytes(StandardCharsets.US_ASCII);

    private static final byte[] DECODE = new byte[256];

    static {
        java.util.Arrays.fill(DECODE, (byte) -1);
        for (int i = 0; i < ENCODE.length; i++) {
            DECODE[ENCODE[i]] = (byte) i;
        }
    }

    /** Longest input quoted in full in an error message; longer inputs are cut. */
    private static final int QUOTE_LIMIT = 40;

    private Codec() {
    }

    /** Writes the 16 ASCII characters of (hi, lo) to dst[off..off+15]; no checks. */
    static void encode(long hi, int lo, byte[] dst, int off) {
        long a = hi >>> 4;                        // bits 79..20: characters 0..11
        int b = ((int) hi & 0xF) << 16 | lo;      // bits 19..0: characters 12..15
        dst[off] = ENCODE[(int) (a >>> 55)];
        dst[off + 1] = ENCODE[(int) (a >>> 50) & 31];
        dst[off + 2] = ENCODE[(int) (a >>> 45) & 31];
        dst[off + 3] = ENCODE[(int) (a >>> 40) & 31];
        dst[off + 4] = ENCODE[(int) (a >>> 35) & 31];
        dst[off + 5] = ENCODE[(int) (a >>> 30) & 31];
        dst[off + 6] = ENCODE[(int) (a >>> 25) & 31];
        dst[off + 7] = ENCODE[(int) (a >>> 20) & 31];
        dst[off + 8] = ENCODE[(int) (a >>> 15) & 31];
        dst[off + 9] = ENCODE[(int) (a >>> 10) & 31];
        dst[off + 10] = ENCODE[(int) (a >>> 5) & 31];
        dst[off + 11] = ENCODE[(int) a & 31];
        dst[off + 12] = ENCODE[b >>> 15];
        dst[off + 13] = ENCODE[(b >>> 10) & 31];
        dst[off + 14] = ENCODE[(b >>> 5) & 31];
        dst[off + 15] = ENCODE[b & 31];
    }

    /** Writes the 16 characters of (hi, lo) to dst[off..off+15]; no checks. */
    static void encode(long hi, int lo, char[] dst, int off) {
        long a = hi >>> 4;
        int b = ((int) hi & 0xF) << 16 | lo;
        for (int i = 0; i < 12; i++) {
            dst[off + i] = (char) ENCODE[(int) (a >>> (55 - 5 * i)) & 31];
        }
        for (int i = 0; i < 4; i++) {
            dst[off + 12 + i] = (char) ENCODE[(b >>> (15 - 5 * i)) & 31];
        }
    }

    /**
     * The 5-bit value of the character at index i of text; for a character outside the alphabet,
     * a value with bits above the low five set (negative, or above 0xFF for a masked wide char).
     */
    private static int digit(CharSequence text, int i) {
        char c = text.charAt(i);
        return DECODE[c & 0xFF] | (c & ~0xFF);
    }

    /**
     * Decodes characters 0..11 (bits 79..20) of text, whose length must already be 16.
     * Returns a negative value if any of them is invalid.
     */
    static long decodeHigh60(CharSequence text) {
        long bad = 0;
        long a = 0;
        for (int i = 0; i < 12; i++) {
            int d = digit(text, i);
            bad |= d;
            a = a << 5 | (d & 31);
        }
        return (bad & ~31L) != 0 ? -1 : a;
    }

    /**
     * Decodes characters 12..15 (bits 19..0) of text, whose length must already be 16.
     * Returns a negative value if any of them is invalid.
     */
    static int decodeLow20(CharSequence text) {
        int d12 = digit(text, 12);
        int d13 = digit(text, 13);
        int d14 = digit(text, 14);
        int d15 = digit(text, 15);
        if (((d12 | d13 | d14 | d15) & ~31) != 0) {
            return -1;
        }
        return d12 << 15 | d13 << 10 | d14 << 5 | d15;
    }

    /** Decodes the metabyte from characters 8 and 9, after checking all 16 are valid. */
    static int decodeMeta(CharSequence text) {
        if (!allInAlphabet(text)) {
            throw invalid(text);
        }
        return digit(text, 8) << 3 | digit(text, 9) >>> 2;
    }

    static boolean isValid(CharSequence text) {
        return text != null && text.length() == SnoId.SIZE_CHARS && allInAlphabet(text);
    }

    /** Whether all 16 characters of text, whose length must already be 16, are in the alphabet. */
    private static boolean allInAlphabet(CharSequence text) {
        int bad = 0;
        for (int i = 0; i < SnoId.SIZE_CHARS; i++) {
            bad |= digit(text, i);
        }
        return (bad & ~31) == 0;
    }

    /** The exception for text that failed validation: says why, naming the first bad character. */
    static InvalidSnoIdException invalid(CharSequence text) {
        int length = text.length();
        if (length != SnoId.SIZE_CHARS) {
            return new InvalidSnoIdException("Invalid sno ID: " + quote(text)
                    + " (length " + length + ", expected " + SnoId.SIZE_CHARS + ")");
        }
        for (int i = 0; i < length; i++) {
            if ((digit(text, i) & ~31) != 0) {
                return new InvalidSnoIdException("Invalid sno ID: " + quote(text)
                        + " (character " + quoteChar(text.charAt(i)) + " at index " + i
                        + " is not in the alphabet " + ALPHABET + ")");
            }
        }
        // Not reachable for text that failed decoding; kept so that a wrong call cannot lie.
        return new InvalidSnoIdException("Invalid sno ID: " + quote(text));
    }

    /**
     * Quotes text for a message: in double quotes, with quotes, backslashes, control and
     * non-ASCII characters escaped, and cut after {@value #QUOTE_LIMIT} characters.
     */
    static String quote(CharSequence text) {
        int n = Math.min(text.length(), QUOTE_LIMIT);
        StringBuilder sb = new StringBuilder(n + 8).append('"');
        for (int i = 0; i < n; i++) {
            appendEscaped(sb, text.charAt(i));
        }
        sb.append('"');
        if (text.length() > QUOTE_LIMIT) {
            sb.append("...");
        }
        return sb.toString();
    }

    private static String quoteChar(char c) {
        StringBuilder sb = new StringBuilder(8).append('\'');
        appendEscaped(sb, c);
        return sb.append('\'').toString();
    }

    private static void appendEscaped(StringBuilder sb, char c) {
        if (c == '"' || c == '\\' || c == '\'') {
            sb.append('\\').append(c);
        } else if (c < 0x20 || c > 0x7E) {
            sb.append(String.format("\\u%04X", (int) c));
        } else {
            sb.append(c);
        }
    }

    /** Hex dump of a byte array for messages, cut after 32 bytes. */
    static String hex(byte[] bytes) {
        int n = Math.min(bytes.length, 32);
        StringBuilder sb = new StringBuilder(2 * n + 8).append('[');
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(Character.forDigit((bytes[i] >> 4) & 0xF, 16)).append(Character.forDigit(bytes[i] & 0xF, 16));
        }
        if (bytes.length > n) {
            sb.append(" ...");
        }
        return sb.append(']').toString();
    }
}
