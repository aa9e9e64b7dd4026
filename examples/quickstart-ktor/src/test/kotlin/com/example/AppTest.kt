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
import java.nio.file.Files
import java.nio.file.Path
import java.sql.DriverManager
import kotlinx.coroutines.runBlocking
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.jetbrains.exposed.v1.jdbc.Database
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * The quickstart as docs/quickstart-ktor.md prints it, on the build's PostgreSQL 18 (test-support's
 * TestServers) in a schema of its own, called over HTTP: a ticket is inserted under a new sno ID,
 * read back, and a malformed ID answers sno-kotlin's 400 problem; the page's "Run it" shows these
 * answers.
 */
class AppTest {

    @Test
    fun insertReadBackAndRefuseAMalformedId() {
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

            // The page's "Run it" shows these answers (its ID in place of this run's).
            val page = Files.readString(Path.of("../../docs/quickstart-ktor.md"))
            val shown = Regex("curl -s localhost:8080/tickets/([2-9a-x]{16})\n").find(page)?.groupValues?.get(1)
            assertTrue(shown != null, "the page reads a ticket back by its ID")
            for (answer in listOf(created.body(), read.body(), malformed.body())) {
                val line = answer.replace(id.toString(), shown!!)
                assertTrue(page.contains("\n" + line + "\n"), "the page shows the service's answer $line")
            }
        } finally {
            server.stop()
        }
    }
}
