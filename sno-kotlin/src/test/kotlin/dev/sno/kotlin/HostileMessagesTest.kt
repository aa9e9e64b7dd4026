package dev.sno.kotlin

import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonPrimitive
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test

/**
 * Issue 41: the exception messages sno-kotlin's serializers write quote what they read escaped
 * and bounded, for every hostile value (the core's `InvalidSnoIdException` message, quoted whole
 * by `SnoIdSerializer`, is bounded by the core).
 */
class HostileMessagesTest {

    private val json = Json { serializersModule = SnoSerializersModule }

    private fun quoted(value: String): String = JsonPrimitive(value).toString()

    private fun messages(body: String, read: (String) -> Any?): List<String?> {
        val e = assertThrows(SerializationException::class.java) { read(body) }
        return generateSequence<Throwable>(e) { it.cause }.filter { it.javaClass.name.startsWith("dev.sno") }
            .map { it.message }.toList()
    }

    @Test
    fun everyMessageIsEscapedAndBounded() {
        for (value in Hostile.values) {
            val q = quoted(value)
            val bodies = listOf(
                "{\"id\":$q,\"total\":1}" to { b: String -> json.decodeFromString(Order.serializer(), b) },
                "{\"id\":{\"k\":$q},\"total\":1}" to { b: String -> json.decodeFromString(Order.serializer(), b) },
                "{\"id\":$q,\"name\":\"x\"}" to { b: String -> json.decodeFromString(PartySerializer, b) },
                "{\"id\":[$q],\"name\":\"x\"}" to { b: String -> json.decodeFromString(PartySerializer, b) },
                "{\"name\":$q}" to { b: String -> json.decodeFromString(PartySerializer, b) },
                "[$q]" to { b: String -> json.decodeFromString(PartySerializer, b) },
            )
            for ((body, read) in bodies) {
                for (message in messages(body, read)) {
                    Hostile.assertSafe(message, 400, body.take(80))
                }
            }
        }
    }

    /** Issue 41, finding 12: a 200,062-character element was quoted whole. */
    @Test
    fun aHugeElementIsQuotedBounded() {
        val huge = "{\"name\":\"" + "x".repeat(200_000) + "\"}"
        val e = assertThrows(SnoSubtypeException::class.java) { json.decodeFromString(PartySerializer, huge) }
        assertEquals("A Party needs a sno ID in \"id\" to choose its subtype: {\"name\":\"" + "x".repeat(191) + "...", e.message)
        val bidi = assertThrows(SnoSubtypeException::class.java) {
            json.decodeFromString(PartySerializer, "{\"id\":[\"\u202Eexe\"],\"name\":\"x\"}")
        }
        assertEquals("The \"id\" of a Party must be a sno ID string, not [\"\\u202Eexe\"]", bidi.message)
    }
}
