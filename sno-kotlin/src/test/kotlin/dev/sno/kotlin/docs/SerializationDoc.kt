package dev.sno.kotlin.docs

import com.example.orders.Order
import dev.sno.Sno
import dev.sno.SnoId
import dev.sno.kotlin.SnoBinarySerializersModule
import dev.sno.kotlin.SnoIdBytesSerializer
import dev.sno.kotlin.SnoMeta
import dev.sno.kotlin.SnoMetaSerializer
import dev.sno.kotlin.SnoSerializersModule
import dev.sno.kotlin.toSnoId
import dev.sno.kotlin.toSnoIdOrNull
import dev.sno.kotlin.toSnoIdRange
import java.time.Duration
import java.time.Instant
import kotlinx.serialization.Contextual
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.Serializable
import kotlinx.serialization.decodeFromByteArray
import kotlinx.serialization.encodeToByteArray
import kotlinx.serialization.json.Json
import kotlinx.serialization.protobuf.ProtoBuf
import kotlinx.serialization.protobuf.ProtoNumber
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

@Serializable
data class Invoice(@Contextual val id: SnoId, val amount: Long)

val json = Json { serializersModule = SnoSerializersModule }

@Serializable
data class Stock(val byWarehouse: Map<@Contextual SnoId, Int>)

@OptIn(ExperimentalSerializationApi::class)
@Serializable
data class Ping(@ProtoNumber(1) @Serializable(with = SnoIdBytesSerializer::class) val id: SnoId)

@Serializable(with = PartySerializer::class)
sealed interface Party {
    val id: SnoId
}

@Serializable @SnoMeta(1)
data class Person(@Contextual override val id: SnoId, val name: String) : Party

@Serializable @SnoMeta(2)
data class Company(@Contextual override val id: SnoId, val vat: String) : Party

object PartySerializer : SnoMetaSerializer<Party>(Party::class, Person.serializer(), Company.serializer())

class SerializationDocTest {

    @Test
    fun idioms() {
        val id = "29gfem22232im222".toSnoId()             // InvalidSnoIdException if it is not one
        val maybe = "not an id".toSnoIdOrNull()            // null
        val now = Instant.now()
        val lastHour = (now.minus(Duration.ofHours(1))..<now).toSnoIdRange()
        val recent = id in lastHour                        // false: SnoIdRange.contains, as an operator
        assertEquals("29gfem22232im222", id.toString())
        assertEquals(null, maybe)
        assertEquals(false, recent)
        assertTrue(SnoId.firstAt(now.minus(Duration.ofMinutes(30))) in lastHour)
    }

    @Test
    fun orders() {
        val order = Order(SnoId.parse("29gfem22232im222"), 1250)
        val text = Json.encodeToString(order)              // {"id":"29gfem22232im222","total":1250}
        assertEquals("{\"id\":\"29gfem22232im222\",\"total\":1250}", text)
        assertEquals(order, Json.decodeFromString<Order>(text))
    }

    @Test
    fun contextual() {
        val invoice = json.decodeFromString<Invoice>("""{"id":"29gfem22232im222","amount":5}""")
        assertEquals(Invoice(SnoId.parse("29gfem22232im222"), 5), invoice)
    }

    @Test
    fun mapKeys() {
        val stock = Stock(mapOf(SnoId.parse("29gfem22232im222") to 3))
        val text = json.encodeToString(stock)                       // {"byWarehouse":{"29gfem22232im222":3}}
        assertEquals("{\"byWarehouse\":{\"29gfem22232im222\":3}}", text)
        assertEquals(stock, json.decodeFromString<Stock>(text))
    }

    @OptIn(ExperimentalSerializationApi::class)
    @Test
    fun binary() {
        val bytes = ProtoBuf.encodeToByteArray(Ping(SnoId.parse("29gfem22232im222")))   // 12 bytes: tag, length, the ID
        assertEquals(12, bytes.size)
        val contextual = ProtoBuf { serializersModule = SnoBinarySerializersModule }
        assertEquals(Invoice(SnoId.ZERO, 1), contextual.decodeFromByteArray<Invoice>(contextual.encodeToByteArray(Invoice(SnoId.ZERO, 1))))
    }

    @Test
    fun parties() {
        val party = json.decodeFromString<Party>("""{"id":"${Sno.next(2)}","vat":"NL123"}""")   // a Company
        assertTrue(party is Company)
    }
}
