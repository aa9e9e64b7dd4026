package dev.sno.kotlin.docs

import dev.sno.SnoId
import dev.sno.SnoIdRange
import dev.sno.kotlin.exposed.SnoEntity
import dev.sno.kotlin.exposed.SnoEntityClass
import dev.sno.kotlin.exposed.SnoIdTable
import dev.sno.kotlin.exposed.generatedSnoId
import dev.sno.kotlin.exposed.snoId
import dev.sno.kotlin.exposed.within
import java.time.Duration
import java.time.Instant
import org.jetbrains.exposed.v1.core.Table
import org.jetbrains.exposed.v1.core.dao.id.EntityID
import org.jetbrains.exposed.v1.jdbc.Database
import org.jetbrains.exposed.v1.jdbc.SchemaUtils
import org.jetbrains.exposed.v1.jdbc.insert
import org.jetbrains.exposed.v1.jdbc.insertAndGetId
import org.jetbrains.exposed.v1.jdbc.selectAll
import org.jetbrains.exposed.v1.jdbc.transactions.transaction
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

object Orders : SnoIdTable("orders", meta = 1) {
    val total = long("total")
}

object Shipments : Table("shipments") {
    val id = snoId("id").generatedSnoId(meta = 2)
    val order = snoId("order_id")
    override val primaryKey = PrimaryKey(id)
}

class Order(id: EntityID<SnoId>) : SnoEntity(id) {
    companion object : SnoEntityClass<Order>(Orders)
    var total by Orders.total
}

fun ordersOfTheLastHour(database: Database): List<SnoId> = transaction(database) {
    SchemaUtils.create(Orders, Shipments)
    val id: SnoId = Orders.insertAndGetId { it[total] = 1250 }.value   // made on insert, metabyte 1
    Shipments.insert { it[order] = id }                                 // its ID too, metabyte 2
    Order.new { total = 990 }                                           // the DAO: an ID made too
    val lastHour = SnoIdRange.timeWindow(Instant.now().minus(Duration.ofHours(1)), Instant.now())
    Orders.selectAll()
        .where { Orders.id within lastHour }
        .orderBy(Orders.id)                                             // sno order: by time
        .map { it[Orders.id].value }
}

class ExposedDocTest {

    private val database = Database.connect("jdbc:h2:mem:sno_docs;DB_CLOSE_DELAY=-1")

    @Test
    fun ordersAndShipments() {
        val lastHour = ordersOfTheLastHour(database)
        assertEquals(2, lastHour.size)
        assertEquals(lastHour.sorted(), lastHour)
        assertEquals(listOf(1, 1), lastHour.map { it.meta() })
        transaction(database) {
            assertEquals(2, Shipments.selectAll().single()[Shipments.id].meta())
            assertEquals(990L, Order.findById(lastHour[1])!!.total)
            SchemaUtils.drop(Orders, Shipments)
        }
    }
}
