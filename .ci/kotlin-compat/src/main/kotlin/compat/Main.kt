@file:UseSerializers(SnoIdSerializer::class)

package compat

import dev.sno.SnoId
import dev.sno.kotlin.SnoIdSerializer
import dev.sno.kotlin.SnoMeta
import dev.sno.kotlin.SnoMetaSerializer
import dev.sno.kotlin.SnoSubtypeException
import dev.sno.kotlin.toSnoId
import dev.sno.kotlin.toSnoIdOrNull
import dev.sno.kotlin.until
import kotlinx.serialization.SerializationException
import kotlinx.serialization.Serializable
import kotlinx.serialization.UseSerializers
import kotlinx.serialization.json.Json

@Serializable
data class Order(val id: SnoId, val total: Long)

@Serializable(with = PartySerializer::class)
sealed interface Party {
    val id: SnoId
}

@Serializable
@SnoMeta(1)
data class Person(override val id: SnoId, val name: String) : Party

@Serializable
@SnoMeta(2)
data class Company(override val id: SnoId, val vat: String) : Party

object PartySerializer : SnoMetaSerializer<Party>(Party::class, Person.serializer(), Company.serializer())

fun main() {
    check(KotlinVersion.CURRENT.toString() == "2.1.21") { "the standard library at run time is ${KotlinVersion.CURRENT}" }
    val id = "29gfem22232im222".toSnoId()
    check("29gfem22232im22z".toSnoIdOrNull() == null)
    check(id in (id until SnoId.MAX))

    val text = Json.encodeToString(Order.serializer(), Order(id, 1250))
    check(text == """{"id":"29gfem22232im222","total":1250}""") { text }
    check(Json.decodeFromString(Order.serializer(), text) == Order(id, 1250))

    val company = Json.decodeFromString(PartySerializer, """{"id":"${id.withMeta(2)}","vat":"NL1"}""")
    check(company == Company(id.withMeta(2), "NL1")) { company.toString() }
    try {
        Json.decodeFromString(PartySerializer, """{"id":"${id.withMeta(9)}","name":"x"}""")
        error("metabyte 9 was read")
    } catch (e: SnoSubtypeException) {
        check(e.message!!.startsWith("No subtype of Party has metabyte 9")) { e.message!! }
    }
    try {
        Json.decodeFromString(Order.serializer(), """{"id":"nope","total":1}""")
        error("nope was read")
    } catch (e: SerializationException) {
        check(e.message!!.contains("(length 4, expected 16)")) { e.message!! }
    }
    println("sno-kotlin with Kotlin ${KotlinVersion.CURRENT} and kotlinx.serialization 1.8.1: OK")
}
