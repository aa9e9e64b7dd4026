@file:JvmName("SnoParameters")

package dev.sno.kotlin.ktor

import dev.sno.InvalidSnoIdException
import dev.sno.SnoId
import dev.sno.SnoIdRange
import dev.sno.config.SafeText
import dev.sno.config.TimeWindowInput
import io.ktor.http.Parameters
import io.ktor.server.application.ApplicationCall
import io.ktor.server.plugins.BadRequestException
import io.ktor.server.plugins.MissingRequestParameterException
import io.ktor.server.plugins.ParameterConversionException
import io.ktor.util.converters.DataConversion
import io.ktor.util.converters.DataConversionException

/*
 * Why not `parameters.getOrFail<SnoId>("id")`: in Ktor 3.4, Parameters.getOrFail<R> and the
 * `by call.parameters` delegate convert with DefaultConversionService only, which knows the
 * basic types and never consults the DataConversion plugin; for a SnoId they fail, valid or not,
 * with "Type class dev.sno.SnoId is not supported in default data conversion service".
 * getSnoIdOrFail is the typed accessor that works.
 */

/**
 * The sno ID of the path or query parameter [name], the counterpart of Ktor's
 * `getOrFail<R>(name)` for `SnoId`: `val id = call.parameters.getSnoIdOrFail("id")`.
 *
 * Its failures are Ktor's own 400s: with the [SnoIds] plugin installed, a malformed value is
 * answered with an `application/problem+json` body naming the parameter and quoting the value.
 *
 * @throws MissingRequestParameterException if the parameter is absent
 * @throws ParameterConversionException if it is not one sno ID in canonical form; its cause is
 *     the [InvalidSnoIdException], whose message quotes the value and names the first bad character
 */
public fun Parameters.getSnoIdOrFail(name: String): SnoId =
    snoIdOf(name, getAll(name) ?: throw MissingRequestParameterException(name))

/**
 * The sno ID of the path or query parameter [name], or null if the parameter is absent: a
 * present but malformed value is not taken for absent.
 *
 * @throws ParameterConversionException if the parameter is present but not one sno ID in
 *     canonical form (see [getSnoIdOrFail])
 */
public fun Parameters.getSnoId(name: String): SnoId? = getAll(name)?.let { snoIdOf(name, it) }

private fun snoIdOf(name: String, values: List<String>): SnoId {
    val text = values.singleOrNull() ?: throw ParameterConversionException(name, "SnoId", SnoIdValuesException(name, values))
    try {
        return SnoId.parse(text)
    } catch (e: InvalidSnoIdException) {
        throw ParameterConversionException(name, "SnoId", e)
    }
}

/**
 * A request parameter that holds several values (`?after=a&after=b`) where one sno ID belongs;
 * its message quotes the first few, escaped and bounded.
 */
internal class SnoIdValuesException(name: String?, val values: List<String>) :
    DataConversionException(valuesMessage(name, values))

private fun valuesMessage(name: String?, values: List<String>): String {
    val head = if (name == null) "A sno ID is one value, not ${values.size}"
    else "Request parameter ${SafeText.of(name)} has ${values.size} values; a sno ID is one"
    if (values.isEmpty()) return head
    return values.take(3).joinToString(", ", "$head: ", if (values.size > 3) ", ..." else "") { "\"" + SafeText.of(it) + "\"" }
}

/**
 * Registers the `SnoId` conversion (its canonical text) with Ktor's DataConversion plugin, for
 * an application that installs DataConversion itself: `install(DataConversion) { convertSnoId() }`.
 * [SnoIds] does this when it finds DataConversion not installed yet. The conversion serves
 * `application.conversionService`, for values of the request: a value that is not one sno ID
 * fails with Ktor's [BadRequestException] (a 400, and with the [SnoIds] plugin a problem naming
 * the parameter), caused by the [InvalidSnoIdException] (malformed) or by a
 * [DataConversionException] (several values). (To parse a value that is not the client's, use
 * `SnoId.parse`: its failure is the server's.)
 */
public fun DataConversion.Configuration.convertSnoId() {
    convert<SnoId> {
        decode { values ->
            val text = values.singleOrNull()
                ?: throw SnoIdValuesException(null, values).let { BadRequestException(it.message.orEmpty(), it) }
            try {
                SnoId.parse(text)
            } catch (e: InvalidSnoIdException) {
                throw BadRequestException(e.message.orEmpty(), e)
            }
        }
        encode { id -> listOf(id.toString()) }
    }
}

/**
 * A time window that cannot be read from its query parameters: a value that is not an ISO-8601
 * instant, one outside the sno time range, or an end before the start. A 400 (Ktor's
 * [BadRequestException]); with the [SnoIds] plugin installed, an `application/problem+json` body
 * titled "Invalid time window" with this [message] and the [parameterName].
 *
 * @property parameterName the query parameter whose value is wrong
 * @property value that value, as sent
 */
public class InvalidTimeWindowException internal constructor(
    public val parameterName: String,
    public val value: String,
    message: String,
) : BadRequestException(message)

/**
 * The IDs of the time window in the query parameters [from] and [to] (ISO-8601 instants, such as
 * `?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z`): [SnoIdRange.timeWindow], the IDs whose
 * time lies in `[from, to)`. The Ktor counterpart of the Spring starter's `SnoIdRange` handler
 * parameter, with the same names and messages.
 *
 * @param from the query parameter holding the start, `from` unless given
 * @param to the query parameter holding the end, `to` unless given
 * @throws MissingRequestParameterException if either is absent
 * @throws InvalidTimeWindowException if either is not an instant in the sno time range, or the
 *     window ends before it starts; the message quotes the value
 */
public fun ApplicationCall.snoTimeWindow(from: String = "from", to: String = "to"): SnoIdRange {
    require(from.isNotEmpty() && to.isNotEmpty() && from != to) {
        "A time window needs two different query parameter names, not from=\"$from\" and to=\"$to\""
    }
    val query = request.queryParameters
    val fromText = query[from] ?: throw MissingRequestParameterException(from)
    val toText = query[to] ?: throw MissingRequestParameterException(to)
    try {
        return TimeWindowInput.read(from, fromText, to, toText)
    } catch (e: TimeWindowInput.Invalid) {
        throw InvalidTimeWindowException(e.name(), e.value(), e.message.orEmpty())
    }
}
