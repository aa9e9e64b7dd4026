@file:JvmName("SnoRanges")

package dev.sno.kotlin

import dev.sno.InvalidSnoIdException
import dev.sno.SnoId
import dev.sno.SnoIdRange
import java.time.Instant

/*
 * `id in range` needs nothing here: SnoIdRange.contains(SnoId) is an operator to Kotlin already,
 * and SnoId is Comparable, so `a < b` works too.
 */

/**
 * The half-open range of IDs `[this, to)`, the Kotlin spelling of `SnoIdRange(this, to)`:
 * `val page = lastSeen until SnoId.MAX`.
 *
 * @throws IllegalArgumentException if [to] is below this ID
 */
public infix fun SnoId.until(to: SnoId): SnoIdRange = SnoIdRange(this, to)

/**
 * The IDs of a time window written with Kotlin's open-ended range operator,
 * `(from ..< to).toSnoIdRange()`: the same range as [SnoIdRange.timeWindow], which holds the IDs
 * whose time lies in `[from, to)`.
 *
 * @throws InvalidSnoIdException if a time is outside the sno range
 * @throws IllegalArgumentException if the range ends before it starts
 */
public fun OpenEndRange<Instant>.toSnoIdRange(): SnoIdRange = SnoIdRange.timeWindow(start, endExclusive)
