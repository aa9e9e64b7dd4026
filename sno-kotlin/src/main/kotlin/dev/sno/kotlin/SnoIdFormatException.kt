package dev.sno.kotlin

import dev.sno.config.SafeText
import kotlinx.serialization.SerializationException

/**
 * A JSON value where a sno ID belongs that is not a string at all: kotlinx's own failure (the
 * cause) said why and where. Its own type lets the Ktor plugin answer it as the client's mistake;
 * internal, since a `SerializationException` is what callers catch.
 */
internal class SnoIdFormatException private constructor(message: String, cause: Throwable) :
    SerializationException(message, cause) {

    internal companion object {

        private val prefix = Regex("""^Unexpected JSON token at offset \d+: """)
        private val path = Regex(""" at path: (\$.*)$""")

        /**
         * The failure of reading a string where a sno ID belongs, from kotlinx's: its first line
         * gives the reason and the JSON path (`... at path: $.parent`), which the message keeps,
         * escaped and bounded.
         */
        fun notAString(kotlinx: SerializationException): SnoIdFormatException {
            val line = kotlinx.message.orEmpty().lineSequence().first().replace(prefix, "")
            val at = path.find(line)
            val reason = if (at == null) line else line.substring(0, at.range.first)
            val where = if (at == null) "" else " at " + SafeText.of(at.groupValues[1])
            return SnoIdFormatException(
                "Invalid sno ID$where: a sno ID is a JSON string of 16 characters (${SafeText.of(reason)})", kotlinx)
        }
    }
}
