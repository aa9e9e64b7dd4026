@file:UseSerializers(SnoIdSerializer::class)

package com.example.orders

import dev.sno.SnoId
import dev.sno.kotlin.SnoIdSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.UseSerializers

@Serializable
data class Order(val id: SnoId, val total: Long, val lines: List<SnoId> = emptyList())
