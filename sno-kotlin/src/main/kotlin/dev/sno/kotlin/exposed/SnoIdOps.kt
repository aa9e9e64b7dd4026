@file:JvmName("SnoExposedOps")

package dev.sno.kotlin.exposed

import dev.sno.SnoId
import dev.sno.SnoIdRange
import org.jetbrains.exposed.v1.core.Column
import org.jetbrains.exposed.v1.core.Op
import org.jetbrains.exposed.v1.core.and
import org.jetbrains.exposed.v1.core.dao.id.EntityID
import org.jetbrains.exposed.v1.core.greaterEq
import org.jetbrains.exposed.v1.core.less

/**
 * The condition `column >= range.from AND column < range.to`: the rows whose ID lies in the
 * half-open [range], in sno order (what `range.contains` accepts). With
 * `SnoIdRange.timeWindow(from, to)` it selects the IDs made in a time window, as a range scan
 * of an index on the column:
 *
 * ```
 * Orders.selectAll().where { Orders.id within SnoIdRange.timeWindow(monday, tuesday) }
 * ```
 *
 * @param range the IDs to select
 */
public infix fun Column<SnoId>.within(range: SnoIdRange): Op<Boolean> =
    (this greaterEq range.from) and (this less range.to)

/**
 * The condition `id >= range.from AND id < range.to` on an entity ID column, such as the `id`
 * of a [SnoIdTable]: the rows whose ID lies in the half-open [range], in sno order.
 *
 * @param range the IDs to select
 */
@JvmName("withinEntityId")
public infix fun Column<EntityID<SnoId>>.within(range: SnoIdRange): Op<Boolean> =
    (this greaterEq range.from) and (this less range.to)

/**
 * The condition `column >= range.from AND column < range.to` on a nullable sno ID column (such
 * as `snoId("parent").nullable()`): the rows whose ID lies in the half-open [range], in sno
 * order; rows whose column is NULL are not selected.
 *
 * @param range the IDs to select
 */
@JvmName("withinNullable")
public infix fun Column<SnoId?>.within(range: SnoIdRange): Op<Boolean> =
    (this greaterEq range.from) and (this less range.to)
