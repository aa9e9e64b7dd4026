package com.example

import dev.sno.SnoId
import dev.sno.kotlin.SnoSerializersModule
import dev.sno.kotlin.exposed.SnoIdTable
import dev.sno.kotlin.ktor.SnoIds
import dev.sno.kotlin.ktor.getSnoIdOrFail
import io.ktor.http.HttpStatusCode
import io.ktor.serialization.kotlinx.json.json
import io.ktor.server.application.Application
import io.ktor.server.application.install
import io.ktor.server.cio.CIO
import io.ktor.server.engine.embeddedServer
import io.ktor.server.plugins.contentnegotiation.ContentNegotiation
import io.ktor.server.request.receive
import io.ktor.server.response.respond
import io.ktor.server.routing.get
import io.ktor.server.routing.post
import io.ktor.server.routing.routing
import kotlinx.serialization.Contextual
import kotlinx.serialization.Serializable
import kotlinx.serialization.json.Json
import org.jetbrains.exposed.v1.core.eq
import org.jetbrains.exposed.v1.jdbc.Database
import org.jetbrains.exposed.v1.jdbc.SchemaUtils
import org.jetbrains.exposed.v1.jdbc.insertAndGetId
import org.jetbrains.exposed.v1.jdbc.selectAll
import org.jetbrains.exposed.v1.jdbc.transactions.transaction

/** Key: a sno ID with metabyte 1, made on insert, stored as PostgreSQL's uuid. */
object Tickets : SnoIdTable("tickets", meta = 1) {
    val title = varchar("title", 200)
}

@Serializable
data class NewTicket(val title: String)

@Serializable
data class Ticket(@Contextual val id: SnoId, val title: String)

fun Application.tickets(database: Database) {
    transaction(database) { SchemaUtils.create(Tickets) }
    install(ContentNegotiation) { json(Json { serializersModule = SnoSerializersModule }) }
    install(SnoIds) // a malformed ID: 400, application/problem+json
    routing {
        post("/tickets") {
            val title = call.receive<NewTicket>().title
            val id = transaction(database) { Tickets.insertAndGetId { it[Tickets.title] = title } }.value
            call.respond(HttpStatusCode.Created, Ticket(id, title))
        }
        get("/tickets/{id}") {
            val id = call.parameters.getSnoIdOrFail("id")
            val title = transaction(database) {
                Tickets.selectAll().where { Tickets.id eq id }.singleOrNull()?.get(Tickets.title)
            }
            if (title == null) call.respond(HttpStatusCode.NotFound) else call.respond(Ticket(id, title))
        }
    }
}

fun main() {
    val database = Database.connect(System.getenv("JDBC_URL") ?: "jdbc:postgresql://localhost/tickets")
    embeddedServer(CIO, port = 8080) { tickets(database) }.start(wait = true)
}
