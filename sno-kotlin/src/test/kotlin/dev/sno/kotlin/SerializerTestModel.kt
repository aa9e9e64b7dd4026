@file:UseSerializers(SnoIdSerializer::class)
@file:OptIn(ExperimentalSerializationApi::class)

package dev.sno.kotlin

import dev.sno.SnoId
import kotlinx.serialization.Contextual
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.Serializable
import kotlinx.serialization.UseSerializers
import kotlinx.serialization.cbor.ByteString
import kotlinx.serialization.protobuf.ProtoNumber

/** Text through the file's UseSerializers: no annotation on the property. */
@Serializable
data class Order(val id: SnoId, val total: Long, val parent: SnoId? = null, val lines: List<SnoId> = emptyList())

/** IDs as map keys: JSON object keys, the canonical text. */
@Serializable
data class Counts(val byId: Map<SnoId, Int>)

/** Through the format's SerializersModule. */
@Serializable
data class Tagged(@Contextual val id: SnoId, val tag: String)

/** Binary, named on the property. */
@Serializable
data class Packet(
    @ProtoNumber(1) @Serializable(with = SnoIdBytesSerializer::class) val id: SnoId,
    @ProtoNumber(2) val size: Int,
)

/** Binary, as a CBOR byte string because of the property's annotation. */
@Serializable
data class CborPacket(@ByteString @Serializable(with = SnoIdBytesSerializer::class) val id: SnoId)
