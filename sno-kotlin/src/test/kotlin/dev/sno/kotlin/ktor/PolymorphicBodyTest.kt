package dev.sno.kotlin.ktor

import dev.sno.SnoId
import dev.sno.kotlin.Company
import dev.sno.kotlin.Party
import dev.sno.kotlin.Person
import dev.sno.kotlin.SnoSerializersModule
import io.ktor.serialization.kotlinx.json.json
import io.ktor.server.application.install
import io.ktor.server.plugins.contentnegotiation.ContentNegotiation
import io.ktor.server.request.receive
import io.ktor.server.response.respondText
import io.ktor.server.routing.post
import io.ktor.server.routing.routing
import java.time.Instant
import kotlinx.serialization.json.Json
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance

/**
 * A body of a SnoMetaSerializer hierarchy through Ktor's content negotiation: the metabyte picks
 * the subtype; an id that picks none, none at all, or a malformed one is the plugin's problem
 * (SnoSubtypeException), with no parameter, as for any other body.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PolymorphicBodyTest {

    private val server = TestServer("PolymorphicBodyTest") {
        install(ContentNegotiation) { json(Json { serializersModule = SnoSerializersModule }) }
        install(SnoIds)
        routing {
            post("/parties") {
                when (val party = call.receive<Party>()) {
                    is Person -> call.respondText("person ${party.name}")
                    is Company -> call.respondText("company ${party.vat}")
                    else -> call.respondText("other")
                }
            }
        }
    }

    @AfterAll
    fun stop() = server.close()

    private fun id(meta: Int): SnoId = SnoId.of(Instant.parse("2026-11-27T12:00:00Z"), false, meta, 1, 2)

    @Test
    fun theMetabytePicksTheSubtype() {
        assertEquals("person Ada", server.post("/parties", """{"id":"${id(1)}","name":"Ada"}""").body)
        assertEquals("company NL1", server.post("/parties", """{"id":"${id(2)}","vat":"NL1"}""").body)
    }

    @Test
    fun anIdThatPicksNoSubtypeOrNoIdIsTheProblem() {
        val unknown = server.post("/parties", """{"id":"${id(9)}","name":"x"}""")
        assertEquals(400, unknown.status, unknown.body)
        assertEquals("application/problem+json", unknown.contentType)
        assertTrue(unknown.body.contains("No subtype of Party has metabyte 9 (the id ${id(9)}); subtypes: " +
            "dev.sno.kotlin.Person=1, dev.sno.kotlin.Company=2"), unknown.body)
        assertTrue(!unknown.body.contains("\"parameter\""), unknown.body)
        val missing = server.post("/parties", """{"name":"x"}""")
        assertEquals(400, missing.status, missing.body)
        assertEquals("application/problem+json", missing.contentType)
        assertTrue(missing.body.contains("A Party needs a sno ID in \\\"id\\\" to choose its subtype"), missing.body)
    }

    @Test
    fun aMalformedIdIsTheProblem() {
        val answer = server.post("/parties", """{"id":"nope","name":"x"}""")
        assertEquals(400, answer.status, answer.body)
        assertEquals("application/problem+json", answer.contentType)
        assertTrue(answer.body.contains("Invalid sno ID: \\\"nope\\\" (length 4, expected 16)"), answer.body)
    }
}
