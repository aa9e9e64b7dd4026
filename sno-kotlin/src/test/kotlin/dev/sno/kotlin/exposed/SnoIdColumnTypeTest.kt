package dev.sno.kotlin.exposed

import dev.sno.InvalidSnoIdException
import dev.sno.SnoGenerator
import dev.sno.SnoId
import java.nio.ByteBuffer
import java.time.Instant
import java.util.UUID
import org.jetbrains.exposed.v1.core.Table
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** What [SnoIdColumnType] reads, and the checks made when a table is defined. */
class SnoIdColumnTypeTest {

    private val type = SnoIdColumnType()
    private val id = SnoId.of(Instant.parse("2026-11-27T12:00:00Z"), true, 200, 0xBEEF, 0x0102)
    private val image: ByteArray = id.toBytes().copyOf(16)

    @Test
    fun `reads each form a driver gives`() {
        assertEquals(id, type.valueFromDB(id.toUuid()))
        assertEquals(id, type.valueFromDB(image))
        assertEquals(id, type.valueFromDB(ByteBuffer.wrap(image)))
        assertEquals(id, type.valueFromDB(id.toUuid().toString()))
        assertEquals(id, type.valueFromDB(id.toUuid().toString().uppercase()))
        assertEquals(id, type.valueFromDB(id.toString()))
        assertEquals(id, type.valueFromDB(id))
    }

    @Test
    fun `refuses a UUID that is not a sno image, naming it`() {
        val uuid = UUID.fromString("3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b")
        for (value in listOf<Any>(uuid, uuid.toString(), ByteBuffer.allocate(16)
            .putLong(uuid.mostSignificantBits).putLong(uuid.leastSignificantBits).array())) {
            val e = assertThrows(InvalidSnoIdException::class.java) { type.valueFromDB(value) }
            assertTrue(e.message!!.contains(uuid.toString()), e.message)
        }
    }

    @Test
    fun `refuses bytes of another length, naming them and their number`() {
        val e = assertThrows(IllegalArgumentException::class.java) { type.valueFromDB(id.toBytes()) }
        assertTrue(e.message!!.contains(java.util.HexFormat.of().formatHex(id.toBytes())), e.message)
        assertTrue(e.message!!.contains("length 10"), e.message)
        val e17 = assertThrows(IllegalArgumentException::class.java) { type.valueFromDB(ByteArray(17)) }
        assertTrue(e17.message!!.contains("length 17"), e17.message)
        // a stored value of any length: its message shows at most 32 of its bytes
        val long = assertThrows(IllegalArgumentException::class.java) { type.valueFromDB(ByteArray(100_000)) }
        assertTrue(long.message!!.contains("00".repeat(32) + "... (length 100000"), long.message)
        assertTrue(long.message!!.length < 200, "${long.message!!.length} characters")
    }

    @Test
    fun `refuses text and types that are not sno IDs, naming them`() {
        val e = assertThrows(InvalidSnoIdException::class.java) { type.valueFromDB("not-an-id") }
        assertTrue(e.message!!.contains("not-an-id"), e.message)
        val n = assertThrows(IllegalArgumentException::class.java) { type.valueFromDB(12345L) }
        assertTrue(n.message!!.contains("12345") && n.message!!.contains("kotlin.Long"), n.message)
    }

    @Test
    fun `checks the metabyte when the table is defined`() {
        for (meta in listOf(-1, 256)) {
            val e = assertThrows(IllegalArgumentException::class.java) {
                object : Table("meta_check") { val id = snoId("id").generatedSnoId(meta) }
            }
            assertEquals("Metabyte $meta for the IDs of column meta_check.id; a metabyte is 0..255", e.message)
            val t = assertThrows(IllegalArgumentException::class.java) { SnoIdTable("meta_table", meta = meta) }
            assertEquals("Metabyte $meta for the IDs of column meta_table.id; a metabyte is 0..255", t.message)
            SnoGenerator.builder().build().use { generator ->
                assertThrows(IllegalArgumentException::class.java) {
                    object : Table("meta_gen") { val id = snoId("id").generatedSnoId(generator, meta) }
                }
            }
        }
        val table = object : Table("meta_ok") { val id = snoId("id").generatedSnoId(255) }
        assertEquals(255, table.id.defaultValueFun!!().meta())
    }
}
