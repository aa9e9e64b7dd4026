@file:UseSerializers(SnoIdSerializer::class)

package dev.sno.bench

import dev.sno.SnoId
import dev.sno.kotlin.SnoIdSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.UseSerializers

/**
 * KotlinxJsonBenchmark's object on the kotlinx.serialization side: the same shape as its
 * `JacksonOrder` record (a sno ID and two ordinary fields, in the same order), so that both
 * sides write and read the same JSON text, `{"id":"...","name":"widget","count":42}`. The ID
 * goes through sno-kotlin's [SnoIdSerializer], named for the whole file.
 */
@Serializable
data class KotlinxOrder(val id: SnoId, val name: String, val count: Int)

