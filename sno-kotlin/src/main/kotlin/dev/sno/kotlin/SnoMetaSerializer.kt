package dev.sno.kotlin

import dev.sno.InvalidSnoIdException
import dev.sno.SnoId
import dev.sno.config.SafeText
import kotlin.reflect.KClass
import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.KSerializer
import kotlinx.serialization.json.JsonContentPolymorphicSerializer
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

/**
 * Polymorphism by the metabyte of the `id`, in JSON: reading picks the subtype whose [SnoMeta]
 * equals the metabyte of the object's `id`, and writing writes the subtype as it is. No type
 * discriminator is read or written. The Kotlin counterpart of sno-jackson's `@SnoPolymorphic`.
 *
 * ```
 * @Serializable(with = PartySerializer::class)
 * sealed interface Party { val id: SnoId }
 *
 * @Serializable @SnoMeta(1) data class Person(@Contextual override val id: SnoId, val name: String) : Party
 * @Serializable @SnoMeta(2) data class Company(@Contextual override val id: SnoId, val vat: String) : Party
 *
 * object PartySerializer : SnoMetaSerializer<Party>(Party::class, Person.serializer(), Company.serializer())
 * ```
 *
 * The ID is an ordinary property of each subtype: it is written as usual and read again by the
 * subtype's own serializer. An object with no `id`, an `id` that is not a sno ID in canonical
 * form, or one whose metabyte no subtype carries fails with a [SnoSubtypeException] (a
 * `SerializationException`) that quotes the value, escaped and bounded as sno-core's `SafeText`
 * does (the JSON of a value is cut after 200 characters). Reading works in JSON only, because the `id` is looked up in the object
 * before the subtype is known (kotlinx refuses other decoders with an `IllegalStateException`).
 *
 * @param T the base type
 * @param baseClass the base type's class
 * @param subtypes the serializers of the subtypes, each with a distinct [SnoMeta]
 * @param property the JSON property holding the ID, `id` unless given
 * @throws IllegalArgumentException if a subtype has no [SnoMeta], a metabyte outside 0..255,
 *     or the metabyte of another subtype
 */
public abstract class SnoMetaSerializer<T : Any>(
    baseClass: KClass<T>,
    vararg subtypes: KSerializer<out T>,
    private val property: String = "id",
) : JsonContentPolymorphicSerializer<T>(baseClass) {

    private val baseName: String = baseClass.simpleName ?: baseClass.toString()
    private val byMeta: Map<Int, KSerializer<out T>> = index(subtypes)

    private fun index(subtypes: Array<out KSerializer<out T>>): Map<Int, KSerializer<out T>> {
        require(subtypes.isNotEmpty()) { "SnoMetaSerializer of $baseName: no subtypes given" }
        val map = LinkedHashMap<Int, KSerializer<out T>>()
        for (subtype in subtypes) {
            val name = subtype.descriptor.serialName
            val metas = subtype.descriptor.annotations.filterIsInstance<SnoMeta>()
            require(metas.size == 1) { "Subtype $name of $baseName has no @SnoMeta; each subtype needs one" }
            val meta = metas[0].value
            require(meta in 0..255) { "Subtype $name of $baseName has @SnoMeta($meta); a metabyte is 0..255" }
            val other = map.put(meta, subtype)
            require(other == null) {
                "Subtypes ${other?.descriptor?.serialName} and $name of $baseName both have @SnoMeta($meta)"
            }
        }
        return map
    }

    /**
     * The subtype whose metabyte the object's ID carries.
     *
     * @throws SnoSubtypeException if there is no such subtype, or no ID to read it from
     */
    override fun selectDeserializer(element: JsonElement): DeserializationStrategy<T> {
        if (element !is JsonObject) {
            throw SnoSubtypeException("A $baseName must be a JSON object with a sno ID in \"$property\", not ${quote(element)}")
        }
        val id = element[property]
        if (id == null || id is JsonNull) {
            throw SnoSubtypeException("A $baseName needs a sno ID in \"$property\" to choose its subtype: ${quote(element)}")
        }
        if (id !is JsonPrimitive || !id.isString) {
            throw SnoSubtypeException("The \"$property\" of a $baseName must be a sno ID string, not ${quote(id)}")
        }
        val meta = try {
            SnoId.metaOf(id.content)
        } catch (e: InvalidSnoIdException) {
            throw SnoSubtypeException(e.message.orEmpty(), e)
        }
        return byMeta[meta] ?: throw SnoSubtypeException(
            "No subtype of $baseName has metabyte $meta (the $property ${id.content}); subtypes: " +
                byMeta.entries.joinToString { (m, s) -> "${s.descriptor.serialName}=$m" })
    }

    /** What was read, as JSON, escaped and bounded: a client's bytes never go raw, nor whole, into a log. */
    private fun quote(element: JsonElement): String = SafeText.of(element.toString())
}
