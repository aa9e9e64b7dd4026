package dev.sno.kotlin

import org.junit.jupiter.api.Assertions.assertTrue

/** Text a client, a store or an operator may send to forge logs or hide what a message says. */
internal object Hostile {

    /** Escape sequences, forged lines, DEL, C1, bidi overrides and isolates, marks, lone surrogates, length. */
    val values: List<String> = listOf(
        "\u001b[2J\u001b[31mHACKED\u0007",
        "ok\r\n2026-11-28 INFO forged line",
        "del\u007fete",
        "\u009b31mcsi",
        "\u202Egpj.exe",
        "\u2066isolate\u2069\u2067\u2068",
        "\u200Emark\u200F\u061C\u202A\u202B\u202C\u202D",
        "lone\uD800high\uDC00low",
        "tag\uDB40\uDC41",
        "\u001b".repeat(40) + "x".repeat(100_000),
    )

    /**
     * Asserts that [text] holds no control, formatting, separator, private-use or unassigned
     * code point and no lone surrogate, and is at most [limit] characters long.
     */
    fun assertSafe(text: String?, limit: Int, what: String) {
        if (text == null) return
        assertTrue(text.length <= limit, "$what: ${text.length} characters: ${text.take(300)}")
        var i = 0
        while (i < text.length) {
            val cp = text.codePointAt(i)
            val type = Character.getType(cp)
            assertTrue(type != Character.CONTROL.toInt() && type != Character.FORMAT.toInt()
                && type != Character.LINE_SEPARATOR.toInt() && type != Character.PARAGRAPH_SEPARATOR.toInt()
                && type != Character.SURROGATE.toInt() && type != Character.PRIVATE_USE.toInt()
                && type != Character.UNASSIGNED.toInt(),
                "$what: U+${Integer.toHexString(cp)} at $i in ${text.take(300)}")
            i += Character.charCount(cp)
        }
    }
}
