package com.example

import dev.sno.SnoId
import dev.sno.testsupport.TestServers
import io.ktor.server.cio.CIO
import io.ktor.server.engine.embeddedServer
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpRequest.BodyPublishers
import java.net.http.HttpResponse
import java.net.http.HttpResponse.BodyHandlers
import java.sql.DriverManager
import kotlinx.coroutines.runBlocking
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.jetbrains.exposed.v1.jdbc.Database
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class AppTest {

    @Test
    fun insertReadBackAndRefuseAMalformedId() {
        // The build's PostgreSQL 18 (your own database's URL in your project), in a schema of our own.
        val url = TestServers.url(TestServers.Server.POSTGRES_18)
        DriverManager.getConnection(url).use { it.createStatement().execute("CREATE SCHEMA IF NOT EXISTS quickstart") }
        val database = Database.connect("$url&currentSchema=quickstart")
        val server = embeddedServer(CIO, port = 0) { tickets(database) }.start()
        try {
            val base = "http://localhost:" + runBlocking { server.engine.resolvedConnectors().first().port }
            val http = HttpClient.newHttpClient()
            fun send(request: HttpRequest.Builder): HttpResponse<String> = http.send(request.build(), BodyHandlers.ofString())

            val created = send(HttpRequest.newBuilder(URI("$base/tickets")).header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString("""{"title":"Printer on fire"}""")))
            assertEquals(201, created.statusCode(), created.body())
            val id = SnoId.parse(Json.parseToJsonElement(created.body()).jsonObject["id"]!!.jsonPrimitive.content)
            assertEquals(1, id.meta())

            val read = send(HttpRequest.newBuilder(URI("$base/tickets/$id")))
            assertEquals(200, read.statusCode())
            assertEquals("""{"id":"$id","title":"Printer on fire"}""", read.body())

            val malformed = send(HttpRequest.newBuilder(URI("$base/tickets/not-a-sno-id")))
            assertEquals(400, malformed.statusCode())
            assertEquals("application/problem+json", malformed.headers().firstValue("Content-Type").get())
            assertEquals("""{"type":"about:blank","title":"Invalid sno ID","status":400,""" +
                """"detail":"Invalid sno ID: \"not-a-sno-id\" (length 12, expected 16)",""" +
                """"instance":"/tickets/not-a-sno-id","parameter":"id"}""", malformed.body())
        } finally {
            server.stop()
        }
    }
}
