package dev.sno.bench;

import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Ways to build the 16-character String of an ID, measured side by side to choose
 * {@code SnoId.toString()}'s implementation (issue 13). Each option encodes the same two halves
 * with the same table; they differ only in how the String is made. Not part of the default run
 * ({@code benchmarks/run.sh --options} runs it).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ToStringOptionsBenchmark {

    private static final int N = 1024;
    private static final String ALPHABET = "23456789abcdefghijklmnopqrstuvwx";
    private static final byte[] BYTES = ALPHABET.getBytes(StandardCharsets.US_ASCII);
    private static final char[] CHARS = ALPHABET.toCharArray();
    private static final String[] PAIRS = new String[1024];
    private static final VarHandle BE_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    static {
        for (int k = 0; k < 1024; k++) {
            PAIRS[k] = "" + CHARS[k >>> 5] + CHARS[k & 31];
        }
    }

    private final long[] his = new long[N];
    private final int[] los = new int[N];
    private final UUID[] uuids = new UUID[N];
    private final SnoId[] ids = new SnoId[N];
    private int i;

    /** Fills the inputs with distinct IDs. */
    public ToStringOptionsBenchmark() {
        SnoGenerator g = SnoGenerator.builder().partition(5).build();
        for (int k = 0; k < N; k++) {
            ids[k] = g.next(k & 255);
            UUID u = ids[k].toUuid();
            his[k] = u.getMostSignificantBits();
            los[k] = (int) (u.getLeastSignificantBits() >>> 48);
            uuids[k] = UUID.randomUUID();
        }
    }

    private int next() {
        return i++ & (N - 1);
    }

    private static byte[] bytes(long hi, int lo) {
        long a = hi >>> 4;
        int b = ((int) hi & 0xF) << 16 | lo;
        byte[] d = new byte[16];
        d[0] = BYTES[(int) (a >>> 55)];
        d[1] = BYTES[(int) (a >>> 50) & 31];
        d[2] = BYTES[(int) (a >>> 45) & 31];
        d[3] = BYTES[(int) (a >>> 40) & 31];
        d[4] = BYTES[(int) (a >>> 35) & 31];
        d[5] = BYTES[(int) (a >>> 30) & 31];
        d[6] = BYTES[(int) (a >>> 25) & 31];
        d[7] = BYTES[(int) (a >>> 20) & 31];
        d[8] = BYTES[(int) (a >>> 15) & 31];
        d[9] = BYTES[(int) (a >>> 10) & 31];
        d[10] = BYTES[(int) (a >>> 5) & 31];
        d[11] = BYTES[(int) a & 31];
        d[12] = BYTES[b >>> 15];
        d[13] = BYTES[(b >>> 10) & 31];
        d[14] = BYTES[(b >>> 5) & 31];
        d[15] = BYTES[b & 31];
        return d;
    }

    /** The reference: UUID.toString. */
    @Benchmark
    public String uuidToString() {
        return uuids[next()].toString();
    }

    /** What SnoId.toString does now. */
    @Benchmark
    public String snoToString() {
        return ids[next()].toString();
    }

    /** Byte array, then {@code new String(bytes, ISO_8859_1)} (copies the array). */
    @Benchmark
    public String latin1Charset() {
        int k = next();
        return new String(bytes(his[k], los[k]), StandardCharsets.ISO_8859_1);
    }

    /** Byte array, then the deprecated {@code new String(ascii, hibyte, offset, count)}. */
    @Benchmark
    @SuppressWarnings("deprecation")
    public String hibyteConstructor() {
        int k = next();
        return new String(bytes(his[k], los[k]), 0, 0, 16);
    }

    /** Char array, then {@code new String(char[])} (compresses into a new byte array). */
    @Benchmark
    public String charArray() {
        int k = next();
        long hi = his[k];
        int lo = los[k];
        long a = hi >>> 4;
        int b = ((int) hi & 0xF) << 16 | lo;
        char[] d = new char[16];
        for (int j = 0; j < 12; j++) {
            d[j] = CHARS[(int) (a >>> (55 - 5 * j)) & 31];
        }
        for (int j = 0; j < 4; j++) {
            d[12 + j] = CHARS[(b >>> (15 - 5 * j)) & 31];
        }
        return new String(d);
    }

    /** A StringBuilder chain (C2 may fuse it into one allocation: OptimizeStringConcat). */
    @Benchmark
    public String stringBuilder() {
        int k = next();
        long a = his[k] >>> 4;
        int b = ((int) his[k] & 0xF) << 16 | los[k];
        return new StringBuilder(16)
                .append(CHARS[(int) (a >>> 55)])
                .append(CHARS[(int) (a >>> 50) & 31])
                .append(CHARS[(int) (a >>> 45) & 31])
                .append(CHARS[(int) (a >>> 40) & 31])
                .append(CHARS[(int) (a >>> 35) & 31])
                .append(CHARS[(int) (a >>> 30) & 31])
                .append(CHARS[(int) (a >>> 25) & 31])
                .append(CHARS[(int) (a >>> 20) & 31])
                .append(CHARS[(int) (a >>> 15) & 31])
                .append(CHARS[(int) (a >>> 10) & 31])
                .append(CHARS[(int) (a >>> 5) & 31])
                .append(CHARS[(int) a & 31])
                .append(CHARS[b >>> 15])
                .append(CHARS[(b >>> 10) & 31])
                .append(CHARS[(b >>> 5) & 31])
                .append(CHARS[b & 31])
                .toString();
    }

    /** String concatenation of 16 chars (invokedynamic, StringConcatFactory): one array, no copy. */
    @Benchmark
    public String concat16Chars() {
        int k = next();
        long a = his[k] >>> 4;
        int b = ((int) his[k] & 0xF) << 16 | los[k];
        return "" + CHARS[(int) (a >>> 55)]
                + CHARS[(int) (a >>> 50) & 31]
                + CHARS[(int) (a >>> 45) & 31]
                + CHARS[(int) (a >>> 40) & 31]
                + CHARS[(int) (a >>> 35) & 31]
                + CHARS[(int) (a >>> 30) & 31]
                + CHARS[(int) (a >>> 25) & 31]
                + CHARS[(int) (a >>> 20) & 31]
                + CHARS[(int) (a >>> 15) & 31]
                + CHARS[(int) (a >>> 10) & 31]
                + CHARS[(int) (a >>> 5) & 31]
                + CHARS[(int) a & 31]
                + CHARS[b >>> 15]
                + CHARS[(b >>> 10) & 31]
                + CHARS[(b >>> 5) & 31]
                + CHARS[b & 31];
    }

    /**
     * String concatenation of 14 chars and one 2-character String from a table of all 1,024
     * pairs: 15 arguments, under JDK 24+'s limit of 16 for force-inlining the generated concat.
     */
    @Benchmark
    public String concat15Args() {
        int k = next();
        long a = his[k] >>> 4;
        int b = ((int) his[k] & 0xF) << 16 | los[k];
        return "" + CHARS[(int) (a >>> 55)]
                + CHARS[(int) (a >>> 50) & 31]
                + CHARS[(int) (a >>> 45) & 31]
                + CHARS[(int) (a >>> 40) & 31]
                + CHARS[(int) (a >>> 35) & 31]
                + CHARS[(int) (a >>> 30) & 31]
                + CHARS[(int) (a >>> 25) & 31]
                + CHARS[(int) (a >>> 20) & 31]
                + CHARS[(int) (a >>> 15) & 31]
                + CHARS[(int) (a >>> 10) & 31]
                + CHARS[(int) (a >>> 5) & 31]
                + CHARS[(int) a & 31]
                + CHARS[b >>> 15]
                + CHARS[(b >>> 10) & 31]
                + PAIRS[b & 1023];
    }

    /**
     * The 8 characters of 40 bits (first character in bits 39..35) as 8 ASCII bytes in one long,
     * first character in the most significant byte: spread the 5-bit digits into byte lanes
     * (20 + 20, 10 + 10, 5 + 5), then add '2', and 39 more in lanes whose digit is 8 or above
     * (d + 0x78 sets bit 7 exactly then).
     */
    static long ascii8(long v) {
        long x = (v & 0xFFFFF00000L) << 12 | (v & 0xFFFFF);
        x = (x & 0x000FFC00000FFC00L) << 6 | (x & 0x000003FF000003FFL);
        x = (x & 0x03E003E003E003E0L) << 3 | (x & 0x001F001F001F001FL);
        return x + 0x3232323232323232L + ((x + 0x7878787878787878L) >>> 7 & 0x0101010101010101L) * 39;
    }

    /** SWAR into two longs, one byte array, then {@code new String(bytes, ISO_8859_1)} (copies). */
    @Benchmark
    public String swarCopy() {
        int k = next();
        long hi = his[k];
        byte[] d = new byte[16];
        BE_LONG.set(d, 0, ascii8(hi >>> 24));
        BE_LONG.set(d, 8, ascii8((hi & 0xFFFFFF) << 16 | los[k]));
        return new String(d, StandardCharsets.ISO_8859_1);
    }

    /** SWAR into two longs, then string concatenation of the 16 bytes as chars. */
    @Benchmark
    public String swarConcat16() {
        int k = next();
        long hi = his[k];
        long x = ascii8(hi >>> 24);
        long y = ascii8((hi & 0xFFFFFF) << 16 | los[k]);
        return "" + (char) (x >>> 56) + (char) (x >>> 48 & 0xFF) + (char) (x >>> 40 & 0xFF) + (char) (x >>> 32 & 0xFF)
                + (char) (x >>> 24 & 0xFF) + (char) (x >>> 16 & 0xFF) + (char) (x >>> 8 & 0xFF) + (char) (x & 0xFF)
                + (char) (y >>> 56) + (char) (y >>> 48 & 0xFF) + (char) (y >>> 40 & 0xFF) + (char) (y >>> 32 & 0xFF)
                + (char) (y >>> 24 & 0xFF) + (char) (y >>> 16 & 0xFF) + (char) (y >>> 8 & 0xFF) + (char) (y & 0xFF);
    }

    /** SWAR into two longs, then a StringBuilder chain of the 16 bytes as chars. */
    @Benchmark
    public String swarStringBuilder() {
        int k = next();
        long hi = his[k];
        long x = ascii8(hi >>> 24);
        long y = ascii8((hi & 0xFFFFFF) << 16 | los[k]);
        return new StringBuilder(16)
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
}
