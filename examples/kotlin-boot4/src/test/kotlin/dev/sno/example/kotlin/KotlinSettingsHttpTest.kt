package dev.sno.example.kotlin

import dev.sno.SnoGenerator
import java.net.http.HttpResponse
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.http.MediaType

/**
 * The same application with the kotlinx.serialization settings users set in Boot's properties:
 * the starter adds sno's module to the Json those settings build, and keeps them. Lenient input
 * reads an unquoted ID, unknown keys are ignored, the output is pretty-printed, and a malformed ID
 * is still the starter's problem.
 */
@SpringBootTest(
    webEnvironment = WebEnvironment.RANDOM_PORT,
    properties = [
        "spring.kotlinx.serialization.json.lenient=true",
        "spring.kotlinx.serialization.json.ignore-unknown-keys=true",
        "spring.kotlinx.serialization.json.pretty-print=true",
        "spring.kotlinx.serialization.json.naming-strategy=snake_case",
        "logging.level.org.springframework.web.servlet.mvc.support.DefaultHandlerExceptionResolver=error",
    ],
)
class KotlinSettingsHttpTest {

    @LocalServerPort
    private var port: Int = 0

    @Autowired
    private lateinit var ids: SnoGenerator

    private val http: Exchanges by lazy { Exchanges("http://127.0.0.1:$port") }

    private fun assertStatus(expected: Int, response: HttpResponse<String>) =
        assertEquals(expected, response.statusCode()) { "${response.request().uri()} answered ${response.body()}" }

    @Test
    fun usersSettingsStayAndIdsStillWork() {
        val id = ids.next(ORDER_META)
        // unquoted (lenient), with a key no class has (ignored)
        val put = http.put("/orders", """{"id":$id,"item":"cup","quantity":1,"note":"x"}""")
        assertStatus(200, put)
        assertEquals("{\n    \"id\": \"$id\",\n    \"item\": \"cup\",\n    \"quantity\": 1\n}", put.body())

        val bad = http.put("/orders", """{"id":"29gfem22232im2","item":"cup","quantity":1}""")
        assertStatus(400, bad)
        assertThat(bad.headers().firstValue("Content-Type")).hasValue(MediaType.APPLICATION_PROBLEM_JSON_VALUE)
        assertThat(bad.body()).contains("(length 14, expected 16)")
    }
}
