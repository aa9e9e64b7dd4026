package dev.sno;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/*
 * The canonical text codec: 80 bits, big-endian, 5 bits a character, alphabet
 * "23456789abcdefghijklmnopqrstuvwx" (two contiguous ASCII runs, '2'..'9' and 'a'..'x').
 *
 * Encoding splits the 80 bits into two halves of 40 bits, 8 characters each, and turns each half
 * into 8 ASCII bytes inside one long (SIMD within a register): the 5-bit digits are spread into
 * byte lanes in three steps (20 + 20, 10 + 10, 5 + 5 bits), then every lane gets '2' added, and
 * 39 more ('a' - '2' - 8) where its digit is 8 or above; a digit d is 8 or above exactly when
 * d + 0x78 sets the lane's top bit, and no lane carries into the next. See the bit table in
 * SPEC.md.
 *
 * toString() appends the 16 bytes as chars to a StringBuilder sized 16: C2 compiles such an
 * append chain into one allocation of the String's Latin-1 array, filled in place (its string
 * concatenation optimization), so the String is the only allocation, with no second copy.
 * Measured against the alternatives on JDK 17 and 25 (ToStringOptionsBenchmark): a byte array
 * passed to new String(bytes, ISO_8859_1) or to the deprecated String(byte[], hibyte, ...)
 * copies it (88 B/op); invokedynamic string concatenation of 16 chars allocates 56 B/op too and
 * is as fast on JDK 17, but from JDK 24 on its generated code is force-inlined only below 16
 * arguments, and at 16 it took several times as long.
 *
 * Decoding is the same in reverse: each half's 8 characters go into one long as ASCII bytes (one
 * OR over them first rejects anything at or above 0x80, which no character of the alphabet is),
 * all 8 lanes are range-checked and turned into digits at once, and the digits are folded back
 * into 40 bits. No table and no branch per character; each step is a small method the JIT
 * inlines (one method decoding all 16 characters was too large to be inlined into its callers).
 * Only when decoding fails does the slow path look for the first offending character to build
 * the message.
 */
final class Codec {

    static final String ALPHABET = "23456789abcdefghijklmnopqrstuvwx";

    private static final VarHandle BIG_ENDIAN_LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    /** Longest input quoted in full in an error message; longer inputs are cut. */
    private static final int QUOTE_LIMIT = 40;

    private Codec() {
    }

    /**
     * The 8 characters of 40 bits (first character in bits 39..35) as 8 ASCII bytes, the first
     * character in the most significant byte.
     */
    static long ascii8(long bits40) {
        long x = (bits40 & 0xFF_FFF0_0000L) << 12 | (bits40 & 0xF_FFFFL);
        x = (x & 0x000F_FC00_000F_FC00L) << 6 | (x & 0x0000_03FF_0000_03FFL);
        x = (x & 0x03E0_03E0_03E0_03E0L) << 3 | (x & 0x001F_001F_001F_001FL);
        return x + 0x3232_3232_3232_3232L + ((x + 0x7878_7878_7878_7878L) >>> 7 & 0x0101_0101_0101_0101L) * 39;
    }

    /** Characters 0..7 (bits 79..40) of (hi, lo) as ASCII bytes. */
    private static long first8(long hi) {
        return ascii8(hi >>> 24);
    }

    /** Characters 8..15 (bits 39..0) of (hi, lo) as ASCII bytes. */
    private static long last8(long hi, int lo) {
        return ascii8((hi & 0xFF_FFFFL) << 16 | lo);
    }

    /** Writes the 16 ASCII characters of (hi, lo) to dst[off..off+15]; checks only the bounds. */
    static void encode(long hi, int lo, byte[] dst, int off) {
        BIG_ENDIAN_LONGS.set(dst, off, first8(hi));
        BIG_ENDIAN_LONGS.set(dst, off + 8, last8(hi, lo));
    }

    /** Writes the 16 characters of (hi, lo) to dst[off..off+15]; no checks. */
    static void encode(long hi, int lo, char[] dst, int off) {
        long x = first8(hi);
        long y = last8(hi, lo);
        for (int i = 0; i < 8; i++) {
            dst[off + i] = (char) (x >>> 56 - 8 * i & 0xFF);
            dst[off + 8 + i] = (char) (y >>> 56 - 8 * i & 0xFF);
        }
    }

    /** The canonical text of (hi, lo): a String whose Latin-1 array is the only other allocation. */
    static String toString(long hi, int lo) {
        long x = first8(hi);
        long y = last8(hi, lo);
        return new StringBuilder(SnoId.SIZE_CHARS)
                .append((char) (x >>> 56)).append((char) (x >>> 48 & 0xFF))
                .append((char) (x >>> 40 & 0xFF)).append((char) (x >>> 32 & 0xFF))
                .append((char) (x >>> 24 & 0xFF)).append((char) (x >>> 16 & 0xFF))
                .append((char) (x >>> 8 & 0xFF)).append((char) (x & 0xFF))
                .append((char) (y >>> 56)).append((char) (y >>> 48 & 0xFF))
                .append((char) (y >>> 40 & 0xFF)).append((char) (y >>> 32 & 0xFF))
                .append((char) (y >>> 24 & 0xFF)).append((char) (y >>> 16 & 0xFF))
                .append((char) (y >>> 8 & 0xFF)).append((char) (y & 0xFF))
                .toString();
    }

    /**
     * The digit of the character at index i of text: 0..31, or -1 for a character outside the
     * alphabet. Only for error messages; decoding does not look characters up.
     */
    private static int digit(CharSequence text, int i) {
        return ALPHABET.indexOf(text.charAt(i));
    }

    /**
     * Decodes text, whose length must already be 16.
     *
     * @return the ID, or null if a character is not in the alphabet
     */
    static SnoId decode(CharSequence text) {
        long high = bits40(packAscii(text, 0));
        long low = bits40(packAscii(text, 8));
        if ((high | low) < 0) {
            return null;
        }
        return SnoId.ofBits(high << 24 | low >>> 16, (int) low & 0xFFFF);
    }

    /**
     * Characters off..off+7 of text as 8 ASCII bytes, the first in the most significant byte;
     * 0 (no valid lane) if one of them is not ASCII, so that no lane reaches 0x80.
     */
    private static long packAscii(CharSequence text, int off) {
        long c0 = text.charAt(off), c1 = text.charAt(off + 1), c2 = text.charAt(off + 2);
        long c3 = text.charAt(off + 3), c4 = text.charAt(off + 4), c5 = text.charAt(off + 5);
        long c6 = text.charAt(off + 6), c7 = text.charAt(off + 7);
        if ((c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7) >= 0x80) {
            return 0;
        }
        return c0 << 56 | c1 << 48 | c2 << 40 | c3 << 32 | c4 << 24 | c5 << 16 | c6 << 8 | c7;
    }

    /**
     * The 40 bits of 8 ASCII bytes (the inverse of {@link #ascii8(long)}), or -1 if a byte is
     * not in the alphabet. Each lane is below 0x80, so adding 0x80 - k to it sets its top bit
     * exactly when it is k or above, and never carries into the next lane; all 8 lanes are
     * checked against '2'..'9' and 'a'..'x' at once, turned into digits, then folded 5 + 5,
     * 10 + 10 and 20 + 20 bits. Only for words from {@link #packAscii}: a lane at or above 0x80
     * would carry into its neighbour.
     */
    private static long bits40(long ascii) {
        long atLeast2 = ascii + 0x4E4E_4E4E_4E4E_4E4EL;
        long above9 = ascii + 0x4646_4646_4646_4646L;
        long atLeastA = ascii + 0x1F1F_1F1F_1F1F_1F1FL;
        long aboveX = ascii + 0x0707_0707_0707_0707L;
        if (((atLeast2 & ~above9 | atLeastA & ~aboveX) & 0x8080_8080_8080_8080L) != 0x8080_8080_8080_8080L) {
            return -1;
        }
        long d = ascii - 0x3232_3232_3232_3232L - (atLeastA >>> 7 & 0x0101_0101_0101_0101L) * 39;
        d = (d & 0x1F00_1F00_1F00_1F00L) >>> 3 | d & 0x001F_001F_001F_001FL;
        d = (d & 0x03FF_0000_03FF_0000L) >>> 6 | d & 0x0000_03FF_0000_03FFL;
        return (d & 0x000F_FFFF_0000_0000L) >>> 12 | d & 0xF_FFFFL;
    }

    /** Decodes the metabyte from characters 8 and 9, after checking all 16 are valid. */
    static int decodeMeta(CharSequence text) {
        long high = bits40(packAscii(text, 0));
        long low = bits40(packAscii(text, 8));
        if ((high | low) < 0) {
            throw invalid(text);
        }
        return (int) (low >>> 32);
    }

    static boolean isValid(CharSequence text) {
        return text != null && text.length() == SnoId.SIZE_CHARS
                && (bits40(packAscii(text, 0)) | bits40(packAscii(text, 8))) >= 0;
    }

    /** The exception for text that failed validation: says why, naming the first bad character. */
    static InvalidSnoIdException invalid(CharSequence text) {
        int length = text.length();
        if (length != SnoId.SIZE_CHARS) {
            return new InvalidSnoIdException("Invalid sno ID: " + quote(text)
                    + " (length " + length + ", expected " + SnoId.SIZE_CHARS + ")");
        }
        for (int i = 0; i < length; i++) {
            if (digit(text, i) < 0) {
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
