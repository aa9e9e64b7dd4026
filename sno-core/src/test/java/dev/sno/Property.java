package dev.sno;

import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Seeded randomized property checks (no jqwik: see DEVELOPERS.md).
 *
 * <p>Each run draws a base seed, or takes it from {@code -Dsno.seed=N}. Case i runs on its own
 * generator seeded with {@code base + i * GOLDEN}, so case 0 runs on the base seed itself. A
 * failure names the case's seed: rerunning with {@code -Dsno.seed=<that seed>} replays the
 * failing case first. {@code -Dsno.cases=N} overrides the number of cases.
 */
final class Property {

    private static final long GOLDEN = 0x9E37_79B9_7F4A_7C15L;

    private Property() {
    }

    static long baseSeed() {
        Long fixed = Long.getLong("sno.seed");
        return fixed != null ? fixed : System.nanoTime() ^ Thread.currentThread().getId() * GOLDEN;
    }

    static void forAll(String name, int cases, Consumer<SplittableRandom> body) {
        long base = baseSeed();
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
}
