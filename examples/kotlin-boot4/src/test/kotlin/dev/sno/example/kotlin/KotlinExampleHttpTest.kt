package dev.sno.example.kotlin

import dev.sno.SnoGenerator
import dev.sno.SnoId
import dev.sno.kotlin.SnoIdSerializer
import java.net.http.HttpResponse
import java.time.Instant
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.http.MediaType
import org.springframework.http.converter.json.KotlinSerializationJsonHttpMessageConverter
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter

/**
 * The application on a real server, driven over real HTTP: kotlinx.serialization bodies with bare
 * `@Contextual` SnoIds, which work only because the starter adds SnoSerializersModule to Boot's
 * Json, and the starter's 400 problems for malformed IDs in a path, a query and a body.
 */
@SpringBootTest(
    webEnvironment = WebEnvironment.RANDOM_PORT,
    properties = [
        // The tests send bad requests on purpose; the resolver's warning for each reads like a failure.
        "logging.level.org.springframework.web.servlet.mvc.support.DefaultHandlerExceptionResolver=error",
    ],
)
class KotlinExampleHttpTest {

    @LocalServerPort
    private var port: Int = 0

    @Autowired
    private lateinit var json: Json

    @Autowired
    private lateinit var ids: SnoGenerator

    @Autowired
    private lateinit var mvc: RequestMappingHandlerAdapter

    private val http: Exchanges by lazy { Exchanges("http://127.0.0.1:$port") }

    private fun assertStatus(expected: Int, response: HttpResponse<String>) =
        assertEquals(expected, response.statusCode()) { "${response.request().uri()} answered ${response.body()}" }

    private fun assertProblem(response: HttpResponse<String>, title: String, vararg quoted: String) {
        assertStatus(400, response)
        assertThat(response.headers().firstValue("Content-Type")).hasValue(MediaType.APPLICATION_PROBLEM_JSON_VALUE)
        assertThat(response.body()).contains("\"status\":400", "\"title\":\"$title\"", *quoted)
    }

    @Test
    @OptIn(ExperimentalSerializationApi::class) // SerializersModule.getContextual
    fun theConverterIsKotlinxsAndItsJsonHasSnosModule() {
        val converter = mvc.messageConverters.first { it.canWrite(Order::class.java, MediaType.APPLICATION_JSON) }
        assertThat(converter).isInstanceOf(KotlinSerializationJsonHttpMessageConverter::class.java)
        assertThat(json.serializersModule.getContextual(SnoId::class)).isSameAs(SnoIdSerializer)
        // The build's second run (without-jackson) has no Jackson at all.
        val jackson = runCatching { Class.forName("tools.jackson.databind.json.JsonMapper") }.isSuccess
        assertEquals(System.getProperty("expect.jackson", "true").toBoolean(), jackson)
    }

    @Test
    fun createReadAndListByTimeWindow() {
        val before = Instant.now()
        val created = http.post("/orders", """{"item":"tea","quantity":2}""")
        assertStatus(201, created)
        // kotlinx's JSON, as it is: the ID as its 16-character text, then the other properties.
        val body = Regex("""\{"id":"([2-9a-x]{16})","item":"tea","quantity":2}""").matchEntire(created.body())
        assertThat(body).describedAs(created.body()).isNotNull()
        val id = SnoId.parse(body!!.groupValues[1])
        assertEquals(ORDER_META, id.meta())
        assertEquals(5, id.partition(), "sno.partition=5")
        assertThat(created.headers().firstValue("Location")).hasValue("/orders/$id")

        val read = http.get("/orders/$id")
        assertStatus(200, read)
        assertEquals(created.body(), read.body())
        assertStatus(404, http.get("/orders/${ids.next(ORDER_META)}"))

        val after = Instant.now().plusSeconds(1)
        val window = http.get("/orders?from=$before&to=$after")
        assertStatus(200, window)
        assertThat(window.body()).startsWith("""{"from":"""").contains(""""orders":[""" + created.body())
        val earlier = http.get("/orders?from=${before.minusSeconds(60)}&to=${before.minusSeconds(30)}")
        assertStatus(200, earlier)
        assertThat(earlier.body()).endsWith(""""orders":[]}""")

        val next = http.post("/orders", """{"item":"cake","quantity":1}""")
        assertStatus(201, next)
        val later = http.get("/orders/after?after=$id")
        assertStatus(200, later)
        assertEquals("[${next.body()}]", later.body())
    }

    @Test
    fun aBodyWithTheClientsIdIsReadByKotlinx() {
        val id = ids.next(ORDER_META)
        val put = http.put("/orders", """{"id":"$id","item":"cup","quantity":1}""")
        assertStatus(200, put)
        assertEquals("""{"id":"$id","item":"cup","quantity":1}""", put.body())
    }

    @Test
    fun aSealedBodyIsReadAsTheSubtypeItsMetabyteNames() {
        val person = ids.next(1)
        val company = ids.next(2)
        val a = http.post("/parties", """{"id":"$person","name":"Ada"}""")
        assertStatus(200, a)
        assertEquals("""{"type":"person","id":"$person","meta":1,"name":"Ada"}""", a.body())
        val b = http.post("/parties", """{"id":"$company","vat":"DE123"}""")
        assertStatus(200, b)
        assertEquals("""{"type":"company","id":"$company","meta":2,"name":"DE123"}""", b.body())
    }

    @Test
    fun malformedIdsInAPathAQueryAndABodyAnswerTheStartersProblem() {
        val path = http.get("/orders/not-a-sno-id")
        assertProblem(path, "Invalid sno ID", "not-a-sno-id", "\"parameter\":\"id\"", "\"instance\":\"/orders/not-a-sno-id\"")

        val query = http.get("/orders/after?after=29gfem22232im22!")
        assertProblem(query, "Invalid sno ID", "29gfem22232im22!", "\"parameter\":\"after\"")

        val body = http.put("/orders", """{"id":"29gfem22232im2","item":"cup","quantity":1}""")
        assertProblem(body, "Invalid sno ID", "29gfem22232im2")

        // not a string: sno-kotlin's SnoIdFormatException, which the starter knows by its class name
        val number = http.put("/orders", """{"id":5,"item":"cup","quantity":1}""")
        assertProblem(number, "Invalid sno ID", "Invalid sno ID at \$.id: a sno ID is a JSON string of 16 characters (")

        val party = http.post("/parties", """{"id":"ZZZZZZZZZZZZZZZZ","name":"Ada"}""")
        assertProblem(party, "Invalid sno ID", "ZZZZZZZZZZZZZZZZ")

        val unknown = ids.next(9)
        val nine = http.post("/parties", """{"id":"$unknown","name":"Ada"}""")
        assertProblem(nine, "Invalid sno ID", "No subtype of Party has metabyte 9 (the id $unknown)")

        val none = http.post("/parties", """{"name":"Ada"}""")
        assertProblem(none, "Invalid sno ID", "A Party needs a sno ID in \\\"id\\\" to choose its subtype")

        val window = http.get("/orders?from=yesterday&to=2026-11-27T00:00:00Z")
        assertProblem(window, "Invalid time window", "yesterday", "\"parameter\":\"from\"")
    }
}
