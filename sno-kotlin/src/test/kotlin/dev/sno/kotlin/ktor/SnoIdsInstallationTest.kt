package dev.sno.kotlin.ktor

import io.ktor.http.HttpStatusCode
import io.ktor.server.application.DuplicatePluginException
import io.ktor.server.application.install
import io.ktor.server.plugins.BadRequestException
import io.ktor.server.plugins.dataconversion.DataConversion
import io.ktor.server.plugins.statuspages.StatusPages
import io.ktor.server.response.respondText
import io.ktor.server.routing.get
import io.ktor.server.routing.routing
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** SnoIds next to StatusPages and an application's own DataConversion, in real CIO servers. */
class SnoIdsInstallationTest {

    private fun routes(app: io.ktor.server.application.Application) = app.routing {
        get("/orders/{id}") { call.respondText("order ${call.parameters.getSnoIdOrFail("id")}") }
        get("/boom") { throw IllegalStateException("boom") }
    }

    /** Installed after a catch-all StatusPages, SnoIds answers sno ID problems; StatusPages the rest. */
    @Test
    fun afterStatusPagesWithACatchAll() {
        TestServer("SnoIdsInstallationTest: StatusPages, then SnoIds") {
            install(StatusPages) {
                exception<Throwable> { call, cause -> call.respondText("caught: ${cause.message}", status = HttpStatusCode.InternalServerError) }
            }
            install(SnoIds)
            routes(this)
        }.use { server ->
            val bad = server.get("/orders/nope")
            assertEquals(400, bad.status, bad.body)
            assertEquals("application/problem+json", bad.contentType)
            assertEquals("id", bad.json["parameter"].toString().trim('"'))
            val boom = server.get("/boom")
            assertEquals(500, boom.status)
            assertEquals("caught: boom", boom.body)
        }
    }

    /** Installed before StatusPages, SnoIds lets StatusPages' own BadRequestException handler answer... */
    @Test
    fun beforeStatusPagesWithABadRequestHandler() {
        TestServer("SnoIdsInstallationTest: SnoIds, then StatusPages") {
            install(SnoIds)
            install(StatusPages) {
                exception<BadRequestException> { call, cause -> call.respondText("mine: ${cause.message}", status = HttpStatusCode.BadRequest) }
            }
            routes(this)
        }.use { server ->
            val bad = server.get("/orders/nope")
            assertEquals(400, bad.status)
            assertEquals("mine: Request parameter id couldn't be parsed/converted to SnoId", bad.body)
        }
    }

    /** ...and still answers what StatusPages has no handler for. */
    @Test
    fun beforeStatusPagesWithoutAMatchingHandler() {
        TestServer("SnoIdsInstallationTest: SnoIds, then StatusPages for other failures") {
            install(SnoIds)
            install(StatusPages) {
                exception<IllegalStateException> { call, _ -> call.respondText("state", status = HttpStatusCode.Conflict) }
            }
            routes(this)
        }.use { server ->
            val bad = server.get("/orders/nope")
            assertEquals(400, bad.status, bad.body)
            assertEquals("application/problem+json", bad.contentType)
            assertEquals(409, server.get("/boom").status)
        }
    }

    @Test
    fun ownDataConversionWithTheSnoIdConversion() {
        TestServer("SnoIdsInstallationTest: own DataConversion") {
            install(DataConversion) { convertSnoId() }
            install(SnoIds)
            routes(this)
        }.use { server ->
            assertEquals("order 29gfem22232im222", server.get("/orders/29gfem22232im222").body)
        }
    }

    @Test
    fun ownDataConversionWithoutTheSnoIdConversionFailsTheInstallation() {
        val failure = assertThrows(IllegalStateException::class.java) {
            TestServer("SnoIdsInstallationTest: own DataConversion without convertSnoId") {
                install(DataConversion)
                install(SnoIds)
            }.close()
        }
        assertTrue(failure.message!!.contains("install(DataConversion) { convertSnoId() }"), failure.message)
    }

    @Test
    fun ownDataConversionAfterSnoIdsIsKtorsDuplicate() {
        assertThrows(DuplicatePluginException::class.java) {
            TestServer("SnoIdsInstallationTest: DataConversion after SnoIds") {
                install(SnoIds)
                install(DataConversion) { convertSnoId() }
            }.close()
        }
    }
}
