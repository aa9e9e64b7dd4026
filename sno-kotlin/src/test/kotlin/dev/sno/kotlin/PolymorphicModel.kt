package dev.sno.kotlin

import dev.sno.SnoId
import kotlinx.serialization.Contextual
import kotlinx.serialization.Serializable

@Serializable(with = PartySerializer::class)
sealed interface Party {
    val id: SnoId
}

@Serializable
@SnoMeta(1)
data class Person(@Contextual override val id: SnoId, val name: String) : Party

@Serializable
@SnoMeta(2)
data class Company(@Contextual override val id: SnoId, val vat: String) : Party

object PartySerializer : SnoMetaSerializer<Party>(Party::class, Person.serializer(), Company.serializer())

/** A hierarchy whose ID is in another property. */
@Serializable(with = EventSerializer::class)
sealed interface Event

@Serializable
@SnoMeta(7)
data class Shipped(@Contextual val key: SnoId) : Event

object EventSerializer : SnoMetaSerializer<Event>(Event::class, Shipped.serializer(), property = "key")

/** Broken declarations, for the constructor's checks. */
@Serializable
data class Unmarked(@Contextual override val id: SnoId) : Party

@Serializable
@SnoMeta(1)
data class AlsoOne(@Contextual override val id: SnoId) : Party

@Serializable
@SnoMeta(256)
data class TooBig(@Contextual override val id: SnoId) : Party
