package dev.sno.kotlin.exposed

import dev.sno.SnoGenerator
import dev.sno.SnoId
import dev.sno.SnoIdRange
import java.time.Instant
import org.jetbrains.exposed.v1.core.SortOrder
import org.jetbrains.exposed.v1.core.dao.id.EntityID
import org.jetbrains.exposed.v1.jdbc.SchemaUtils
import org.jetbrains.exposed.v1.jdbc.insertAndGetId
import org.jetbrains.exposed.v1.jdbc.selectAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.EnumSource

/** [SnoIdTable], [SnoEntity] and [SnoEntityClass] on H2, PostgreSQL 18 and MariaDB 11.4. */
class SnoEntityDbTest {

    class Things(name: String) : SnoIdTable(name, meta = 42) {
        val label = varchar("label", 40)
    }

    class Thing(id: EntityID<SnoId>) : SnoEntity(id) {
        var label: String by (id.table as Things).label
    }

    class ThingClass(table: Things) : SnoEntityClass<Thing>(table, Thing::class.java, ::Thing)

    @ParameterizedTest
    @EnumSource(TestDb::class)
    fun `creates, finds and lists entities with generated IDs`(db: TestDb) {
        val things = Things(freshName("dao"))
        val dao = ThingClass(things)
        val made = db.tx {
            println("Exposed DDL of a SnoIdTable on $db: ${SchemaUtils.createStatements(things)}")
            SchemaUtils.create(things)
            val a = dao.new { label = "a" }
            val b = dao.new { label = "b" }
            val c = dao.new { label = "c" }
            listOf(a, b, c).map { it.id.value }
        }
        for (id in made) assertEquals(42, id.meta(), "metabyte of $id")
        assertEquals(made.sorted(), made)
        db.tx {
            val b = dao.findById(made[1])
            assertNotNull(b)
            assertEquals("b", b!!.label)
            assertEquals(made[1], b.id.value)
            assertNull(dao.findById(SnoId.ZERO))
            assertEquals(made, dao.all().orderBy(things.id to SortOrder.ASC).map { it.id.value })
            assertEquals(listOf("a", "b", "c"), dao.all().sortedBy { it.id.value }.map { it.label })
            // within on the EntityID column
            val window = SnoIdRange(made[1], made[2])
            assertEquals(listOf(made[1]), dao.find { things.id within window }.map { it.id.value })
            assertEquals(listOf("b"), things.selectAll().where { things.id within window }.map { it[things.label] })
            SchemaUtils.drop(things)
        }
    }

    @ParameterizedTest
    @EnumSource(TestDb::class)
    fun `orders entity IDs in sno order and takes a generator`(db: TestDb) {
        val name = freshName("gen")
        SnoGenerator.builder().partition(0xFEDC).build().use { generator ->
            val table = object : SnoIdTable(name, meta = 255, generator = generator) {
                val label = varchar("label", 40)
            }
            db.tx {
                SchemaUtils.create(table)
                val first = table.insertAndGetId { it[label] = "first" }.value
                assertEquals(255, first.meta())
                assertEquals(0xFEDC, first.partition())
                // IDs given explicitly, at times before and after, read back in sno order
                val early = SnoId.of(Instant.parse("2020-01-01T00:00:00Z"), false, 1, 0xFFFF, 0xFFFF)
                val late = SnoId.of(Instant.parse("2070-01-01T00:00:00Z"), true, 0, 0, 0)
                table.insertAndGetId { it[id] = late; it[label] = "late" }
                table.insertAndGetId { it[id] = early; it[label] = "early" }
                commit()
                assertEquals(listOf(early, first, late), table.selectAll().orderBy(table.id).map { it[table.id].value })
                assertTrue(table.selectAll().all { it[table.label].isNotEmpty() })
                SchemaUtils.drop(table)
            }
        }
    }
}
