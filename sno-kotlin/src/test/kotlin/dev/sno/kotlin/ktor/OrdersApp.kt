package dev.sno.kotlin.ktor

import dev.sno.Sno
import dev.sno.SnoId
import dev.sno.kotlin.Party
import dev.sno.kotlin.SnoIdSerializer
import dev.sno.kotlin.SnoSerializersModule
import io.ktor.http.HttpStatusCode
import io.ktor.resources.Resource
import io.ktor.serialization.kotlinx.json.json
import io.ktor.server.application.Application
import io.ktor.server.application.install
import io.ktor.server.plugins.contentnegotiation.ContentNegotiation
import io.ktor.server.plugins.dataconversion.conversionService
import io.ktor.server.request.receive
import io.ktor.server.resources.Resources
import io.ktor.server.resources.get
import io.ktor.server.response.respond
import io.ktor.server.response.respondText
import io.ktor.server.routing.get
import io.ktor.server.routing.post
import io.ktor.server.routing.routing
import io.ktor.server.util.getOrFail
import io.ktor.util.reflect.typeInfo
import java.util.concurrent.ConcurrentSkipListMap
import kotlinx.serialization.Contextual
import kotlinx.serialization.Serializable
import kotlinx.serialization.json.Json

/** What a client sends to create an order; `parent` is an optional sno ID. */
@Serializable
data class NewOrder(val customer: String, @Contextual val parent: SnoId? = null)

/** An order, with the ID the server made. */
@Serializable
data class Order(@Contextual val id: SnoId, val customer: String, @Contextual val parent: SnoId? = null)

/** A typed route with a contextual ID (needs SnoSerializersModule in Resources). */
@Resource("/typed/orders/{id}")
class OrderById(@Contextual val id: SnoId)

/** A typed route with the serializer named, and a query parameter of another type. */
@Resource("/typed/lines/{line}")
class LineById(@Serializable(with = SnoIdSerializer::class) val line: SnoId, val page: Int = 0)

/** The metabyte of orders. */
const val ORDER_META: Int = 7

/**
 * The orders service the tests call over HTTP: create (POST a JSON body), read by ID (path
 * parameter, typed routes), list by time window; and routes that fail in other ways.
 */
fun Application.ordersApp(plugin: Boolean = true) {
    install(ContentNegotiation) { json(Json { serializersModule = SnoSerializersModule }) }
    install(Resources) { serializersModule = SnoSerializersModule }
    if (plugin) {
        install(SnoIds)
    }
    val orders = ConcurrentSkipListMap<SnoId, Order>()
    routing {
        post("/orders") {
            val new = call.receive<NewOrder>()
            val order = Order(Sno.next(ORDER_META), new.customer, new.parent)
            orders[order.id] = order
            call.respond(HttpStatusCode.Created, order)
        }
        get("/orders/{id}") {
            val order = orders[call.parameters.getSnoIdOrFail("id")]
            if (order == null) call.respond(HttpStatusCode.NotFound) else call.respond(order)
        }
        get("/orders") {
            val window = call.snoTimeWindow()
            val after = call.request.queryParameters.getSnoId("after")
            call.respond(orders.values.filter { it.id in window && (after == null || it.id > after) })
        }
        get<OrderById> { byId ->
            val order = orders[byId.id]
            if (order == null) call.respond(HttpStatusCode.NotFound) else call.respond(order)
        }
        get<LineById> { line -> call.respondText("line ${line.line} page ${line.page}") }
        get("/converted/{id}") {
            // DataConversion, which SnoIds installed with the SnoId conversion.
            val id = call.application.conversionService.fromValues(listOf(call.parameters.getOrFail("id")), typeInfo<SnoId>())
            call.respondText("converted $id")
        }
        get("/converted-query") {
            // DataConversion on a query parameter's values, as sent (one or several).
            val ids = call.request.queryParameters.getAll("id").orEmpty()
            call.respondText("converted ${call.application.conversionService.fromValues(ids, typeInfo<SnoId>())}")
        }
        post("/parties") {
            // A SnoMetaSerializer body: the id's metabyte picks the subtype.
            call.respondText("party ${call.receive<Party>().id}")
        }
        get("/ktor-getOrFail/{id}") {
            // Ktor 3.4's own typed accessor: default conversion service only.
            call.respondText("read ${call.parameters.getOrFail<SnoId>("id")}")
        }
        get("/count/{n}") { call.respondText("count ${call.parameters.getOrFail<Int>("n")}") }
        get("/boom") { throw IllegalStateException("boom: not the client's fault") }
        get("/own-parse") { call.respondText(SnoId.parse("stored-bad-value").toString()) }
    }
}
