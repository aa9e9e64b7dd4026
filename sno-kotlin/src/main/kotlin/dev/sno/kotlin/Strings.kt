@file:JvmName("SnoStrings")

package dev.sno.kotlin

import dev.sno.InvalidSnoIdException
import dev.sno.SnoId

/**
 * Parses this text as a sno ID in canonical form, as [SnoId.parse] does.
 *
 * @throws InvalidSnoIdException if this is not exactly 16 characters of the sno alphabet; the
 *     message quotes the text and names the first offending character and its index
 */
public fun String.toSnoId(): SnoId = SnoId.parse(this)

/**
 * Parses this text as a sno ID in canonical form, or returns null if it is not one (the
 * counterpart of Kotlin's `toIntOrNull`). No exception is made for invalid text.
 */
public fun String.toSnoIdOrNull(): SnoId? = if (SnoId.isValid(this)) SnoId.parse(this) else null
