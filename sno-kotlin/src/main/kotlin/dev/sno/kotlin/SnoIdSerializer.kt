package dev.sno.kotlin

import dev.sno.InvalidSnoIdException
import dev.sno.SnoId
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.PrimitiveSerialDescriptor
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.JsonDecoder

/**
 * A sno ID as its 16-character canonical text, for text formats (JSON, properties, Ktor's
 * resources): `"29gfem22232im222"`. The serializer that [SnoSerializersModule] makes contextual.
 *
 * `SnoId` is a Java class, so the serialization plugin cannot find this serializer by itself;
 * a property names it in one of Kotlin's usual ways:
 * ```
 * @file:UseSerializers(SnoIdSerializer::class)              // every SnoId in the file
 * @Serializable data class Order(val id: SnoId, val total: Long)
 *
 * @Serializable data class Order(@Contextual val id: SnoId)  // with SnoSerializersModule
 * ```
 *
 * Reading accepts exactly what [SnoId.parse] accepts; anything else fails with a
 * [SerializationException] whose message quotes the text and names the first offending
 * character (the [InvalidSnoIdException] is its cause). In JSON, a value that is not a string
 * (a number, `null` for a `SnoId` that is not nullable, an object, an array) fails with a
 * [SerializationException] whose message names the JSON path, such as
 * `Invalid sno ID at $.parent: a sno ID is a JSON string of 16 characters (Expected quotation mark '"', but had '5' instead)`.
 */
public object SnoIdSerializer : KSerializer<SnoId> {

    /** A string, named `dev.sno.SnoId`. */
    override val descriptor: SerialDescriptor = PrimitiveSerialDescriptor("dev.sno.SnoId", PrimitiveKind.STRING)

    /** Writes the 16-character canonical text. */
    override fun serialize(encoder: Encoder, value: SnoId) {
        encoder.encodeString(value.toString())
    }

    /**
     * Reads the canonical text.
     *
     * @throws SerializationException if the text is not a sno ID in canonical form
     */
    override fun deserialize(decoder: Decoder): SnoId {
        val text = try {
            decoder.decodeString()
        } catch (e: SerializationException) {
            if (decoder !is JsonDecoder) throw e
            throw SnoIdFormatException.notAString(e)
        }
        try {
            return SnoId.parse(text)
        } catch (e: InvalidSnoIdException) {
            throw SerializationException(e.message, e)
        }
    }
}
