package dev.sno.jackson;

import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Seeded randomized checks, as sno-core's {@code Property}: each run draws a base seed or takes
 * it from {@code -Dsno.seed=N}; case i runs on {@code base + i * GOLDEN}; a failure names the
 * case's seed, and {@code -Dsno.cases=N} overrides the number of cases.
 */
public final class Seeded {

    private static final long GOLDEN = 0x9E37_79B9_7F4A_7C15L;

    private Seeded() {
    }

    /**
     * Runs body on each case's random generator.
     *
     * @param name   the property, for the failure message
     * @param cases  the default number of cases
     * @param body   the check
     */
    public static void forAll(String name, int cases, Consumer<SplittableRandom> body) {
        Long fixed = Long.getLong("sno.seed");
        long base = fixed != null ? fixed : System.nanoTime();
        int n = Integer.getInteger("sno.cases", cases);
        for (int i = 0; i < n; i++) {
            long seed = base + i * GOLDEN;
            try {
                body.accept(new SplittableRandom(seed));
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("property '" + name + "' failed at case " + i + " of " + n
                        + " (base seed " + base + "); replay with -Dsno.seed=" + seed + ": " + e, e);
            }
        }
    }

    /**
     * Random bytes, biased towards 0x00, 0xFF and 0x80.
     *
     * @param r       the generator
     * @param length  how many
     * @return the bytes
     */
    public static byte[] bytes(SplittableRandom r, int length) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            int k = r.nextInt(6);
            b[i] = (byte) (k == 0 ? 0 : k == 1 ? 0xFF : k == 2 ? 0x80 : r.nextInt(256));
        }
        return b;
    }
}
