package dev.sno.kotlin.ktor

import dev.sno.InvalidSnoIdException
import dev.sno.SnoId
import dev.sno.kotlin.SnoIdFormatException
import dev.sno.kotlin.SnoSubtypeException
import dev.sno.config.SafeText
import io.ktor.http.Parameters
import io.ktor.server.application.ApplicationCall
import io.ktor.server.plugins.BadRequestException
import io.ktor.server.plugins.ParameterConversionException
import io.ktor.server.request.path
import io.ktor.server.routing.RoutingCall
import io.ktor.util.AttributeKey

/** The routing call of a request, kept by [SnoIds] for its typed routes' parameters. */
internal val RoutingCallKey: AttributeKey<RoutingCall> = AttributeKey("dev.sno.kotlin.ktor.RoutingCall")

/**
 * A 400 problem detail about a sno ID in a request, with the Spring starter's fields: `type`
 * (`about:blank`), `title`, `status`, `detail`, `instance` (the request path, bounded) and, when
 * known, `parameter`.
 */
internal class SnoProblem(
    val title: String,
    val detail: String,
    val instance: String,
    val parameter: String?,
) {

    /** The problem as RFC 9457 JSON. */
    fun toJson(): String = buildString {
        append("{\"type\":\"about:blank\",\"title\":").append(json(title))
        append(",\"status\":400,\"detail\":").append(json(detail))
        append(",\"instance\":").append(json(instance))
        if (parameter != null) {
            append(",\"parameter\":").append(json(parameter))
        }
        append('}')
    }

    companion object {

        /** The name of kotlinx content negotiation's failure (ktor-serialization may be absent). */
        private const val CONTENT_CONVERT_EXCEPTION = "io.ktor.serialization.ContentConvertException"

        /**
         * The problem of a failed call, if the failure is a sno ID the client sent: a time window
         * that [snoTimeWindow] could not read, or a [BadRequestException] caused by an
         * [InvalidSnoIdException], a [SnoSubtypeException], a JSON value that is not a string
         * where a sno ID belongs, or several values of a parameter that holds one sno ID; else
         * null (the failure is not this plugin's to answer).
         */
        fun of(call: ApplicationCall, cause: Throwable): SnoProblem? {
            val instance = instance(call.request.path())
            if (cause is InvalidTimeWindowException) {
                return SnoProblem("Invalid time window", SafeText.of(cause.message), instance, cause.parameterName)
            }
            if (cause !is BadRequestException) {
                return null
            }
            val chain = chain(cause).toList()
            val parameters = call.attributes.getOrNull(RoutingCallKey)?.parameters ?: call.parameters
            val named = (cause as? ParameterConversionException)?.parameterName
            chain.filterIsInstance<SnoIdValuesException>().firstOrNull()?.let { several ->
                val holding = named ?: parameters.names().singleOrNull { parameters.getAll(it) == several.values }
                return SnoProblem("Invalid sno ID", SafeText.of(several.message), instance, holding)
            }
            chain.filterIsInstance<SnoIdFormatException>().firstOrNull()?.let { notAString ->
                // a JSON body: the message names the JSON path; no parameter, as for bodies
                return SnoProblem("Invalid sno ID", SafeText.of(notAString.message), instance, null)
            }
            val subtype = chain.filterIsInstance<SnoSubtypeException>().firstOrNull()
            val invalid = chain.filterIsInstance<InvalidSnoIdException>().firstOrNull()
            if (invalid == null && subtype != null) {
                // a SnoMetaSerializer body whose id picks no subtype: no parameter, as for bodies
                return SnoProblem("Invalid sno ID", SafeText.of(subtype.message), instance, null)
            }
            if (invalid == null) {
                return null
            }
            val message = invalid.message ?: return null
            val parameter = when {
                named != null -> named
                chain.any { isContentConversion(it) } -> null // a request body: no parameter
                else -> parameterGiving(message, parameters)
            }
            return SnoProblem("Invalid sno ID", SafeText.of(message), instance, parameter)
        }

        /** A throwable and its causes, outermost first. */
        private fun chain(cause: Throwable): Sequence<Throwable> =
            generateSequence(cause) { t -> t.cause?.takeIf { it !== t } }.take(32)

        private fun isContentConversion(t: Throwable): Boolean =
            generateSequence<Class<*>>(t.javaClass) { it.superclass }.any { it.name == CONTENT_CONVERT_EXCEPTION }

        /**
         * The one parameter (of a typed route: its path and query parameters) whose value fails
         * as a sno ID with exactly [message]: the value that failed, since the message quotes it.
         * Null if none or several do.
         */
        private fun parameterGiving(message: String, parameters: Parameters): String? {
            val names = parameters.names().filter { name ->
                parameters.getAll(name).orEmpty().any { value -> !SnoId.isValid(value) && failure(value) == message }
            }
            return names.singleOrNull()
        }

        private fun failure(value: String): String? = try {
            SnoId.parse(value)
            null
        } catch (e: InvalidSnoIdException) {
            e.message
        }

        /**
         * A request path (percent-encoded, as sent) as a problem's `instance`: what a URI path
         * cannot hold percent-encoded, cut after 100 characters, never inside an escape, with
         * `...` (as the Spring starter does; [SafeText.path]).
         */
        fun instance(rawPath: String): String = SafeText.path(rawPath)

        /** A JSON string literal. */
        private fun json(text: String): String = buildString(text.length + 2) {
            append('"')
            for (c in text) {
                when {
                    c == '"' -> append("\\\"")
                    c == '\\' -> append("\\\\")
                    c == '\n' -> append("\\n")
                    c == '\r' -> append("\\r")
                    c == '\t' -> append("\\t")
                    c < ' ' || c == '\u2028' || c == '\u2029' -> append(String.format("\\u%04x", c.code))
                    else -> append(c)
                }
            }
            append('"')
        }
    }
}
