package dev.sno.kotlin

import dev.sno.SnoId
import java.util.SplittableRandom

/**
 * Seeded randomized checks, as sno-core's `Property` and sno-jackson's `Seeded`: each run draws a
 * base seed or takes it from `-Dsno.seed=N`; case i runs on `base + i * GOLDEN`; a failure names
 * the case's seed, and `-Dsno.cases=N` overrides the number of cases.
 */
internal object Seeded {

    private const val GOLDEN = -0x61c8864680b583ebL

    fun forAll(name: String, cases: Int, body: (SplittableRandom) -> Unit) {
        val base = java.lang.Long.getLong("sno.seed") ?: System.nanoTime()
        val n = Integer.getInteger("sno.cases", cases)
        for (i in 0 until n) {
            val seed = base + i * GOLDEN
            try {
                body(SplittableRandom(seed))
            } catch (e: Throwable) {
                if (e !is AssertionError && e !is RuntimeException) throw e
                throw AssertionError(
                    "property '$name' failed at case $i of $n (base seed $base); replay with -Dsno.seed=$seed: $e", e)
            }
        }
    }

    /** Random bytes, biased towards 0x00, 0xFF and 0x80. */
    fun bytes(r: SplittableRandom, length: Int): ByteArray = ByteArray(length) {
        when (r.nextInt(6)) {
            0 -> 0
            1 -> 0xFF.toByte()
            2 -> 0x80.toByte()
            else -> r.nextInt(256).toByte()
        }
    }

    /** A random ID over the whole 80-bit space, edges favoured. */
    fun id(r: SplittableRandom): SnoId = SnoId.fromBytes(bytes(r, SnoId.SIZE_BYTES))

    private const val ALPHABET = "23456789abcdefghijklmnopqrstuvwx"

    /**
     * Text that is not a sno ID: a wrong length, or 16 characters with at least one outside the
     * alphabet (upper case, 0, 1, y, z, a space, a non-ASCII letter), at a random place.
     */
    fun notAnId(r: SplittableRandom): String {
        if (r.nextInt(4) == 0) {
            val length = r.nextInt(33).let { if (it == 16) 15 else it }
            return String(CharArray(length) { ALPHABET[r.nextInt(ALPHABET.length)] })
        }
        val chars = CharArray(16) { ALPHABET[r.nextInt(ALPHABET.length)] }
        val bad = "01yzAXQ _-é\u0000"
        chars[r.nextInt(16)] = bad[r.nextInt(bad.length)]
        return String(chars)
    }
}
