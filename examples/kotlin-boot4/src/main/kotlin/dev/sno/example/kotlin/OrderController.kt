package dev.sno.example.kotlin

import dev.sno.SnoGenerator
import dev.sno.SnoId
import dev.sno.SnoIdRange
import java.net.URI
import java.util.concurrent.ConcurrentSkipListMap
import org.springframework.http.ResponseEntity
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.PutMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController

/**
 * Orders in memory, by ID (IDs sort by time, so a time window is a sub-map): the ID made by the
 * starter's generator bean, a SnoId path variable, a time window bound by the starter, and
 * kotlinx.serialization bodies.
 */
@RestController
@RequestMapping("/orders")
class OrderController(private val ids: SnoGenerator) {

    private val orders = ConcurrentSkipListMap<SnoId, Order>()

    /** Creates an order with a new ID of metabyte [ORDER_META]. */
    @PostMapping
    fun create(@RequestBody order: NewOrder): ResponseEntity<Order> {
        val created = Order(ids.next(ORDER_META), order.item, order.quantity)
        orders[created.id] = created
        return ResponseEntity.created(URI.create("/orders/${created.id}")).body(created)
    }

    /** Stores an order under the ID the client gives (a body with a SnoId read by kotlinx). */
    @PutMapping
    fun put(@RequestBody order: Order): Order {
        orders[order.id] = order
        return order
    }

    /** One order, by a SnoId path variable. */
    @GetMapping("/{id}")
    fun get(@PathVariable id: SnoId): ResponseEntity<Order> = ResponseEntity.ofNullable(orders[id])

    /** The orders after the one given (keyset paging), by a SnoId request parameter: ?after=... */
    @GetMapping("/after")
    fun after(@RequestParam after: SnoId): List<Order> = orders.tailMap(after, false).values.toList()

    /** The orders created in `[from, to)`: ?from=...&to=... (ISO-8601 instants), bound by the starter. */
    @GetMapping
    fun window(window: SnoIdRange): OrderPage =
        OrderPage(window.from, window.to, if (window.isEmpty) emptyList() else orders.subMap(window.from, window.to).values.toList())
}
