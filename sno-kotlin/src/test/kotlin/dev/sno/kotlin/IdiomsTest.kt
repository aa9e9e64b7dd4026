package dev.sno.kotlin

import dev.sno.InvalidSnoIdException
import dev.sno.SnoId
import dev.sno.SnoIdRange
import java.time.Instant
import kotlin.uuid.ExperimentalUuidApi
import kotlin.uuid.Uuid
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

@OptIn(ExperimentalUuidApi::class)
class IdiomsTest {

    @Test
    fun textParsesAsSnoIdParseDoes() = Seeded.forAll("toSnoId round trip", 2_000) { r ->
        val id = Seeded.id(r)
        assertEquals(id, id.toString().toSnoId())
        assertEquals(id, id.toString().toSnoIdOrNull())
    }

    @Test
    fun invalidTextFailsWithTheCoreMessageOrGivesNull() = Seeded.forAll("toSnoId refusal", 2_000) { r ->
        val text = Seeded.notAnId(r)
        val e = assertThrows(InvalidSnoIdException::class.java) { text.toSnoId() }
        assertEquals(assertThrows(InvalidSnoIdException::class.java) { SnoId.parse(text) }.message, e.message)
        assertNull(text.toSnoIdOrNull())
    }

    @Test
    fun theMessageQuotesTheTextAndNamesTheCharacter() {
        val e = assertThrows(InvalidSnoIdException::class.java) { "29gfem22232im2Z2".toSnoId() }
        assertTrue(e.message!!.contains("\"29gfem22232im2Z2\""), e.message)
        assertTrue(e.message!!.contains("'Z'") && e.message!!.contains("14"), e.message)
    }

    @Test
    fun kotlinUuidIsTheCanonicalImage() = Seeded.forAll("Uuid round trip", 2_000) { r ->
        val id = Seeded.id(r)
        val uuid = id.toKotlinUuid()
        assertEquals(id.toUuid().toString(), uuid.toString())
        assertEquals(id, uuid.toSnoId())
        val other = Seeded.id(r)
        assertEquals(Integer.signum(id.compareTo(other)), Integer.signum(uuid.compareTo(other.toKotlinUuid())))
    }

    @Test
    fun aUuidWithATailIsNotAnId() {
        val v7 = Uuid.parse("0190a6b2-3c4d-7e5f-8a6b-7c8d9e0f1a2b")
        val e = assertThrows(InvalidSnoIdException::class.java) { v7.toSnoId() }
        assertTrue(e.message!!.contains(v7.toString()), e.message)
        assertTrue(e.message!!.contains("bytes 10..15 must be zero"), e.message)
    }

    @Test
    fun untilMakesTheHalfOpenRangeAndInTestsIt() {
        val a = SnoId.firstAt(Instant.parse("2026-01-01T00:00:00Z"))
        val b = SnoId.firstAt(Instant.parse("2026-01-01T00:00:01Z"))
        val range = a until b
        assertEquals(SnoIdRange(a, b), range)
        assertTrue(a in range)
        assertTrue(range.last() in range)
        assertFalse(b in range)
        assertTrue(b !in range)
        assertThrows(IllegalArgumentException::class.java) { b until a }
    }

    @Test
    fun openEndedInstantRangeIsTheTimeWindow() = Seeded.forAll("..< time window", 500) { r ->
        val from = Instant.ofEpochMilli(SnoId.EPOCH.toEpochMilli() + r.nextLong(1L shl 40))
        val to = from.plusMillis(r.nextLong(10_000)).plusNanos(r.nextLong(1_000_000))
        assertEquals(SnoIdRange.timeWindow(from, to), (from..<to).toSnoIdRange())
        val id = Seeded.id(r)
        val window = (from..<to).toSnoIdRange()
        assertEquals(window.contains(id), id in window)
    }

    @Test
    fun aWindowBeforeTheEpochFailsAsTimeWindowDoes() {
        val before = Instant.parse("2009-12-31T23:59:59Z")
        assertThrows(InvalidSnoIdException::class.java) { (before..<Instant.parse("2020-01-01T00:00:00Z")).toSnoIdRange() }
    }
}
