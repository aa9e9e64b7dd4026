package dev.sno;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Seeded randomized properties of the value type and codec, 100,000 cases each by default.
 * A failure prints the seed to replay it with {@code -Dsno.seed=...} (see {@link Property}).
 */
class SnoIdPropertyTest {

    private static final int CASES = 100_000;

    /** Random IDs, biased towards the edges: bytes of 0x00, 0xFF, 0x7F and 0x80 are frequent. */
    static byte[] randomBytes(SplittableRandom r) {
        byte[] b = new byte[10];
        for (int i = 0; i < 10; i++) {
            switch (r.nextInt(8)) {
                case 0: b[i] = 0; break;
                case 1: b[i] = (byte) 0xFF; break;
                case 2: b[i] = (byte) 0x80; break;
                case 3: b[i] = 0x7F; break;
                default: b[i] = (byte) r.nextInt(256);
            }
        }
        return b;
    }

    @Test
    void bytesToStringToBytesRoundTrips() {
        Property.forAll("bytes -> string -> bytes", CASES, r -> {
            byte[] bytes = randomBytes(r);
            SnoId id = SnoId.fromBytes(bytes);
            String text = id.toString();
            assertEquals(16, text.length());
            assertTrue(text.matches("[2-9a-x]{16}"), text);
            assertArrayEquals(bytes, SnoId.parse(text).toBytes());
            assertEquals(id, SnoId.parse(text));
            assertEquals(id.meta(), SnoId.metaOf(text));
            assertEquals(bytes[5] & 0xFF, id.meta());
            assertEquals(text, bigEndianBase32(bytes));
            char[] chars = new char[16];
            id.encodeTo(chars, 0);
            assertEquals(text, new String(chars));
        });
    }

    @Test
    void uuidBytesRoundTripInTheUuidsByteOrder() {
        Property.forAll("ID -> UUID bytes -> ID", 10_000, r -> {
            SnoId id = SnoId.fromBytes(randomBytes(r));
            byte[] image = id.toUuidBytes();
            UUID uuid = id.toUuid();
            assertEquals(uuid.getMostSignificantBits(), ByteBuffer.wrap(image).getLong(0));
            assertEquals(uuid.getLeastSignificantBits(), ByteBuffer.wrap(image).getLong(8));
            assertEquals(id, SnoId.fromUuidBytes(image));
            SnoId other = SnoId.fromBytes(randomBytes(r));
            assertEquals(Integer.signum(id.compareTo(other)),
                    Integer.signum(Arrays.compareUnsigned(image, other.toUuidBytes())), id + " " + other);
        });
    }

    @Test
    void idToUuidToIdRoundTrips() {
        Property.forAll("ID -> UUID -> ID", CASES, r -> {
            SnoId id = SnoId.fromBytes(randomBytes(r));
            assertEquals(id, SnoId.fromUuid(id.toUuid()));
            assertEquals(0, id.toUuid().getLeastSignificantBits() & 0xFFFF_FFFF_FFFFL);
        });
    }

    @Test
    void componentsRoundTripThroughOf() {
        Property.forAll("components -> ID -> components", CASES, r -> {
            long units = r.nextLong(SnoId.MAX_UNITS + 1);
            Instant time = Instant.ofEpochMilli(SnoId.EPOCH_MILLIS + units * 4 + r.nextInt(4))
                    .plusNanos(r.nextInt(1_000_000));
            boolean tick = r.nextBoolean();
            int meta = r.nextInt(256);
            int partition = r.nextInt(65536);
            int sequence = r.nextInt(65536);
            if (time.isAfter(SnoId.MAX_TIME)) {
                assertThrows(InvalidSnoIdException.class, () -> SnoId.of(time, tick, meta, partition, sequence));
                return;
            }
            SnoId id = SnoId.of(time, tick, meta, partition, sequence);
            assertEquals(units, id.timeUnits());
            assertEquals(tick, id.tickTock());
            assertEquals(meta, id.meta());
            assertEquals(partition, id.partition());
            assertEquals(sequence, id.sequence());
            assertEquals(SnoId.EPOCH_MILLIS + units * 4, id.toEpochMilli());
        });
    }

    @Test
    void compareToAgreesWithStringOrderByteOrderAndUuidByteOrder() {
        Property.forAll("order", CASES, r -> {
            byte[] a = randomBytes(r);
            byte[] b = r.nextInt(4) == 0 ? nearby(a, r) : randomBytes(r);
            SnoId x = SnoId.fromBytes(a);
            SnoId y = SnoId.fromBytes(b);
            int expected = Integer.signum(Arrays.compareUnsigned(a, b));
            assertEquals(expected, Integer.signum(x.compareTo(y)), "byte order");
            assertEquals(-expected, Integer.signum(y.compareTo(x)), "antisymmetry");
            assertEquals(expected, Integer.signum(x.toString().compareTo(y.toString())), "string order");
            assertEquals(expected, Integer.signum(Arrays.compareUnsigned(uuidBytes(x), uuidBytes(y))),
                    "UUID byte order");
            assertEquals(expected == 0, x.equals(y));
            if (expected == 0) {
                assertEquals(x.hashCode(), y.hashCode());
            }
        });
    }

    /** A copy of a with one byte changed by +-1 or the last bytes equal: exercises ties. */
    private static byte[] nearby(byte[] a, SplittableRandom r) {
        byte[] b = a.clone();
        int i = r.nextInt(11);
        if (i < 10) {
            b[i] = (byte) (b[i] + (r.nextBoolean() ? 1 : -1));
        }
        return b;
    }

    @Test
    void stringsWithOneBadCharacterAreAlwaysRejected() {
        Property.forAll("one bad character", CASES, r -> {
            char[] chars = SnoId.fromBytes(randomBytes(r)).toString().toCharArray();
            int index = r.nextInt(16);
            char bad;
            do {
                bad = r.nextInt(3) == 0 ? (char) r.nextInt(0x10000) : (char) r.nextInt(0x180);
            } while (Codec.ALPHABET.indexOf(bad) >= 0);
            chars[index] = bad;
            String text = new String(chars);
            assertFalse(SnoId.isValid(text));
            InvalidSnoIdException e = assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(text));
            assertTrue(e.getMessage().contains(" at index " + index + " "), e.getMessage());
            assertThrows(InvalidSnoIdException.class, () -> SnoId.metaOf(text));
        });
    }

    @Test
    void stringsOfTheWrongLengthAreAlwaysRejected() {
        Property.forAll("wrong length", CASES, r -> {
            int length;
            do {
                length = r.nextInt(40);
            } while (length == 16);
            StringBuilder sb = new StringBuilder(length);
            for (int i = 0; i < length; i++) {
                sb.append(Codec.ALPHABET.charAt(r.nextInt(32)));
            }
            String text = sb.toString();
            assertFalse(SnoId.isValid(text));
            InvalidSnoIdException e = assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(text));
            assertTrue(e.getMessage().endsWith("(length " + length + ", expected 16)"), e.getMessage());
            assertThrows(InvalidSnoIdException.class, () -> SnoId.metaOf(text));
        });
    }

    @Test
    void firstAtAndLastAtBracketEveryIdOfTheirUnit() {
        Property.forAll("firstAt/lastAt bracket", CASES, r -> {
            byte[] bytes = randomBytes(r);
            SnoId id = SnoId.fromBytes(bytes);
            Instant inUnit = id.time().plusNanos(r.nextLong(4_000_000));
            if (inUnit.isAfter(SnoId.MAX_TIME)) {
                assertThrows(InvalidSnoIdException.class, () -> SnoId.firstAt(inUnit));
                return;
            }
            SnoId first = SnoId.firstAt(inUnit);
            SnoId last = SnoId.lastAt(inUnit);
            assertTrue(first.compareTo(id) <= 0, "first <= id");
            assertTrue(id.compareTo(last) <= 0, "id <= last");
            assertEquals(id.timeUnits(), first.timeUnits());
            assertEquals(id.timeUnits(), last.timeUnits());
            if (id.timeUnits() > 0) {
                assertTrue(SnoId.lastAt(id.time().minusMillis(4)).compareTo(id) < 0, "previous unit below");
            }
            if (id.timeUnits() < SnoId.MAX_UNITS) {
                assertTrue(SnoId.firstAt(id.time().plusMillis(4)).compareTo(id) > 0, "next unit above");
            }
        });
    }

    private static byte[] uuidBytes(SnoId id) {
        java.util.UUID u = id.toUuid();
        return ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits()).array();
    }

    /** Reference encoder: 80 bits one at a time, independent of Codec's 60+20 split. */
    private static String bigEndianBase32(byte[] bytes) {
        StringBuilder sb = new StringBuilder(16);
        for (int c = 0; c < 16; c++) {
            int v = 0;
            for (int bit = c * 5; bit < c * 5 + 5; bit++) {
                v = v << 1 | (bytes[bit / 8] >> (7 - bit % 8)) & 1;
            }
            sb.append("23456789abcdefghijklmnopqrstuvwx".charAt(v));
        }
        return sb.toString();
    }
}
