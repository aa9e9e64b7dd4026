package dev.sno.kotlin.ktor

import dev.sno.kotlin.Hostile
import java.net.URLEncoder
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance

/**
 * Issue 41: one escaping path. Every hostile value, through every way a sno ID enters a Ktor
 * application (path, query, typed route, conversion service, several values, time window, JSON
 * body, a SnoMetaSerializer body), is answered with a 400 problem whose every member is escaped
 * and bounded: never raw, never at length, never a 500.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostileRequestTest {

    private val server = TestServer("HostileRequestTest") { ordersApp() }

    @AfterAll
    fun stop() = server.close()

    private fun enc(value: String): String = URLEncoder.encode(value, Charsets.UTF_8).replace("+", "%20")

    private fun json(value: String): String = JsonPrimitive(value).toString()

    private val window = "from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z"

    @Test
    fun everyProblemIsEscapedAndBounded() {
        for (value in Hostile.values) {
            // the path is cut short of the server's limit on a request line
            val short = value.take(3000)
            val e = enc(short)
            val answers = mapOf(
                "path" to server.get("/orders/$e"),
                "typed route" to server.get("/typed/orders/$e"),
                "typed route, 2nd" to server.get("/typed/lines/$e?page=1"),
                "conversion" to server.get("/converted/$e"),
                "conversion, several" to server.get("/converted-query?id=$e&id=$e"),
                "query" to server.get("/orders?$window&after=$e"),
                "query, several" to server.get("/orders?$window&after=$e&after=$e"),
                "time window" to server.get("/orders?from=$e&to=2026-02-01T00:00:00Z"),
                "body" to server.post("/orders", """{"customer":"x","parent":${json(value)}}"""),
                "body, not a string" to server.post("/orders", """{"customer":"x","parent":{"k":${json(value)}}}"""),
                "party id" to server.post("/parties", """{"id":${json(value)},"name":"x"}"""),
                "party id, not a string" to server.post("/parties", """{"id":[${json(value)}],"name":"x"}"""),
                "party without id" to server.post("/parties", """{"name":${json(value)}}"""),
            )
            for ((surface, answer) in answers) {
                val what = "$surface, ${json(value.take(60))}"
                assertEquals(400, answer.status, "$what: ${answer.body.take(500)}")
                assertEquals("application/problem+json", answer.contentType, "$what: ${answer.body.take(500)}")
                val problem = answer.json
                for (member in listOf("title", "detail", "parameter")) {
                    Hostile.assertSafe(problem[member]?.jsonPrimitive?.content, 203, "$what: $member")
                }
                val instance = problem.getValue("instance").jsonPrimitive.content
                Hostile.assertSafe(instance, 103, "$what: instance")
            }
        }
    }
}
