@file:JvmName("SnoSerializersModules")

package dev.sno.kotlin

import dev.sno.SnoId
import kotlinx.serialization.modules.SerializersModule

/**
 * `@Contextual` sno IDs as text ([SnoIdSerializer]), for JSON and other text formats:
 * `Json { serializersModule = SnoSerializersModule }`, or `+` it to a module of one's own.
 * The Spring Boot starter adds it to the `Json` of Spring's kotlinx.serialization converter; the
 * Ktor plugin's docs show how to add it to content negotiation.
 */
public val SnoSerializersModule: SerializersModule = SerializersModule {
    contextual(SnoId::class, SnoIdSerializer)
}

/**
 * `@Contextual` sno IDs as 10 bytes ([SnoIdBytesSerializer]), for binary formats:
 * `ProtoBuf { serializersModule = SnoBinarySerializersModule }`, or CBOR.
 */
public val SnoBinarySerializersModule: SerializersModule = SerializersModule {
    contextual(SnoId::class, SnoIdBytesSerializer)
}
