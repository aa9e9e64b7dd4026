package dev.sno.example.kotlin

import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardOpenOption

/**
 * Real HTTP calls to the running application, each written down (request line and body, status,
 * content type and body) in the file the build names (`exchanges.file`), to read what went over
 * the wire.
 */
class Exchanges(private val base: String) {

    private val http: HttpClient = HttpClient.newHttpClient()

    fun get(path: String): HttpResponse<String> = send("GET", path, null)

    fun post(path: String, json: String): HttpResponse<String> = send("POST", path, json)

    fun put(path: String, json: String): HttpResponse<String> = send("PUT", path, json)

    private fun send(method: String, path: String, json: String?): HttpResponse<String> {
        val request = HttpRequest.newBuilder(URI.create(base + path))
        if (json != null) {
            request.header("Content-Type", "application/json")
        }
        request.method(method, json?.let { HttpRequest.BodyPublishers.ofString(it) } ?: HttpRequest.BodyPublishers.noBody())
        val response = http.send(request.build(), HttpResponse.BodyHandlers.ofString())
        record(method, path, json, response)
        return response
    }

    private fun record(method: String, path: String, json: String?, response: HttpResponse<String>) {
        val file = System.getProperty("exchanges.file") ?: return
        val type = response.headers().firstValue("Content-Type").orElse("-")
        val text = buildString {
            append("> ").append(method).append(' ').append(path).append('\n')
            if (json != null) append("> ").append(json).append('\n')
            append("< ").append(response.statusCode()).append(' ').append(type).append('\n')
            append("< ").append(response.body()).append("\n\n")
        }
        Files.writeString(Path.of(file), text, StandardOpenOption.CREATE, StandardOpenOption.APPEND)
    }
}
