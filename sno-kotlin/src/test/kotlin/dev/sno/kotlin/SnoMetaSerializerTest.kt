package dev.sno.kotlin

import dev.sno.InvalidSnoIdException
import dev.sno.SnoId
import java.time.Instant
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class SnoMetaSerializerTest {

    private val json = Json { serializersModule = SnoSerializersModule }

    private fun id(meta: Int): SnoId = SnoId.of(Instant.parse("2026-11-27T12:00:00Z"), false, meta, 3, 4)

    @Test
    fun theMetabyteChoosesTheSubtypeAndNoDiscriminatorIsWritten() = Seeded.forAll("metabyte dispatch", 1_000) { r ->
        val parties: List<Party> = List(r.nextInt(1, 6)) {
            val base = Seeded.id(r)
            if (r.nextBoolean()) Person(base.withMeta(1), "p$it") else Company(base.withMeta(2), "v$it")
        }
        val text = json.encodeToString(ListSerializer(PartySerializer), parties)
        assertTrue(!text.contains("type"), text)
        assertEquals(parties, json.decodeFromString(ListSerializer(PartySerializer), text))
    }

    @Test
    fun theExactJson() {
        val person = Person(id(1), "Ada")
        val text = json.encodeToString(PartySerializer, person)
        assertEquals("{\"id\":\"${person.id}\",\"name\":\"Ada\"}", text)
        assertEquals(person, json.decodeFromString(PartySerializer, text))
        val company = json.decodeFromString(PartySerializer, "{\"vat\":\"NL1\",\"id\":\"${id(2)}\"}")
        assertEquals(Company(id(2), "NL1"), company)
    }

    @Test
    fun anotherPropertyCanHoldTheId() {
        val shipped = Shipped(id(7))
        val text = json.encodeToString(EventSerializer, shipped)
        assertEquals("{\"key\":\"${shipped.key}\"}", text)
        assertEquals(shipped, json.decodeFromString(EventSerializer, text))
    }

    @Test
    fun aMetabyteNoSubtypeHasIsRefusedNamingItAndTheSubtypes() {
        val e = assertThrows(SnoSubtypeException::class.java) {
            json.decodeFromString(PartySerializer, "{\"id\":\"${id(9)}\",\"name\":\"x\"}")
        }
        assertEquals("No subtype of Party has metabyte 9 (the id ${id(9)}); subtypes: dev.sno.kotlin.Person=1, " +
            "dev.sno.kotlin.Company=2", e.message)
    }

    @Test
    fun aMalformedIdFailsWithTheParseMessage() = Seeded.forAll("dispatch on malformed id", 500) { r ->
        val bad = Seeded.notAnId(r)
        val body = "{\"id\":${kotlinx.serialization.json.JsonPrimitive(bad)},\"name\":\"x\"}"
        val e = assertThrows(SnoSubtypeException::class.java) { json.decodeFromString(PartySerializer, body) }
        assertInstanceOf(InvalidSnoIdException::class.java, e.cause)
        assertEquals(assertThrows(InvalidSnoIdException::class.java) { SnoId.parse(bad) }.message, e.message)
    }

    @Test
    fun aMissingNullOrNonStringIdIsRefused() {
        fun refused(body: String): String =
            assertThrows(SnoSubtypeException::class.java) { json.decodeFromString(PartySerializer, body) }.message!!
        assertEquals("A Party needs a sno ID in \"id\" to choose its subtype: {\"name\":\"x\"}", refused("{\"name\":\"x\"}"))
        assertEquals("A Party needs a sno ID in \"id\" to choose its subtype: {\"id\":null}", refused("{\"id\":null}"))
        assertEquals("The \"id\" of a Party must be a sno ID string, not 12", refused("{\"id\":12}"))
        assertEquals("The \"id\" of a Party must be a sno ID string, not [\"a\"]", refused("{\"id\":[\"a\"]}"))
        assertEquals("A Party must be a JSON object with a sno ID in \"id\", not [1]", refused("[1]"))
    }

    @Test
    fun theDeclarationIsCheckedWhenTheSerializerIsMade() {
        fun refused(vararg subtypes: kotlinx.serialization.KSerializer<out Party>): String =
            assertThrows(IllegalArgumentException::class.java) {
                object : SnoMetaSerializer<Party>(Party::class, *subtypes) {}
            }.message!!
        assertEquals("Subtype dev.sno.kotlin.Unmarked of Party has no @SnoMeta; each subtype needs one",
            refused(Person.serializer(), Unmarked.serializer()))
        assertEquals("Subtypes dev.sno.kotlin.Person and dev.sno.kotlin.AlsoOne of Party both have @SnoMeta(1)",
            refused(Person.serializer(), AlsoOne.serializer()))
        assertEquals("Subtype dev.sno.kotlin.TooBig of Party has @SnoMeta(256); a metabyte is 0..255",
            refused(TooBig.serializer()))
        assertEquals("SnoMetaSerializer of Party: no subtypes given", refused())
    }
}
