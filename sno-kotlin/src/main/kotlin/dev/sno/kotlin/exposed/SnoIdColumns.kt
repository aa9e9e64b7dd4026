@file:JvmName("SnoExposedColumns")

package dev.sno.kotlin.exposed

import dev.sno.Sno
import dev.sno.SnoGenerator
import dev.sno.SnoId
import org.jetbrains.exposed.v1.core.Column
import org.jetbrains.exposed.v1.core.Table

/**
 * Registers a column holding sno IDs, of [SnoIdColumnType]: `uuid` on PostgreSQL, `UUID` on
 * H2, `BINARY(16)` on MariaDB and MySQL (the 16-byte UUID image), so that `ORDER BY` follows
 * sno order.
 *
 * ```
 * object Orders : Table("orders") {
 *     val id = snoId("id").generatedSnoId(meta = 1)
 *     override val primaryKey = PrimaryKey(id)
 * }
 * ```
 *
 * @param name the column's name
 */
public fun Table.snoId(name: String): Column<SnoId> = registerColumn(name, SnoIdColumnType())

/**
 * Makes this column's value on the client when an insert gives none: the next ID of the
 * process-wide generator, `Sno.next(meta)`, asked for at each insert (so a generator installed
 * later with `Sno.install` is used). The column has no database default.
 *
 * @param meta the metabyte of the generated IDs, 0..255
 * @throws IllegalArgumentException if [meta] is outside 0..255
 */
public fun Column<SnoId>.generatedSnoId(meta: Int = 0): Column<SnoId> {
    checkMeta(meta)
    return with(table) { clientDefault { Sno.next(meta) } }
}

/**
 * Makes this column's value on the client when an insert gives none: the next ID of
 * [generator], `generator.next(meta)`. The column has no database default.
 *
 * @param generator the generator of the IDs
 * @param meta the metabyte of the generated IDs, 0..255
 * @throws IllegalArgumentException if [meta] is outside 0..255
 */
public fun Column<SnoId>.generatedSnoId(generator: SnoGenerator, meta: Int = 0): Column<SnoId> {
    checkMeta(meta)
    return with(table) { clientDefault { generator.next(meta) } }
}

internal fun Column<*>.checkMeta(meta: Int) {
    require(meta in 0..255) {
        "Metabyte $meta for the IDs of column ${table.tableName}.$name; a metabyte is 0..255"
    }
}
