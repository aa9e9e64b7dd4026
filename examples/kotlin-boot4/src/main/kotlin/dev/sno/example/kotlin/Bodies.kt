package dev.sno.example.kotlin

import dev.sno.SnoId
import dev.sno.kotlin.SnoMeta
import dev.sno.kotlin.SnoMetaSerializer
import kotlinx.serialization.Contextual
import kotlinx.serialization.Serializable

/*
 * The request and response bodies: @Serializable classes, which Spring's kotlinx.serialization
 * converter reads and writes with Boot's Json. Each SnoId is a bare @Contextual: its serializer
 * comes from SnoSerializersModule, which the starter adds to that Json (nothing here names it).
 */

/** What a client sends to create an order. */
@Serializable
data class NewOrder(val item: String, val quantity: Int)

/** An order, as stored and answered: its ID carries the metabyte [ORDER_META]. */
@Serializable
data class Order(@Contextual val id: SnoId, val item: String, val quantity: Int)

/** The orders of a time window. */
@Serializable
data class OrderPage(@Contextual val from: SnoId, @Contextual val to: SnoId, val orders: List<Order>)

/** The metabyte of order IDs. */
const val ORDER_META: Int = 3

/** A party to an order: which one, a person or a company, is told by the metabyte of its ID. */
@Serializable(with = PartySerializer::class)
sealed interface Party {
    val id: SnoId
}

/** A person: IDs with metabyte 1. */
@Serializable
@SnoMeta(1)
data class Person(@Contextual override val id: SnoId, val name: String) : Party

/** A company: IDs with metabyte 2. */
@Serializable
@SnoMeta(2)
data class Company(@Contextual override val id: SnoId, val vat: String) : Party

/** Reads a [Party] as the subtype its ID's metabyte names; no type discriminator in the JSON. */
object PartySerializer : SnoMetaSerializer<Party>(Party::class, Person.serializer(), Company.serializer())

/** What the server made of a party it was sent. */
@Serializable
data class PartyReceived(val type: String, @Contextual val id: SnoId, val meta: Int, val name: String)
