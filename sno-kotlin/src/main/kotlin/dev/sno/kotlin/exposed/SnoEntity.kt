package dev.sno.kotlin.exposed

import dev.sno.SnoId
import org.jetbrains.exposed.v1.core.dao.id.EntityID
import org.jetbrains.exposed.v1.core.dao.id.IdTable
import org.jetbrains.exposed.v1.dao.Entity
import org.jetbrains.exposed.v1.dao.EntityClass

/**
 * An entity identified by a sno ID, the sno counterpart of Exposed's `UUIDEntity`:
 *
 * ```
 * class Order(id: EntityID<SnoId>) : SnoEntity(id) {
 *     companion object : SnoEntityClass<Order>(Orders)
 *     var total by Orders.total
 * }
 * ```
 *
 * @param id the entity's ID
 */
public abstract class SnoEntity(id: EntityID<SnoId>) : Entity<SnoId>(id)

/**
 * The [EntityClass] of [SnoEntity] instances stored in [table], usually a [SnoIdTable]. With a
 * table that generates its IDs, `new { ... }` makes the entity's ID on the client.
 *
 * @param E the entity type
 * @param table the table of the entities
 * @param entityType the entity's class; if null, the class enclosing this (companion) object
 * @param entityCtor makes an entity from its ID; if null, the entity's constructor, found by
 *     reflection
 */
public abstract class SnoEntityClass<out E : SnoEntity>(
    table: IdTable<SnoId>,
    entityType: Class<E>? = null,
    entityCtor: ((EntityID<SnoId>) -> E)? = null,
) : EntityClass<SnoId, E>(table, entityType, entityCtor)
