package dev.sno.kotlin.exposed

import dev.sno.SnoGenerator
import dev.sno.SnoId
import org.jetbrains.exposed.v1.core.Column
import org.jetbrains.exposed.v1.core.dao.id.EntityID
import org.jetbrains.exposed.v1.core.dao.id.IdTable

/**
 * A table whose primary key is a sno ID made on the client at insert: the sno counterpart of
 * Exposed's `UUIDTable`, for the DSL and for [SnoEntity]. The key column is of
 * [SnoIdColumnType] (`uuid` on PostgreSQL, `UUID` on H2, `BINARY(16)` on MariaDB and MySQL).
 *
 * ```
 * object Orders : SnoIdTable("orders", meta = 1) {
 *     val total = long("total")
 * }
 * ```
 *
 * @param name the table's name; by default, from the class name without a "Table" suffix
 * @param columnName the key column's name, `id` unless given
 * @param meta the metabyte of the generated IDs, 0..255
 * @param generator the generator of the IDs; the process-wide one (`Sno.next`) if null
 * @throws IllegalArgumentException if [meta] is outside 0..255
 */
public open class SnoIdTable(
    name: String = "",
    columnName: String = "id",
    meta: Int = 0,
    generator: SnoGenerator? = null,
) : IdTable<SnoId>(name) {

    /** The key: a sno ID, generated at insert unless given, wrapped as an [EntityID]. */
    final override val id: Column<EntityID<SnoId>> = snoId(columnName)
        .let { if (generator == null) it.generatedSnoId(meta) else it.generatedSnoId(generator, meta) }
        .entityId()

    /** The primary key: [id]. */
    final override val primaryKey: PrimaryKey = PrimaryKey(id)
}
