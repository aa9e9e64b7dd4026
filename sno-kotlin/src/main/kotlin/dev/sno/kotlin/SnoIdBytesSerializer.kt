package dev.sno.kotlin

import dev.sno.InvalidSnoIdException
import dev.sno.SnoId
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.ByteArraySerializer
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder

/**
 * A sno ID as its 10 bytes, big-endian, for binary formats: the serializer that
 * [SnoBinarySerializersModule] makes contextual.
 *
 * The value is written as a byte array, so each format stores it as it stores a `ByteArray`:
 * - ProtoBuf: a `bytes` field of 10 bytes;
 * - CBOR: a byte string of 10 bytes when the property carries `@ByteString` or the format is
 *   built with `alwaysUseByteString = true`, and otherwise (the format's default for byte
 *   arrays) an array of 10 integers. Reading needs the same setting as writing.
 *
 * Reading anything but exactly 10 bytes fails with a [SerializationException] that names the
 * bytes (in hex) and their number (the [InvalidSnoIdException] is its cause).
 */
public object SnoIdBytesSerializer : KSerializer<SnoId> {

    private val bytes = ByteArraySerializer()

    /** A byte array, named `dev.sno.SnoId.Bytes`. */
    @OptIn(kotlinx.serialization.ExperimentalSerializationApi::class)
    override val descriptor: SerialDescriptor = SerialDescriptor("dev.sno.SnoId.Bytes", bytes.descriptor)

    /** Writes the 10 bytes. */
    override fun serialize(encoder: Encoder, value: SnoId) {
        encoder.encodeSerializableValue(bytes, value.toBytes())
    }

    /**
     * Reads 10 bytes.
     *
     * @throws SerializationException if there are not exactly 10
     */
    override fun deserialize(decoder: Decoder): SnoId {
        val read = decoder.decodeSerializableValue(bytes)
        try {
            return SnoId.fromBytes(read)
        } catch (e: InvalidSnoIdException) {
            throw SerializationException(e.message, e)
        }
    }
}
