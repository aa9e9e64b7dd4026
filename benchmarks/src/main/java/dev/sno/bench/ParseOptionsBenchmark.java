package dev.sno.bench;

import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Ways to decode and fully validate 16 characters, measured side by side to choose
 * {@code SnoId.parse}'s implementation (issue 13). Each returns the two halves packed in a
 * UUID-free way (the SnoId itself) so that allocation matches the real parse. Not part of the
 * default run ({@code benchmarks/run.sh --options} runs it).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ParseOptionsBenchmark {

    private static final int N = 1024;
    private static final byte[] DECODE_256 = new byte[256];
    private static final byte[] DECODE_128 = new byte[128];

    static {
        Arrays.fill(DECODE_256, (byte) -1);
        Arrays.fill(DECODE_128, (byte) -1);
        byte[] alphabet = "23456789abcdefghijklmnopqrstuvwx".getBytes(StandardCharsets.US_ASCII);
        for (int k = 0; k < alphabet.length; k++) {
            DECODE_256[alphabet[k]] = (byte) k;
            DECODE_128[alphabet[k]] = (byte) k;
        }
    }

    private final String[] snoTexts = new String[N];
    private final String[] uuidTexts = new String[N];
    private int i;

    /** Fills the inputs with distinct IDs. */
    public ParseOptionsBenchmark() {
        SnoGenerator g = SnoGenerator.builder().partition(5).build();
        for (int k = 0; k < N; k++) {
            snoTexts[k] = g.next(k & 255).toString();
            uuidTexts[k] = UUID.randomUUID().toString();
        }
    }

    private int next() {
        return i++ & (N - 1);
    }

    /** The reference: UUID.fromString. */
    @Benchmark
    public UUID uuidFromString() {
        return UUID.fromString(uuidTexts[next()]);
    }

    /**
     * SnoId.parse as it is: two halves of 8 characters packed into longs and decoded within the
     * register (no table), in methods small enough to be inlined.
     */
    @Benchmark
    public SnoId snoParse() {
        return SnoId.parse(snoTexts[next()]);
    }

    private static int digit256(CharSequence text, int i) {
        char c = text.charAt(i);
        return DECODE_256[c & 0xFF] | (c & ~0xFF);
    }

    /** The loop decoder of the first release: one serial shift chain, per-character checks. */
    @Benchmark
    public SnoId loop() {
        CharSequence text = snoTexts[next()];
        if (text.length() != 16) {
            throw new IllegalArgumentException();
        }
        long bad = 0;
        long a = 0;
        for (int k = 0; k < 12; k++) {
            int d = digit256(text, k);
            bad |= d;
            a = a << 5 | (d & 31);
        }
        int b = 0;
        for (int k = 12; k < 16; k++) {
            int d = digit256(text, k);
            bad |= d;
            b = b << 5 | (d & 31);
        }
        if ((bad & ~31L) != 0) {
            throw new IllegalArgumentException();
        }
        return SnoId.fromUuid(new UUID(a << 4 | b >>> 16, (long) (b & 0xFFFF) << 48));
    }

    /**
     * All 16 characters read first; one OR of the characters rejects anything above 0x7F (every
     * valid character is ASCII), one OR of the 128-entry table values rejects the rest; the
     * halves are assembled with independent shifts. This was parse until its one method, at 497
     * bytes of bytecode, proved too large for the JIT to inline into callers.
     */
    @Benchmark
    public SnoId unrolled() {
        CharSequence s = snoTexts[next()];
        if (s.length() != 16) {
            throw new IllegalArgumentException();
        }
        int c0 = s.charAt(0), c1 = s.charAt(1), c2 = s.charAt(2), c3 = s.charAt(3);
        int c4 = s.charAt(4), c5 = s.charAt(5), c6 = s.charAt(6), c7 = s.charAt(7);
        int c8 = s.charAt(8), c9 = s.charAt(9), c10 = s.charAt(10), c11 = s.charAt(11);
        int c12 = s.charAt(12), c13 = s.charAt(13), c14 = s.charAt(14), c15 = s.charAt(15);
        if ((c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7 | c8 | c9 | c10 | c11 | c12 | c13 | c14 | c15) > 0x7F) {
            throw new IllegalArgumentException();
        }
        byte[] t = DECODE_128;
        long d0 = t[c0], d1 = t[c1], d2 = t[c2], d3 = t[c3], d4 = t[c4], d5 = t[c5], d6 = t[c6], d7 = t[c7];
        long d8 = t[c8], d9 = t[c9], d10 = t[c10], d11 = t[c11];
        int d12 = t[c12], d13 = t[c13], d14 = t[c14], d15 = t[c15];
        if ((d0 | d1 | d2 | d3 | d4 | d5 | d6 | d7 | d8 | d9 | d10 | d11 | d12 | d13 | d14 | d15) < 0) {
            throw new IllegalArgumentException();
        }
        long a = d0 << 55 | d1 << 50 | d2 << 45 | d3 << 40 | d4 << 35 | d5 << 30
                | d6 << 25 | d7 << 20 | d8 << 15 | d9 << 10 | d10 << 5 | d11;
        int b = d12 << 15 | d13 << 10 | d14 << 5 | d15;
        return SnoId.fromUuid(new UUID(a << 4 | b >>> 16, (long) (b & 0xFFFF) << 48));
    }

    /**
     * As {@link #unrolled}, but the table is indexed with {@code c & 0x7F}: the same index for
     * every character that passed the OR check, and one the compiler can prove in range of the
     * 128-entry table, so the 16 lookups need no bounds checks.
     */
    @Benchmark
    public SnoId unrolledMasked() {
        CharSequence s = snoTexts[next()];
        if (s.length() != 16) {
            throw new IllegalArgumentException();
        }
        int c0 = s.charAt(0), c1 = s.charAt(1), c2 = s.charAt(2), c3 = s.charAt(3);
        int c4 = s.charAt(4), c5 = s.charAt(5), c6 = s.charAt(6), c7 = s.charAt(7);
        int c8 = s.charAt(8), c9 = s.charAt(9), c10 = s.charAt(10), c11 = s.charAt(11);
        int c12 = s.charAt(12), c13 = s.charAt(13), c14 = s.charAt(14), c15 = s.charAt(15);
        if ((c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7 | c8 | c9 | c10 | c11 | c12 | c13 | c14 | c15) > 0x7F) {
            throw new IllegalArgumentException();
        }
        byte[] t = DECODE_128;
        long d0 = t[c0 & 0x7F], d1 = t[c1 & 0x7F], d2 = t[c2 & 0x7F], d3 = t[c3 & 0x7F];
        long d4 = t[c4 & 0x7F], d5 = t[c5 & 0x7F], d6 = t[c6 & 0x7F], d7 = t[c7 & 0x7F];
        long d8 = t[c8 & 0x7F], d9 = t[c9 & 0x7F], d10 = t[c10 & 0x7F], d11 = t[c11 & 0x7F];
        int d12 = t[c12 & 0x7F], d13 = t[c13 & 0x7F], d14 = t[c14 & 0x7F], d15 = t[c15 & 0x7F];
        if ((d0 | d1 | d2 | d3 | d4 | d5 | d6 | d7 | d8 | d9 | d10 | d11 | d12 | d13 | d14 | d15) < 0) {
            throw new IllegalArgumentException();
        }
        long a = d0 << 55 | d1 << 50 | d2 << 45 | d3 << 40 | d4 << 35 | d5 << 30
                | d6 << 25 | d7 << 20 | d8 << 15 | d9 << 10 | d10 << 5 | d11;
        int b = d12 << 15 | d13 << 10 | d14 << 5 | d15;
        return SnoId.fromUuid(new UUID(a << 4 | b >>> 16, (long) (b & 0xFFFF) << 48));
    }
}
