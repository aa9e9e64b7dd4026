package dev.sno.kotlin.exposed

import dev.sno.InvalidSnoIdException
import dev.sno.SnoId
import java.nio.ByteBuffer
import java.util.HexFormat
import java.util.UUID
import org.jetbrains.exposed.v1.core.ColumnType
import org.jetbrains.exposed.v1.core.vendors.DatabaseDialect
import org.jetbrains.exposed.v1.core.vendors.H2Dialect
import org.jetbrains.exposed.v1.core.vendors.OracleDialect
import org.jetbrains.exposed.v1.core.vendors.PostgreSQLDialect
import org.jetbrains.exposed.v1.core.vendors.SQLServerDialect
import org.jetbrains.exposed.v1.core.vendors.currentDialect

/**
 * The Exposed column type of a sno ID, stored as its canonical 16-byte UUID image (the ID's 10
 * bytes, then six zero bytes), in a type whose order is the order of the bytes, so that
 * `ORDER BY` and range conditions follow sno order. [snoId] registers a column of this type.
 *
 * The SQL type, and the value bound, by dialect:
 *
 * | dialect | SQL type | value bound |
 * |---|---|---|
 * | PostgreSQL (both drivers) | `uuid` | `java.util.UUID` |
 * | H2 (every compatibility mode) | `UUID` | `java.util.UUID` |
 * | MariaDB, MySQL | `BINARY(16)` | the 16 bytes |
 * | Oracle | `RAW(16)` | the 16 bytes |
 * | SQL Server | `BINARY(16)` | the 16 bytes |
 * | any other (SQLite, ...) | `BINARY(16)` | the 16 bytes |
 *
 * This is the choice of Exposed's own `UUIDColumnType` except in two places, both for order:
 * MariaDB gets `BINARY(16)` whatever Exposed's default becomes, because MariaDB's own `UUID`
 * type does not sort sno images in sno order (and refuses some of them); SQL Server gets
 * `BINARY(16)`, not `uniqueidentifier`, which compares bytes 10..15 first. PostgreSQL's `uuid`
 * and H2's `UUID` compare unsigned bytes, and `BINARY`/`RAW` compare bytes, so each keeps sno
 * order. Only H2, PostgreSQL 18 and MariaDB 11.4 are tested.
 *
 * Reading accepts what the drivers give: a `java.util.UUID`, a `ByteArray` or `ByteBuffer` of
 * 16 bytes, or text (a UUID's 36 characters, or a sno ID's canonical 16). A value that is not
 * the image of a sno ID fails: an [InvalidSnoIdException] naming the UUID or the text, or an
 * [IllegalArgumentException] naming the bytes (in hex) and their number when there are not 16.
 */
public class SnoIdColumnType : ColumnType<SnoId>() {

    /** `uuid`, `UUID`, `RAW(16)` or `BINARY(16)`, by the dialect of the current transaction. */
    override fun sqlType(): String = when (currentDialect) {
        is H2Dialect -> "UUID"
        is PostgreSQLDialect -> "uuid"
        is OracleDialect -> "RAW(16)"
        else -> "BINARY(16)"
    }

    /**
     * Reads an ID from its UUID image as the driver gives it.
     *
     * @throws InvalidSnoIdException if the UUID or text is not the image of a sno ID
     * @throws IllegalArgumentException if there are not exactly 16 bytes, or the value has a type
     *     no driver gives for this column
     */
    override fun valueFromDB(value: Any): SnoId = when (value) {
        is SnoId -> value
        is UUID -> SnoId.fromUuid(value)
        is ByteArray -> fromImage(value)
        is ByteBuffer -> fromImage(ByteArray(value.remaining()).also { value.duplicate().get(it) })
        is String -> fromText(value)
        else -> throw IllegalArgumentException(
            "Not a sno ID: $value (a ${value::class.qualifiedName}; expected a UUID, 16 bytes or text)")
    }

    /** The UUID image: a `java.util.UUID` for PostgreSQL and H2, its 16 bytes elsewhere. */
    override fun notNullValueToDB(value: SnoId): Any =
        if (usesUuid(currentDialect)) value.toUuid() else image(value)

    /**
     * The ID as an SQL literal of the column's type: `'<uuid>'` for PostgreSQL and H2,
     * `HEXTORAW('<hex>')` for Oracle, `0x<hex>` for SQL Server and `X'<hex>'` elsewhere.
     */
    override fun nonNullValueToString(value: SnoId): String {
        val dialect = currentDialect
        if (usesUuid(dialect)) return "'${value.toUuid()}'"
        val hex = HexFormat.of().formatHex(image(value))
        return when (dialect) {
            is OracleDialect -> "HEXTORAW('$hex')"
            is SQLServerDialect -> "0x$hex"
            else -> "X'$hex'"
        }
    }

    private fun usesUuid(dialect: DatabaseDialect): Boolean = dialect is H2Dialect || dialect is PostgreSQLDialect

    private fun image(id: SnoId): ByteArray = id.toUuidBytes()

    private fun fromImage(bytes: ByteArray): SnoId {
        require(bytes.size == IMAGE_BYTES) {
            // a stored value can be any length: at most 32 of its bytes are shown
            val shown = HexFormat.of().formatHex(bytes, 0, minOf(bytes.size, 32)) + if (bytes.size > 32) "..." else ""
            "Invalid sno ID bytes: $shown (length ${bytes.size}, " +
                "expected the $IMAGE_BYTES bytes of a sno ID's UUID image)"
        }
        return SnoId.fromUuidBytes(bytes)
    }

    private fun fromText(text: String): SnoId = when {
        UUID_TEXT.matches(text) -> SnoId.fromUuid(UUID.fromString(text))
        else -> SnoId.parse(text)
    }

    private companion object {
        const val IMAGE_BYTES = 16
        val UUID_TEXT = Regex("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
    }
}
