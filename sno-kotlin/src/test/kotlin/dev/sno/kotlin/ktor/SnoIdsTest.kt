package dev.sno.kotlin.ktor

import dev.sno.SnoId
import java.time.Instant
import java.time.temporal.ChronoUnit
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.int
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance

/**
 * The SnoIds plugin in a real CIO server, over real HTTP: the orders service of [ordersApp].
 * `-Dsno.ktor.withoutPlugin=true` runs the same tests without `install(SnoIds)`: every test of
 * the plugin's behaviour then fails (the check that they test it).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SnoIdsTest {

    private val server = TestServer("SnoIdsTest") { ordersApp(plugin = System.getProperty("sno.ktor.withoutPlugin") == null) }

    @AfterAll
    fun stop() = server.close()

    private fun create(customer: String): JsonObject {
        val answer = server.post("/orders", """{"customer":"$customer"}""")
        assertEquals(201, answer.status, answer.body)
        return answer.json
    }

    private fun JsonObject.text(name: String): String = getValue(name).jsonPrimitive.content

    /** 400, application/problem+json, the Spring starter's fields, the value quoted, the parameter named. */
    private fun assertProblem(answer: Answer, value: String, parameter: String?, title: String = "Invalid sno ID") {
        assertEquals(400, answer.status, answer.body)
        assertEquals("application/problem+json", answer.contentType, answer.body)
        val problem = answer.json
        assertEquals("about:blank", problem.text("type"))
        assertEquals(title, problem.text("title"))
        assertEquals(400, problem.getValue("status").jsonPrimitive.int)
        assertTrue(problem.text("detail").contains("\"$value\""), problem.text("detail"))
        assertEquals(parameter, problem["parameter"]?.jsonPrimitive?.content, answer.body)
    }

    @Test
    fun createsAnOrderWithAServerMadeId() {
        val order = create("ada")
        val id = SnoId.parse(order.text("id"))
        assertEquals(ORDER_META, id.meta())
        assertEquals("ada", order.text("customer"))
    }

    @Test
    fun readsAnOrderByPathParameter() {
        val order = create("bob")
        val answer = server.get("/orders/${order.text("id")}")
        assertEquals(200, answer.status, answer.body)
        assertEquals(order, answer.json)
    }

    @Test
    fun readsAnOrderByTypedRoute() {
        val order = create("cy")
        val answer = server.get("/typed/orders/${order.text("id")}")
        assertEquals(200, answer.status, answer.body)
        assertEquals(order, answer.json)
        val line = server.get("/typed/lines/${order.text("id")}?page=2")
        assertEquals("line ${order.text("id")} page 2", line.body)
    }

    @Test
    fun createsWithAParentIdInTheBody() {
        val parent = create("dee").text("id")
        val child = server.post("/orders", """{"customer":"eve","parent":"$parent"}""")
        assertEquals(201, child.status, child.body)
        assertEquals(parent, child.json.text("parent"))
    }

    @Test
    fun listsOrdersByTimeWindow() {
        val from = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(1)
        val first = create("fay").text("id")
        val second = create("gus").text("id")
        val to = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.SECONDS)
        val listed = server.get("/orders?from=$from&to=$to").json()
        assertTrue(listed.containsAll(listOf(first, second)), listed.toString())
        assertEquals(listOf(second), server.get("/orders?from=$from&to=$to&after=$first").json().filter { it == second || it == first })
        assertEquals(emptyList<String>(), server.get("/orders?from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z").json())
    }

    private fun Answer.json(): List<String> {
        assertEquals(200, status, body)
        return Json.parseToJsonElement(body).jsonArray.map { it.jsonObject.getValue("id").jsonPrimitive.content }
    }

    @Test
    fun malformedPathParameterIs400Problem() {
        val answer = server.get("/orders/not-a-sno-id")
        assertProblem(answer, "not-a-sno-id", "id")
        assertEquals("/orders/not-a-sno-id", answer.json.text("instance"))
    }

    @Test
    fun problemEchoesNeitherControlCharactersNorLongValues() {
        val answer = server.get("/orders/%1B%5B31m" + "x".repeat(300))
        assertEquals(400, answer.status, answer.body)
        assertEquals("application/problem+json", answer.contentType)
        val detail = answer.json.text("detail")
        assertFalse(detail.contains('\u001B'), detail)
        assertTrue(detail.contains("\\u001B[31m"), detail)
        assertTrue(detail.length <= 205, detail)
        val instance = answer.json.text("instance")
        assertTrue(instance.startsWith("/orders/%1B%5B31mxxx") && instance.endsWith("...") && instance.length == 103, instance)
        assertEquals("id", answer.json.text("parameter"))
    }

    @Test
    fun malformedQueryParameterIs400Problem() {
        assertProblem(server.get("/orders?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z&after=29gfem22232im22z"),
            "29gfem22232im22z", "after")
    }

    @Test
    fun malformedTypedRouteParameterIs400Problem() {
        val answer = server.get("/typed/orders/29gfem22232im22z")
        assertProblem(answer, "29gfem22232im22z", "id")
        assertTrue(answer.json.text("detail").contains("at index 15"), answer.body)
        assertProblem(server.get("/typed/lines/short?page=3"), "short", "line")
    }

    @Test
    fun malformedBodyIdIs400ProblemWithoutParameter() {
        assertProblem(server.post("/orders", """{"customer":"hal","parent":"nope"}"""), "nope", null)
    }

    @Test
    fun badTimeWindowIs400Problem() {
        assertProblem(server.get("/orders?from=yesterday&to=2026-02-01T00:00:00Z"), "yesterday", "from", "Invalid time window")
        assertProblem(server.get("/orders?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z"),
            "2026-01-01T00:00:00Z", "to", "Invalid time window")
    }

    @Test
    fun unrelatedFailuresAreLeftAlone() {
        val boom = server.get("/boom")
        assertEquals(500, boom.status, boom.body)
        assertNotEquals("application/problem+json", boom.contentType)
        // An InvalidSnoIdException the handler throws itself is the server's fault, not the client's.
        val own = server.get("/own-parse")
        assertEquals(500, own.status, own.body)
        // A body that is not JSON at all: Ktor's own 400.
        val syntax = server.post("/orders", """{"customer":""")
        assertEquals(400, syntax.status, syntax.body)
        assertNotEquals("application/problem+json", syntax.contentType)
    }

    @Test
    fun parametersOfOtherTypesAreNotTouched() {
        assertEquals("count 5", server.get("/count/5").body)
        val count = server.get("/count/five")
        assertEquals(400, count.status)
        assertFalse(count.contentType.orEmpty().startsWith("application/problem+json"), count.toString())
        assertTrue(count.body.contains("Request parameter n couldn't be parsed/converted to Int"), count.body)
        val page = server.get("/typed/lines/29gfem22232im222?page=two")
        assertEquals(400, page.status)
        assertFalse(page.contentType.orEmpty().startsWith("application/problem+json"), page.body)
    }

    @Test
    fun registersTheConversionWithDataConversion() {
        val answer = server.get("/converted/29gfem22232im222")
        assertEquals(200, answer.status, answer.body)
        assertEquals("converted 29gfem22232im222", answer.body)
    }

    /** Why getSnoIdOrFail exists: Ktor 3.4's getOrFail<SnoId> never reads a SnoId, valid or not. */
    @Test
    fun ktorsOwnGetOrFailIgnoresDataConversion() {
        val answer = server.get("/ktor-getOrFail/29gfem22232im222")
        assertEquals(400, answer.status, answer.body)
        assertNotEquals("application/problem+json", answer.contentType)
    }

    /** Issue 41, finding 11: the conversion the plugin installs answered 500 for a malformed ID. */
    @Test
    fun aMalformedIdThroughDataConversionIs400Problem() {
        val answer = server.get("/converted/%1Bbad")
        assertProblem(answer, "\\u001Bbad", "id")
        assertEquals("Invalid sno ID: \"\\u001Bbad\" (length 4, expected 16)", answer.json.text("detail"))
        assertEquals("/converted/%1Bbad", answer.json.text("instance"))
        val several = server.get("/converted-query?id=29gfem22232im222&id=x")
        assertEquals(400, several.status, several.body)
        assertEquals("application/problem+json", several.contentType, several.body)
        assertEquals("A sno ID is one value, not 2: \"29gfem22232im222\", \"x\"", several.json.text("detail"))
        assertEquals("id", several.json.text("parameter"))
    }

    /** Issue 41, finding 11: several values of a sno ID parameter answered plain-text 400. */
    @Test
    fun severalValuesOfAnIdParameterAre400Problem() {
        val answer = server.get("/orders?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z&after=a&after=b")
        assertEquals(400, answer.status, answer.body)
        assertEquals("application/problem+json", answer.contentType, answer.body)
        assertEquals("Invalid sno ID", answer.json.text("title"))
        assertEquals("Request parameter after has 2 values; a sno ID is one: \"a\", \"b\"", answer.json.text("detail"))
        assertEquals("after", answer.json.text("parameter"))
        assertEquals("/orders", answer.json.text("instance"))
    }

    /** Issue 41, finding 11: a JSON number where a body's SnoId belongs answered plain-text 400 naming no field. */
    @Test
    fun aBodyValueThatIsNotAStringIs400ProblemNamingTheField() {
        val number = server.post("/orders", """{"customer":"ian","parent":5}""")
        assertEquals(400, number.status, number.body)
        assertEquals("application/problem+json", number.contentType, number.body)
        assertEquals("Invalid sno ID at $.parent: a sno ID is a JSON string of 16 characters " +
            "(Expected quotation mark '\"', but had '5' instead)", number.json.text("detail"))
        assertFalse(number.json.containsKey("parameter"), number.body)
        val array = server.post("/orders", """{"customer":"ian","parent":["29gfem22232im222"]}""")
        assertEquals("Invalid sno ID at $.parent: a sno ID is a JSON string of 16 characters " +
            "(Expected beginning of the string, but got [)", array.json.text("detail"))
        // as a SnoMetaSerializer body's id does
        val party = server.post("/parties", """{"id":5,"name":"x"}""")
        assertEquals("The \"id\" of a Party must be a sno ID string, not 5", party.json.text("detail"))
        // a string property that gets a number is not about a sno ID: Ktor's own 400
        val customer = server.post("/orders", """{"customer":5}""")
        assertEquals(400, customer.status, customer.body)
        assertNotEquals("application/problem+json", customer.contentType)
    }

    /** Issue 41, finding 10: a raw DEL and a raw U+202E in the path came back raw in `instance`. */
    @Test
    fun theInstanceHoldsNoRawControlOrBidiCharacter() {
        val target = "/orders/".toByteArray() + byteArrayOf(0x7F) + "\u202Egpj.exe".toByteArray(Charsets.UTF_8)
        val answer = server.rawGet(target)
        assertEquals(400, answer.status, answer.body)
        assertEquals("application/problem+json", answer.contentType, answer.body)
        val instance = answer.json.text("instance")
        assertTrue(instance.startsWith("/orders/%7F%"), instance)
        assertTrue(instance.all { it in '!'..'~' }, instance)
        assertFalse(answer.body.contains('\u007F') || answer.body.contains('\u202E'), answer.body)
    }
}
