package dev.sno.kotlin.ktor

import io.ktor.server.application.Application
import io.ktor.server.cio.CIO
import io.ktor.server.engine.embeddedServer
import java.net.Socket
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

    /**
     * A GET whose request target is sent as these bytes, unchecked (a client that sends a raw
     * DEL or raw UTF-8 in the path, which java.net.http refuses to), over a plain socket.
     */
    fun rawGet(target: ByteArray): Answer {
        Socket("127.0.0.1", port).use { socket ->
            socket.soTimeout = 10_000
            val out = socket.getOutputStream()
            out.write("GET ".toByteArray(Charsets.US_ASCII))
            out.write(target)
            out.write(" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".toByteArray(Charsets.US_ASCII))
            out.flush()
            val response = String(socket.getInputStream().readAllBytes(), Charsets.UTF_8)
            val head = response.substringBefore("\r\n\r\n")
            val status = head.lineSequence().first().split(' ')[1].toInt()
            val type = head.lineSequence().drop(1).firstOrNull { it.startsWith("Content-Type:", ignoreCase = true) }
                ?.substringAfter(':')?.trim()
            val answer = Answer(status, type, response.substringAfter("\r\n\r\n"))
            exchanges.append("> GET ").append(String(target, Charsets.ISO_8859_1)).append(" HTTP/1.1 (raw bytes)\n")
            exchanges.append("< ").append(answer.status).append(" (Content-Type: ").append(answer.contentType).append(")\n")
            exchanges.append("< ").append(answer.body).append("\n\n")
            return answer
        }
    }

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
        // toByteArray, not writeString: a lone surrogate a hostile test sent is written as '?'
        Files.write(file, "## $name\n\n$exchanges".toByteArray(Charsets.UTF_8), StandardOpenOption.CREATE, StandardOpenOption.APPEND)
    }
}
