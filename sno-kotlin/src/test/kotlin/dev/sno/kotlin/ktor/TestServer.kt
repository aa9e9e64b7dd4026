package dev.sno.kotlin.ktor

import io.ktor.server.application.Application
import io.ktor.server.cio.CIO
import io.ktor.server.engine.embeddedServer
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardOpenOption
import java.time.Duration
import kotlinx.coroutines.runBlocking
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.jsonObject

/** An HTTP answer: status, content type (null if none) and body. */
class Answer(val status: Int, val contentType: String?, val body: String) {
    /** The body as a JSON object. */
    val json: JsonObject get() = Json.parseToJsonElement(body).jsonObject
}

/**
 * A real CIO server on a free port of 127.0.0.1, running [module], and a real HTTP client. Each
 * exchange is kept, and written to target/ktor-http-exchanges.txt on [close] (for the report).
 */
class TestServer(private val name: String, module: Application.() -> Unit) : AutoCloseable {

    private val server = embeddedServer(CIO, port = 0, host = "127.0.0.1", module = module).start(wait = false)
    private val port: Int = runBlocking { server.engine.resolvedConnectors().first().port }
    private val client: HttpClient = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
    private val exchanges = StringBuilder()

    fun get(path: String): Answer = send("GET", path, null)

    fun post(path: String, json: String): Answer = send("POST", path, json)

    private fun send(method: String, path: String, json: String?): Answer {
        val request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:$port$path"))
            .timeout(Duration.ofSeconds(10))
            .method(method, json?.let { HttpRequest.BodyPublishers.ofString(it) } ?: HttpRequest.BodyPublishers.noBody())
            .apply { if (json != null) header("Content-Type", "application/json") }
            .build()
        val response = client.send(request, HttpResponse.BodyHandlers.ofString())
        val answer = Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(null), response.body())
        exchanges.append("> ").append(method).append(' ').append(path).append(" HTTP/1.1\n")
        if (json != null) exchanges.append("> Content-Type: application/json\n> ").append(json).append('\n')
        exchanges.append("< ").append(answer.status).append(" (Content-Type: ").append(answer.contentType).append(")\n")
        exchanges.append("< ").append(answer.body).append("\n\n")
        return answer
    }

    override fun close() {
        server.stop(0, 2_000)
        val file = Path.of("target", "ktor-http-exchanges.txt")
        Files.createDirectories(file.parent)
        Files.writeString(file, "## $name\n\n$exchanges", StandardOpenOption.CREATE, StandardOpenOption.APPEND)
    }
}
