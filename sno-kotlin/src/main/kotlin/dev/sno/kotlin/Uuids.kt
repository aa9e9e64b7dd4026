@file:JvmName("SnoUuids")

package dev.sno.kotlin

import dev.sno.InvalidSnoIdException
import dev.sno.SnoId
import kotlin.uuid.ExperimentalUuidApi
import kotlin.uuid.Uuid

/**
 * The canonical UUID image of this ID as a Kotlin [Uuid]: bytes 0..9 are the ID's bytes, bytes
 * 10..15 are zero; the same image as [SnoId.toUuid], so it sorts by time wherever a UUID sorts
 * by its bytes. Marked [ExperimentalUuidApi] because Kotlin's `Uuid` still is.
 */
@ExperimentalUuidApi
public fun SnoId.toKotlinUuid(): Uuid {
    val image = toUuid()
    return Uuid.fromLongs(image.mostSignificantBits, image.leastSignificantBits)
}

/**
 * Reads a sno ID from its canonical UUID image, as [SnoId.fromUuid] does.
 *
 * @throws InvalidSnoIdException if any of the last six bytes is not zero; the message quotes
 *     the UUID
 */
@ExperimentalUuidApi
public fun Uuid.toSnoId(): SnoId = toLongs { most, least -> SnoId.fromUuid(java.util.UUID(most, least)) }
