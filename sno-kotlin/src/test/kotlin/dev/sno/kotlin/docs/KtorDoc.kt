package dev.sno.kotlin.docs

import dev.sno.Sno
import dev.sno.SnoId
import dev.sno.kotlin.SnoIdSerializer
import dev.sno.kotlin.SnoSerializersModule
import dev.sno.kotlin.ktor.SnoIds
import dev.sno.kotlin.ktor.getSnoIdOrFail
import dev.sno.kotlin.ktor.snoTimeWindow
import io.ktor.http.HttpStatusCode
import io.ktor.resources.Resource
import io.ktor.serialization.kotlinx.json.json
import io.ktor.server.application.Application
import io.ktor.server.application.install
import io.ktor.server.cio.CIO
import io.ktor.server.engine.embeddedServer
import io.ktor.server.plugins.contentnegotiation.ContentNegotiation
import io.ktor.server.request.receive
import io.ktor.server.resources.Resources
import io.ktor.server.resources.get
import io.ktor.server.response.respond
import io.ktor.server.routing.get
import io.ktor.server.routing.post
import io.ktor.server.routing.routing
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.util.concurrent.ConcurrentSkipListMap
import kotlinx.coroutines.runBlocking
import kotlinx.serialization.Contextual
import kotlinx.serialization.Serializable
import kotlinx.serialization.json.Json
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

@Serializable
data class Ticket(@Contextual val id: SnoId, val title: String)

@Serializable
data class NewTicket(val title: String)

@Resource("/tickets/{id}")
class TicketById(@Serializable(with = SnoIdSerializer::class) val id: SnoId)

val tickets = ConcurrentSkipListMap<SnoId, Ticket>()

fun Application.ticketsModule() {
    install(ContentNegotiation) { json(Json { serializersModule = SnoSerializersModule }) }
    install(Resources)
    install(SnoIds)
    routing {
        post("/tickets") {
            val ticket = Ticket(Sno.next(3), call.receive<NewTicket>().title)
            tickets[ticket.id] = ticket
            call.respond(HttpStatusCode.Created, ticket)
        }
        get<TicketById> { byId -> call.respond(tickets[byId.id] ?: return@get call.respond(HttpStatusCode.NotFound)) }
        get("/tickets") {
            val window = call.snoTimeWindow()                              // ?from=...&to=..., ISO-8601
            call.respond(tickets.subMap(window.from, window.to).values.toList())
        }
        get("/by-path/{id}") { call.respond(tickets.getValue(call.parameters.getSnoIdOrFail("id"))) }
    }
}

class KtorDocTest {

    @Test
    fun ticketsOverHttp() {
        val server = embeddedServer(CIO, port = 0, host = "127.0.0.1") { ticketsModule() }.start(wait = false)
        try {
            val port = runBlocking { server.engine.resolvedConnectors().first().port }
            val http = HttpClient.newHttpClient()
            fun send(method: String, path: String, body: String? = null): HttpResponse<String> = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:$port$path"))
                    .method(method, body?.let { HttpRequest.BodyPublishers.ofString(it) } ?: HttpRequest.BodyPublishers.noBody())
                    .header("Content-Type", "application/json").build(),
                HttpResponse.BodyHandlers.ofString())
            val created = send("POST", "/tickets", """{"title":"printer"}""")
            assertEquals(201, created.statusCode())
            val id = Json.parseToJsonElement(created.body()).let { (it as kotlinx.serialization.json.JsonObject)["id"].toString().trim('"') }
            assertEquals(3, SnoId.parse(id).meta())
            assertEquals(created.body(), send("GET", "/tickets/$id").body())
            assertEquals(created.body(), send("GET", "/by-path/$id").body())
            val bad = send("GET", "/tickets/29gfem22232im22z")
            assertEquals(400, bad.statusCode())
            assertEquals("application/problem+json", bad.headers().firstValue("Content-Type").get().substringBefore(';'))
            assertTrue(bad.body().contains("\"parameter\":\"id\""), bad.body())
            val badPath = send("GET", "/by-path/nope")
            assertEquals(400, badPath.statusCode())
            assertTrue(badPath.body().contains("(length 4, expected 16)"), badPath.body())
        } finally {
            server.stop(0, 1_000)
        }
    }
}
