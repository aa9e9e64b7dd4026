package dev.sno.kotlin.exposed

import dev.sno.InvalidSnoIdException
import dev.sno.SnoId
import dev.sno.SnoIdRange
import java.nio.ByteBuffer
import java.time.Duration
import java.time.Instant
import java.util.HexFormat
import java.util.UUID
import kotlin.random.Random
import org.jetbrains.exposed.v1.core.SortOrder
import org.jetbrains.exposed.v1.core.Table
import org.jetbrains.exposed.v1.core.eq
import org.jetbrains.exposed.v1.jdbc.SchemaUtils
import org.jetbrains.exposed.v1.jdbc.insert
import org.jetbrains.exposed.v1.jdbc.selectAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.EnumSource

/** [snoId], [generatedSnoId] and [within] on H2, PostgreSQL 18, MariaDB 11.4 and MySQL 8.0. */
class SnoIdColumnDbTest {

    class Items(name: String, meta: Int = 0) : Table(name) {
        val id = snoId("id").generatedSnoId(meta)
        val label = varchar("label", 40)
        override val primaryKey: PrimaryKey = PrimaryKey(id)
    }

    @ParameterizedTest
    @EnumSource(TestDb::class)
    fun `creates the column in the type that keeps sno order`(db: TestDb) {
        val items = Items(freshName("ddl"))
        db.tx {
            val ddl = SchemaUtils.createStatements(items)
            println("Exposed DDL on $db: $ddl")
            assertTrue(ddl.single().contains(" ${db.ddlType} "), "$db: $ddl")
            SchemaUtils.create(items)
            val meta = jdbc.metaData
            val table = if (meta.storesUpperCaseIdentifiers()) items.tableName.uppercase() else items.tableName
            val column = if (meta.storesUpperCaseIdentifiers()) "ID" else "id"
            meta.getColumns(null, null, table, column).use { rs ->
                assertTrue(rs.next(), "$db: no column $table.$column")
                assertEquals(db.typeName, rs.getString("TYPE_NAME"), "$db: type of $table.$column")
                if (db.typeSize != null) assertEquals(db.typeSize, rs.getInt("COLUMN_SIZE"))
            }
            SchemaUtils.drop(items)
        }
    }

    @ParameterizedTest
    @EnumSource(TestDb::class)
    fun `generates an ID with the metabyte on insert and reads it back`(db: TestDb) {
        val items = Items(freshName("gen"), meta = 201)
        db.tx {
            SchemaUtils.create(items)
            val first = items.insert { it[label] = "first" }[items.id]
            val second = items.insert { it[label] = "second" }[items.id]
            assertEquals(201, first.meta())
            assertEquals(201, second.meta())
            assertTrue(first < second, "$first then $second")
            commit()
            val read = items.selectAll().where { items.id eq second }.single()
            assertEquals(second, read[items.id])
            assertEquals("second", read[items.label])
            assertEquals(setOf(first, second), items.selectAll().map { it[items.id] }.toSet())
            SchemaUtils.drop(items)
        }
    }

    @ParameterizedTest
    @EnumSource(TestDb::class)
    fun `orders by ID in sno order`(db: TestDb) {
        val items = Items(freshName("ord"))
        val random = Random(20261127)
        val span = Duration.between(SnoId.EPOCH, SnoId.MAX_TIME).toMillis()
        // Times across the whole range (first bytes below and above 0x80), and IDs that differ
        // only in their last bytes (partition and sequence) at one time.
        val ids = (0 until 40).map { i ->
            SnoId.of(SnoId.EPOCH.plusMillis(span / 40 * i + random.nextLong(span / 40)), random.nextBoolean(),
                random.nextInt(256), random.nextInt(65536), random.nextInt(65536))
        } + (0 until 10).map { SnoId.of(Instant.parse("2026-11-27T10:00:00Z"), false, 5, 0x80 * (it % 2), it * 30) }
        // The data set tells sno order from java.util.UUID's signed order.
        assertNotEquals(ids.sorted(), ids.sortedBy { it.toUuid() })
        assertOrderedBySno(db, items, ids, random)
    }

    @ParameterizedTest
    @EnumSource(TestDb::class)
    fun `orders in sno order the IDs a MariaDB UUID column accepts but reorders`(db: TestDb) {
        // SPEC.md 10.4: MariaDB's UUID type accepts these (no partition >= 0x8000 with a sequence
        // in 0x0100..0x80FF) and stores those with partition 0x0100..0x5FFF and sequence >= 0x8000
        // with their groups reversed, so that ORDER BY leaves sno order: this catches a column of
        // that type by the order it returns, not by a refused insert.
        val items = Items(freshName("mdb"))
        val random = Random(11)
        val start = Instant.parse("2026-11-27T09:00:00Z")
        val ids = (0 until 60).map { i ->
            val swapped = i % 2 == 0
            SnoId.of(start.plusMillis(random.nextLong(60_000)), random.nextBoolean(), random.nextInt(256),
                if (swapped) 0x0100 + random.nextInt(0x5F00) else random.nextInt(0x10000),
                if (swapped) 0x8000 + random.nextInt(0x8000) else random.nextInt(0x100))
        }
        assertOrderedBySno(db, items, ids, random)
    }

    private fun assertOrderedBySno(db: TestDb, items: Items, ids: List<SnoId>, random: Random) {
        val sorted = ids.sorted()
        val shuffled = ids.shuffled(random)
        assertNotEquals(sorted, shuffled)
        db.tx {
            SchemaUtils.create(items)
            for ((i, id) in shuffled.withIndex()) items.insert { it[items.id] = id; it[label] = "n$i" }
            commit()
            assertEquals(sorted, items.selectAll().orderBy(items.id).map { it[items.id] })
            assertEquals(sorted.reversed(), items.selectAll().orderBy(items.id, SortOrder.DESC).map { it[items.id] })
            SchemaUtils.drop(items)
        }
    }

    @ParameterizedTest
    @EnumSource(TestDb::class)
    fun `within selects exactly the IDs of a time window`(db: TestDb) {
        val items = Items(freshName("win"))
        val from = Instant.parse("2026-11-27T08:00:00Z")
        val range = SnoIdRange.timeWindow(from, from.plusSeconds(3600))
        val beforeFrom = SnoIdRange(SnoId.ZERO, range.from).last()
        val random = Random(7)
        val inside = (0 until 20).map {
            SnoId.of(from.plusMillis(random.nextLong(3_600_000)), random.nextBoolean(), random.nextInt(256),
                random.nextInt(65536), random.nextInt(65536))
        }
        val outside = listOf(SnoId.ZERO, SnoId.MAX, SnoId.firstAt(from.minusSeconds(1)),
            SnoId.lastAt(from.plusSeconds(3601)), SnoId.firstAt(from.plusSeconds(7200)))
        val ids = (inside + outside + listOf(beforeFrom, range.from, range.last(), range.to)).distinct()
        val expected = ids.filter { range.contains(it) }.toSet()
        assertTrue(range.from in expected && range.last() in expected, "boundaries inside")
        assertTrue(range.to !in expected && beforeFrom !in expected, "boundaries outside")
        db.tx {
            SchemaUtils.create(items)
            for (id in ids.shuffled(random)) items.insert { it[items.id] = id; it[label] = "x" }
            commit()
            val found = items.selectAll().where { items.id within range }.map { it[items.id] }
            assertEquals(expected, found.toSet())
            assertEquals(expected.size, found.size)
            SchemaUtils.drop(items)
        }
    }

    @ParameterizedTest
    @EnumSource(TestDb::class)
    fun `refuses a value that is not a sno ID, naming it`(db: TestDb) {
        val items = Items(freshName("bad"))
        val random = UUID.fromString("3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b")
        db.tx {
            SchemaUtils.create(items)
            commit()
            jdbc.prepareStatement("INSERT INTO ${items.nameInDatabaseCase()} (id, label) VALUES (?, ?)").use {
                if (db.binary) {
                    it.setBytes(1, ByteBuffer.allocate(16).putLong(random.mostSignificantBits)
                        .putLong(random.leastSignificantBits).array())
                } else {
                    it.setObject(1, random)
                }
                it.setString(2, "bad")
                it.executeUpdate()
            }
            commit()
            val row = items.selectAll().single()
            assertEquals("bad", row[items.label])
            val e = assertThrows(InvalidSnoIdException::class.java) { row[items.id] }
            assertTrue(e.message!!.contains(random.toString()), e.message)
            SchemaUtils.drop(items)
        }
    }

    @ParameterizedTest
    @EnumSource(TestDb::class)
    fun `binds the UUID image the database stores`(db: TestDb) {
        val items = Items(freshName("img"))
        val id = SnoId.of(Instant.parse("2026-11-27T12:00:00Z"), true, 9, 0xABCD, 0x1234)
        db.tx {
            SchemaUtils.create(items)
            items.insert { it[items.id] = id; it[label] = "x" }
            commit()
            jdbc.createStatement().use { st ->
                st.executeQuery("SELECT id FROM ${items.nameInDatabaseCase()}").use { rs ->
                    rs.next()
                    if (db.binary) {
                        assertEquals(HexFormat.of().formatHex(id.toBytes()) + "000000000000",
                            HexFormat.of().formatHex(rs.getBytes(1)))
                    } else {
                        assertEquals(id.toUuid(), rs.getObject(1, UUID::class.java))
                    }
                }
            }
            SchemaUtils.drop(items)
        }
    }
}
