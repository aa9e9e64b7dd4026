@file:JvmName("SnoKtor")

package dev.sno.kotlin.ktor

import dev.sno.SnoId
import io.ktor.http.ContentType
import io.ktor.http.HttpStatusCode
import io.ktor.server.application.Application
import io.ktor.server.application.ApplicationPlugin
import io.ktor.server.application.ApplicationStopped
import io.ktor.server.application.createApplicationPlugin
import io.ktor.server.application.hooks.CallFailed
import io.ktor.server.application.hooks.MonitoringEvent
import io.ktor.server.application.install
import io.ktor.server.application.log
import io.ktor.server.application.pluginOrNull
import io.ktor.server.plugins.dataconversion.DataConversion
import io.ktor.server.plugins.dataconversion.conversionService
import io.ktor.server.response.respondBytes
import io.ktor.server.routing.RoutingRoot
import io.ktor.util.reflect.typeInfo

/**
 * The Ktor application plugin for sno IDs, installed with `install(SnoIds)`:
 *
 * 1. **Parameters.** `call.parameters.getSnoIdOrFail("id")` (or [getSnoId], absent as null)
 *    reads a path or query parameter as a `SnoId`. (Ktor 3.4's `getOrFail<SnoId>` cannot: it
 *    converts with Ktor's default conversion service only, never with DataConversion.) The
 *    plugin also registers the `SnoId` conversion with DataConversion, for
 *    `application.conversionService`: it installs DataConversion with [convertSnoId] if it is not
 *    installed yet; an application that installs DataConversion itself does so *before*
 *    `install(SnoIds)`, calling [convertSnoId] in its configuration (installing it after fails
 *    with Ktor's DuplicatePluginException, and installing it before without [convertSnoId] fails
 *    this plugin's installation with an [IllegalStateException] that says so). Without
 *    ktor-server-data-conversion on the class path (an optional dependency), this step is skipped.
 * 2. **Typed routes.** The Resources plugin decodes a resource class with kotlinx.serialization
 *    and its own serializers module: a property `@Serializable(with = SnoIdSerializer::class)
 *    val id: SnoId` needs nothing more, a `@Contextual val id: SnoId` needs
 *    `install(Resources) { serializersModule = SnoSerializersModule }` (without it, every
 *    request to the route fails, valid ID or not).
 * 3. **Bodies.** Content negotiation with kotlinx JSON reads `@Contextual` IDs with
 *    `install(ContentNegotiation) { json(Json { serializersModule = SnoSerializersModule }) }`,
 *    and `@Serializable(with = SnoIdSerializer::class)` ones with any `Json`.
 * 4. **Problems.** A malformed sno ID in a request, that is a Ktor `BadRequestException` (a
 *    parameter read with [getSnoIdOrFail], a typed route's parameter, a JSON request body) caused
 *    by an `InvalidSnoIdException`, and a bad [snoTimeWindow] ([InvalidTimeWindowException]), are
 *    answered with 400 and an `application/problem+json` body, the Spring starter's:
 *    ```
 *    {"type":"about:blank","title":"Invalid sno ID","status":400,
 *     "detail":"Invalid sno ID: \"nope\" (length 4, expected 16)","instance":"/orders/nope","parameter":"id"}
 *    ```
 *    `detail` is the `InvalidSnoIdException`'s message (which quotes the value and names the
 *    first bad character), escaped and bounded by `SafeText`; `parameter` names the path or
 *    query parameter (for a typed route, the one whose value gives that very message), and is
 *    absent for a body. Every other failure is left alone: Ktor's defaults, or StatusPages,
 *    answer it as without this plugin; so is an `InvalidSnoIdException` the handler throws
 *    itself, which is not the client's fault (500).
 *
 * The problems come from Ktor's CallFailed hook, which StatusPages uses too; with both
 * installed, the one installed *later* sees a failure first. Install `SnoIds` after StatusPages
 * to answer sno ID problems even when StatusPages has a catch-all `exception<Throwable>`; before
 * it, StatusPages' handlers for `BadRequestException` (or a supertype) take precedence, and
 * failures it has no handler for still come here.
 */
public val SnoIds: ApplicationPlugin<Unit> = createApplicationPlugin("SnoIds") {
    val app = application
    if (SnoDataConversion.present) {
        SnoDataConversion.register(app)
    }

    // A typed route's parameters (path and query) are those of the routing call, which the
    // failure hook does not see: keep it in the call's attributes, which both share.
    val routingCalls = app.monitor.subscribe(RoutingRoot.RoutingCallStarted) { call ->
        call.attributes.put(RoutingCallKey, call)
    }
    on(MonitoringEvent(ApplicationStopped)) { routingCalls.dispose() }

    on(CallFailed) { call, cause ->
        if (call.response.isCommitted) return@on
        val problem = SnoProblem.of(call, cause) ?: return@on
        call.application.log.debug("{} {}: answered 400 ({})", call.request.local.method.value, problem.instance, problem.detail)
        call.respondBytes(problem.toJson().toByteArray(Charsets.UTF_8), ProblemJson, HttpStatusCode.BadRequest)
    }
}

/** `application/problem+json`, RFC 9457's media type, as the Spring starter sends it. */
internal val ProblemJson: ContentType = ContentType("application", "problem+json")

/**
 * The `SnoId` conversion of the DataConversion plugin, apart so that the plugin's classes
 * (ktor-server-data-conversion, an optional dependency) are loaded only when present.
 */
private object SnoDataConversion {

    /** Whether ktor-server-data-conversion is on the class path. */
    val present: Boolean = try {
        Class.forName("io.ktor.server.plugins.dataconversion.DataConversion", false, SnoDataConversion::class.java.classLoader)
        true
    } catch (_: ClassNotFoundException) {
        false
    }

    /**
     * Installs DataConversion with the conversion, or checks that the installed one has it.
     *
     * @throws IllegalStateException if DataConversion is installed without [convertSnoId]
     */
    fun register(app: Application) {
        if (app.pluginOrNull(DataConversion) == null) {
            app.install(DataConversion) { convertSnoId() }
            return
        }
        val converts = try {
            app.conversionService.fromValues(listOf(SnoId.ZERO.toString()), typeInfo<SnoId>()) == SnoId.ZERO
        } catch (_: Exception) {
            false
        }
        check(converts) {
            "DataConversion is installed without the SnoId conversion; install it with " +
                "install(DataConversion) { convertSnoId() } before install(SnoIds), or let install(SnoIds) install it"
        }
    }
}
