package dev.sno.kotlin

import dev.sno.InvalidSnoIdException
import dev.sno.SnoId
import java.util.HexFormat
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.SerializationException
import kotlinx.serialization.cbor.Cbor
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.protobuf.ProtoBuf
import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

@OptIn(ExperimentalSerializationApi::class)
class SerializersTest {

    private val json = Json { serializersModule = SnoSerializersModule }
    private val hex = HexFormat.of()

    @Test
    fun everyIdRoundTripsThroughJsonAsItsText() = Seeded.forAll("JSON round trip", 2_000) { r ->
        val order = Order(Seeded.id(r), r.nextLong(), if (r.nextBoolean()) Seeded.id(r) else null,
            List(r.nextInt(4)) { Seeded.id(r) })
        val text = json.encodeToString(Order.serializer(), order)
        assertTrue(text.startsWith("{\"id\":\"${order.id}\","), text)
        assertEquals(order, json.decodeFromString(Order.serializer(), text))

        val tagged = Tagged(Seeded.id(r), "t")
        val taggedText = json.encodeToString(Tagged.serializer(), tagged)
        assertEquals("{\"id\":\"${tagged.id}\",\"tag\":\"t\"}", taggedText)
        assertEquals(tagged, json.decodeFromString(Tagged.serializer(), taggedText))
    }

    @Test
    fun malformedTextFailsWithSerializationExceptionNamingIt() = Seeded.forAll("JSON refusal", 2_000) { r ->
        val bad = Seeded.notAnId(r)
        val body = "{\"id\":${JsonPrimitive(bad)},\"total\":1}"
        val e = assertThrows(SerializationException::class.java) { json.decodeFromString(Order.serializer(), body) }
        val core = assertInstanceOf(InvalidSnoIdException::class.java, rootCause(e))
        assertEquals(assertThrows(InvalidSnoIdException::class.java) { SnoId.parse(bad) }.message, core.message)
        assertTrue(e.message!!.contains(core.message!!), e.message)
    }

    @Test
    fun idsAreJsonObjectKeys() = Seeded.forAll("map keys", 500) { r ->
        val counts = Counts((0 until r.nextInt(4)).associate { Seeded.id(r) to it })
        val text = json.encodeToString(Counts.serializer(), counts)
        assertEquals(counts.byId.entries.joinToString(",", "{\"byId\":{", "}}") { "\"${it.key}\":${it.value}" }, text)
        assertEquals(counts, json.decodeFromString(Counts.serializer(), text))
    }

    @Test
    fun contextualNeedsTheModule() {
        val e = assertThrows(SerializationException::class.java) {
            Json.encodeToString(Tagged.serializer(), Tagged(SnoId.ZERO, "t"))
        }
        assertTrue(e.message!!.contains("SnoId"), e.message)
    }

    @Test
    fun protoBufWritesTheTenBytesAsABytesField() = Seeded.forAll("ProtoBuf round trip", 2_000) { r ->
        val packet = Packet(Seeded.id(r), r.nextInt(1, 100))
        val bytes = ProtoBuf.encodeToByteArray(Packet.serializer(), packet)
        // field 1, wire type 2 (length-delimited), length 10, the ID's bytes; then field 2 varint
        assertEquals("0a0a" + hex.formatHex(packet.id.toBytes()) + "10" + "%02x".format(packet.size), hex.formatHex(bytes))
        assertEquals(packet, ProtoBuf.decodeFromByteArray(Packet.serializer(), bytes))
        val contextual = ProtoBuf { serializersModule = SnoBinarySerializersModule }
        assertEquals(hex.formatHex(bytes), hex.formatHex(contextual.encodeToByteArray(Packet.serializer(), packet)))
    }

    @Test
    fun cborWritesAByteStringWithByteStringOrAlwaysUseByteString() = Seeded.forAll("CBOR round trip", 2_000) { r ->
        val id = Seeded.id(r)
        val annotated = Cbor.encodeToByteArray(CborPacket.serializer(), CborPacket(id))
        // map (indefinite length, kotlinx's default), text(2) "id", bytes(10), the ID's bytes, break
        assertEquals("bf" + "626964" + "4a" + hex.formatHex(id.toBytes()) + "ff", hex.formatHex(annotated))
        assertEquals(CborPacket(id), Cbor.decodeFromByteArray(CborPacket.serializer(), annotated))

        val always = Cbor { alwaysUseByteString = true }
        val top = always.encodeToByteArray(SnoIdBytesSerializer, id)
        assertEquals("4a" + hex.formatHex(id.toBytes()), hex.formatHex(top))
        assertEquals(id, always.decodeFromByteArray(SnoIdBytesSerializer, top))

        val arrays = Cbor.encodeToByteArray(SnoIdBytesSerializer, id)
        assertEquals(0x9f, arrays[0].toInt() and 0xFF, "an array (indefinite length) of integers without the setting")
        assertEquals(id, Cbor.decodeFromByteArray(SnoIdBytesSerializer, arrays))
    }

    @Test
    fun otherThanTenBytesFailsNamingThem() = Seeded.forAll("binary refusal", 1_000) { r ->
        val length = r.nextInt(0, 20).let { if (it == 10) 11 else it }
        val bytes = Seeded.bytes(r, length)
        val always = Cbor { alwaysUseByteString = true }
        val encoded = always.encodeToByteArray(kotlinx.serialization.builtins.ByteArraySerializer(), bytes)
        val e = assertThrows(SerializationException::class.java) { always.decodeFromByteArray(SnoIdBytesSerializer, encoded) }
        assertInstanceOf(InvalidSnoIdException::class.java, e.cause)
        assertTrue(e.message!!.contains("length $length, expected 10"), e.message)
        val listed = bytes.joinToString(" ", "[", "]") { "%02x".format(it) }
        assertTrue(e.message!!.contains(listed), e.message)
    }

    @Test
    fun binaryModuleMakesContextualIdsBytes() {
        val id = SnoId.parse("29gfem22232im222")
        val cbor = Cbor { serializersModule = SnoBinarySerializersModule; alwaysUseByteString = true }
        val bytes = cbor.encodeToByteArray(Tagged.serializer(), Tagged(id, "x"))
        assertTrue(hex.formatHex(bytes).contains("4a" + hex.formatHex(id.toBytes())), hex.formatHex(bytes))
        assertEquals(Tagged(id, "x"), cbor.decodeFromByteArray(Tagged.serializer(), bytes))
        assertArrayEquals(id.toBytes(), SnoId.parse(id.toString()).toBytes())
    }

    private fun rootCause(e: Throwable): Throwable = generateSequence(e) { it.cause }.last()
}
