package dev.sno.kotlin.exposed

import dev.sno.SnoId
import dev.sno.SnoIdRange
import java.time.Instant
import org.jetbrains.exposed.v1.core.Table
import org.jetbrains.exposed.v1.core.eq
import org.jetbrains.exposed.v1.core.isNull
import org.jetbrains.exposed.v1.jdbc.SchemaUtils
import org.jetbrains.exposed.v1.jdbc.insert
import org.jetbrains.exposed.v1.jdbc.selectAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.EnumSource

/** A nullable sno ID column (a reference that may be absent) on H2, PostgreSQL 18 and MariaDB 11.4. */
class NullableSnoIdDbTest {

    class Lines(name: String) : Table(name) {
        val id = snoId("id").generatedSnoId(5)
        val parent = snoId("parent").nullable()
        override val primaryKey: PrimaryKey = PrimaryKey(id)
    }

    @ParameterizedTest
    @EnumSource(TestDb::class)
    fun `stores and reads null and IDs, and finds the nulls`(db: TestDb) {
        val lines = Lines(freshName("null"))
        val parent = SnoId.of(Instant.parse("2030-01-01T00:00:00Z"), true, 9, 0xABCD, 7)
        db.tx {
            SchemaUtils.create(lines)
            lines.insert { it[lines.parent] = null }
            lines.insert { it[lines.parent] = parent }
            val read = lines.selectAll().orderBy(lines.id).map { it[lines.parent] }
            assertEquals(listOf(null, parent), read)
            assertEquals(1, lines.selectAll().where { lines.parent.isNull() }.count())
            assertEquals(listOf(parent), lines.selectAll().where { lines.parent eq parent }.map { it[lines.parent] })
            SchemaUtils.drop(lines)
        }
    }

    /** Issue 41, finding 17: `within` on a nullable column did not compile ("None of the following candidates is applicable"). */
    @ParameterizedTest
    @EnumSource(TestDb::class)
    fun `within selects the IDs of a time window from a nullable column, never a null`(db: TestDb) {
        val lines = Lines(freshName("nwin"))
        val at = { day: Int, n: Int -> SnoId.of(Instant.parse("2030-01-0${day}T00:00:00Z"), false, 9, 1, n) }
        val before = at(1, 1)
        val inside = listOf(at(2, 1), at(2, 2), at(3, 1))
        val after = at(4, 1)
        val window = SnoIdRange.timeWindow(Instant.parse("2030-01-02T00:00:00Z"), Instant.parse("2030-01-04T00:00:00Z"))
        db.tx {
            SchemaUtils.create(lines)
            for (parent in listOf(null, before) + inside + listOf(after, null)) {
                lines.insert { it[lines.parent] = parent }
            }
            val found = lines.selectAll().where { lines.parent within window }.map { it[lines.parent] }
            assertEquals(inside, found.sortedBy { it })
            SchemaUtils.drop(lines)
        }
    }
}
