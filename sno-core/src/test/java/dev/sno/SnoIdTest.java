package dev.sno;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SnoIdTest {

    /** 2020-09-13T12:26:40.120Z, tick-tock set, meta 0xAB, partition 0x410A, sequence 0x0102. */
    private static final SnoId SAMPLE =
            SnoId.of(Instant.parse("2020-09-13T12:26:40.123Z"), true, 0xAB, 0x410A, 0x0102);

    @Test
    void constantsHaveTheirDocumentedValues() {
        assertEquals(10, SnoId.SIZE_BYTES);
        assertEquals(16, SnoId.SIZE_CHARS);
        assertEquals(Instant.parse("2010-01-01T00:00:00Z"), SnoId.EPOCH);
        assertEquals(Duration.ofMillis(4), SnoId.TIME_UNIT);
        assertEquals(Instant.parse("2079-09-07T15:47:35.548Z"), SnoId.MAX_TIME);
        assertEquals("2222222222222222", SnoId.ZERO.toString());
        assertEquals("xxxxxxxxxxxxxxxx", SnoId.MAX.toString());
        assertArrayEquals(new byte[10], SnoId.ZERO.toBytes());
        byte[] ones = new byte[10];
        Arrays.fill(ones, (byte) 0xFF);
        assertArrayEquals(ones, SnoId.MAX.toBytes());
        assertEquals(SnoId.EPOCH, SnoId.ZERO.time());
        assertEquals(SnoId.MAX_TIME, SnoId.MAX.time());
    }

    @Test
    void valueOfHasTheContractOfParse() {
        assertEquals(SnoId.parse("29gfem22232im222"), SnoId.valueOf("29gfem22232im222"));
        InvalidSnoIdException e = assertThrows(InvalidSnoIdException.class, () -> SnoId.valueOf("29gfem22232im22Z"));
        assertEquals("Invalid sno ID: \"29gfem22232im22Z\" (character 'Z' at index 15 is not in the alphabet "
                + "23456789abcdefghijklmnopqrstuvwx)", e.getMessage());
        NullPointerException npe = assertThrows(NullPointerException.class, () -> SnoId.valueOf((String) null));
        assertEquals("text", npe.getMessage());
    }

    @Test
    void valueOfUuidHasTheContractOfFromUuid() {
        SnoId id = SnoId.parse("29gfem22232im222");
        assertEquals(id, SnoId.valueOf(id.toUuid()));
        InvalidSnoIdException e = assertThrows(InvalidSnoIdException.class,
                () -> SnoId.valueOf(UUID.fromString("01234567-89ab-cdef-0123-000000000001")));
        assertEquals("Invalid sno ID UUID: 01234567-89ab-cdef-0123-000000000001 (bytes 10..15 must be zero in the"
                + " image of a sno ID)", e.getMessage());
        assertEquals("uuid", assertThrows(NullPointerException.class, () -> SnoId.valueOf((UUID) null)).getMessage());
    }

    @Test
    void isAFinalValueClassWithoutPublicConstructors() {
        assertTrue(Modifier.isFinal(SnoId.class.getModifiers()));
        assertEquals(0, SnoId.class.getConstructors().length);
        assertTrue(Modifier.isFinal(InvalidSnoIdException.class.getModifiers()));
        assertTrue(IllegalArgumentException.class.isAssignableFrom(InvalidSnoIdException.class));
    }

    @Test
    void ofFloorsTimeToItsUnitAndPlacesEveryComponent() {
        assertEquals(Instant.parse("2020-09-13T12:26:40.120Z"), SAMPLE.time());
        assertEquals(Instant.parse("2020-09-13T12:26:40.120Z").toEpochMilli(), SAMPLE.toEpochMilli());
        assertEquals((SAMPLE.toEpochMilli() - 1_262_304_000_000L) / 4, SAMPLE.timeUnits());
        assertTrue(SAMPLE.tickTock());
        assertEquals(0xAB, SAMPLE.meta());
        assertEquals(0x410A, SAMPLE.partition());
        assertEquals(0x0102, SAMPLE.sequence());

        byte[] b = SAMPLE.toBytes();
        long fortyBits = 0;
        for (int i = 0; i < 5; i++) {
            fortyBits = fortyBits << 8 | (b[i] & 0xFF);
        }
        assertEquals(SAMPLE.timeUnits(), fortyBits >>> 1);
        assertEquals(1, fortyBits & 1);
        assertEquals((byte) 0xAB, b[5]);
        assertEquals((byte) 0x41, b[6]);
        assertEquals((byte) 0x0A, b[7]);
        assertEquals((byte) 0x01, b[8]);
        assertEquals((byte) 0x02, b[9]);
    }

    @Test
    void ofAcceptsTheEdgesOfEveryRange() {
        SnoId low = SnoId.of(SnoId.EPOCH, false, 0, 0, 0);
        assertEquals(SnoId.ZERO, low);
        SnoId high = SnoId.of(SnoId.MAX_TIME, true, 255, 65535, 65535);
        assertEquals(SnoId.MAX, high);
    }

    @Test
    void ofRejectsComponentsOutOfRangeNamingThem() {
        Instant t = SnoId.EPOCH;
        assertEquals("Invalid sno ID meta: 256 (must be in [0, 255])",
                assertThrows(InvalidSnoIdException.class, () -> SnoId.of(t, false, 256, 0, 0)).getMessage());
        assertEquals("Invalid sno ID meta: -1 (must be in [0, 255])",
                assertThrows(InvalidSnoIdException.class, () -> SnoId.of(t, false, -1, 0, 0)).getMessage());
        assertEquals("Invalid sno ID partition: 65536 (must be in [0, 65535])",
                assertThrows(InvalidSnoIdException.class, () -> SnoId.of(t, false, 0, 65536, 0)).getMessage());
        assertEquals("Invalid sno ID partition: -1 (must be in [0, 65535])",
                assertThrows(InvalidSnoIdException.class, () -> SnoId.of(t, false, 0, -1, 0)).getMessage());
        assertEquals("Invalid sno ID sequence: 65536 (must be in [0, 65535])",
                assertThrows(InvalidSnoIdException.class, () -> SnoId.of(t, false, 0, 0, 65536)).getMessage());
        assertEquals("Invalid sno ID sequence: -7 (must be in [0, 65535])",
                assertThrows(InvalidSnoIdException.class, () -> SnoId.of(t, false, 0, 0, -7)).getMessage());
    }

    @Test
    void ofRejectsTimesOutsideTheSnoRange() {
        Instant before = SnoId.EPOCH.minusNanos(1);
        assertEquals("Invalid sno ID time: 2009-12-31T23:59:59.999999999Z"
                        + " (must be in [2010-01-01T00:00:00Z, 2079-09-07T15:47:35.548Z])",
                assertThrows(InvalidSnoIdException.class, () -> SnoId.of(before, false, 0, 0, 0)).getMessage());
        Instant after = SnoId.MAX_TIME.plusNanos(1);
        assertThrows(InvalidSnoIdException.class, () -> SnoId.of(after, false, 0, 0, 0));
        assertThrows(InvalidSnoIdException.class, () -> SnoId.of(Instant.MAX, false, 0, 0, 0));
        assertThrows(InvalidSnoIdException.class, () -> SnoId.of(Instant.MIN, false, 0, 0, 0));
        assertThrows(InvalidSnoIdException.class, () -> SnoId.firstAt(before));
        assertThrows(InvalidSnoIdException.class, () -> SnoId.lastAt(after));
        assertEquals("time", assertThrows(NullPointerException.class,
                () -> SnoId.of(null, false, 0, 0, 0)).getMessage());
    }

    @Test
    void firstAtAndLastAtSpanExactlyOneUnit() {
        Instant t = Instant.parse("2024-02-29T23:59:59.999Z");
        SnoId first = SnoId.firstAt(t);
        SnoId last = SnoId.lastAt(t);
        assertEquals(Instant.parse("2024-02-29T23:59:59.996Z"), first.time());
        assertEquals(first.time(), last.time());
        assertFalse(first.tickTock());
        assertTrue(last.tickTock());
        assertEquals(0, first.meta() | first.partition() | first.sequence());
        assertEquals(255, last.meta());
        assertEquals(65535, last.partition());
        assertEquals(65535, last.sequence());
        // The next unit starts right after the last ID of this one.
        SnoId next = SnoId.firstAt(t.plusMillis(1));
        assertTrue(last.compareTo(next) < 0);
        assertEquals(next.timeUnits(), last.timeUnits() + 1);
        assertEquals(SnoId.ZERO, SnoId.firstAt(SnoId.EPOCH));
        assertEquals(SnoId.MAX, SnoId.lastAt(SnoId.MAX_TIME));
    }

    @Test
    void withMetaChangesOnlyTheMetabyte() {
        SnoId v2 = SAMPLE.withMeta(0xAC);
        assertEquals(0xAC, v2.meta());
        assertEquals(SAMPLE.timeUnits(), v2.timeUnits());
        assertEquals(SAMPLE.tickTock(), v2.tickTock());
        assertEquals(SAMPLE.partition(), v2.partition());
        assertEquals(SAMPLE.sequence(), v2.sequence());
        assertEquals(SAMPLE, v2.withMeta(0xAB));
        assertEquals(0, SnoId.MAX.withMeta(0).meta());
        assertEquals("xxxxxxxx25xxxxxx", SnoId.MAX.withMeta(0).toString());
        assertThrows(InvalidSnoIdException.class, () -> SAMPLE.withMeta(256));
        assertThrows(InvalidSnoIdException.class, () -> SAMPLE.withMeta(-1));
    }

    @Test
    void metaOfReadsOnlyCharactersEightAndNineButValidatesAll() {
        assertEquals(SAMPLE.meta(), SnoId.metaOf(SAMPLE.toString()));
        for (int meta = 0; meta < 256; meta++) {
            assertEquals(meta, SnoId.metaOf(SAMPLE.withMeta(meta).toString()));
        }
        String bad = SAMPLE.toString().substring(0, 15) + "z";
        InvalidSnoIdException e = assertThrows(InvalidSnoIdException.class, () -> SnoId.metaOf(bad));
        assertTrue(e.getMessage().contains("at index 15"), e.getMessage());
        assertThrows(InvalidSnoIdException.class, () -> SnoId.metaOf("22"));
        assertEquals("text", assertThrows(NullPointerException.class, () -> SnoId.metaOf(null)).getMessage());
    }

    @Test
    void bytesRoundTripAtAnOffset() {
        byte[] buf = new byte[14];
        Arrays.fill(buf, (byte) 0x5A);
        SAMPLE.writeBytes(buf, 2);
        assertEquals(0x5A, buf[0]);
        assertEquals(0x5A, buf[1]);
        assertEquals(0x5A, buf[12]);
        assertEquals(0x5A, buf[13]);
        assertArrayEquals(SAMPLE.toBytes(), Arrays.copyOfRange(buf, 2, 12));
        assertEquals(SAMPLE, SnoId.fromBytes(buf, 2));
    }

    @Test
    void byteArraysOfTheWrongSizeAreRejected() {
        assertEquals("Invalid sno ID bytes: [00 01 02 03 04 05 06 07 08] (length 9, expected 10)",
                assertThrows(InvalidSnoIdException.class,
                        () -> SnoId.fromBytes(new byte[] {0, 1, 2, 3, 4, 5, 6, 7, 8})).getMessage());
        assertThrows(InvalidSnoIdException.class, () -> SnoId.fromBytes(new byte[11]));
        assertThrows(InvalidSnoIdException.class, () -> SnoId.fromBytes(new byte[0]));
        assertThrows(IndexOutOfBoundsException.class, () -> SnoId.fromBytes(new byte[12], 3));
        assertThrows(IndexOutOfBoundsException.class, () -> SnoId.fromBytes(new byte[12], -1));
        assertEquals("bytes", assertThrows(NullPointerException.class,
                () -> SnoId.fromBytes(null)).getMessage());
        assertEquals("bytes", assertThrows(NullPointerException.class,
                () -> SnoId.fromBytes(null, 0)).getMessage());
    }

    @Test
    void writesOutOfBoundsWriteNothing() {
        byte[] small = new byte[15];
        assertThrows(IndexOutOfBoundsException.class, () -> SAMPLE.encodeTo(small, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> SAMPLE.writeBytes(small, 6));
        assertThrows(IndexOutOfBoundsException.class, () -> SAMPLE.writeBytes(small, -1));
        assertArrayEquals(new byte[15], small);
        assertEquals("dst", assertThrows(NullPointerException.class, () -> SAMPLE.encodeTo((byte[]) null, 0)).getMessage());
        assertEquals("dst", assertThrows(NullPointerException.class, () -> SAMPLE.writeBytes(null, 0)).getMessage());
    }

    @Test
    void encodeToWritesTheCanonicalAsciiForm() {
        byte[] buf = new byte[20];
        SAMPLE.encodeTo(buf, 3);
        assertEquals(SAMPLE.toString(), new String(buf, 3, 16, StandardCharsets.US_ASCII));
        assertEquals(0, buf[2]);
        assertEquals(0, buf[19]);
    }

    @Test
    void encodeToCharsWritesTheCanonicalFormAndNothingElse() {
        char[] buf = new char[20];
        java.util.Arrays.fill(buf, '.');
        SAMPLE.encodeTo(buf, 2);
        assertEquals(".." + SAMPLE + "..", new String(buf));
        char[] small = new char[17];
        assertThrows(IndexOutOfBoundsException.class, () -> SAMPLE.encodeTo(small, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> SAMPLE.encodeTo(small, -1));
        assertEquals(new String(new char[17]), new String(small), "nothing written");
        assertEquals("dst", assertThrows(NullPointerException.class,
                () -> SAMPLE.encodeTo((char[]) null, 0)).getMessage());
    }

    @Test
    void uuidImageHoldsTheBytesThenSixZeroBytes() {
        UUID uuid = SAMPLE.toUuid();
        byte[] id = SAMPLE.toBytes();
        String hex = uuid.toString().replace("-", "");
        StringBuilder expected = new StringBuilder();
        for (byte b : id) {
            expected.append(String.format("%02x", b & 0xFF));
        }
        expected.append("000000000000");
        assertEquals(expected.toString(), hex);
        assertEquals(SAMPLE, SnoId.fromUuid(uuid));
        assertEquals(new UUID(0, 0), SnoId.ZERO.toUuid());
        assertEquals(UUID.fromString("ffffffff-ffff-ffff-ffff-000000000000"), SnoId.MAX.toUuid());
    }

    @Test
    void uuidsWithANonZeroTailAreRejectedNamingTheUuid() {
        UUID bad = UUID.fromString("01234567-89ab-cdef-0123-000000000001");
        assertEquals("Invalid sno ID UUID: 01234567-89ab-cdef-0123-000000000001"
                        + " (bytes 10..15 must be zero in the image of a sno ID)",
                assertThrows(InvalidSnoIdException.class, () -> SnoId.fromUuid(bad)).getMessage());
        assertThrows(InvalidSnoIdException.class,
                () -> SnoId.fromUuid(UUID.fromString("00000000-0000-0000-0000-800000000000")));
        assertThrows(InvalidSnoIdException.class, () -> SnoId.fromUuid(UUID.randomUUID()));
        assertEquals("uuid", assertThrows(NullPointerException.class, () -> SnoId.fromUuid(null)).getMessage());
    }

    @Test
    void uuidBytesAreTheUuidImageInItsByteOrder() {
        byte[] image = SAMPLE.toUuidBytes();
        assertEquals(16, image.length);
        assertArrayEquals(SAMPLE.toBytes(), Arrays.copyOf(image, 10));
        assertArrayEquals(new byte[6], Arrays.copyOfRange(image, 10, 16));
        UUID uuid = SAMPLE.toUuid();
        assertArrayEquals(ByteBuffer.allocate(16).putLong(uuid.getMostSignificantBits())
                .putLong(uuid.getLeastSignificantBits()).array(), image);
        assertEquals(SAMPLE, SnoId.fromUuidBytes(image));
        assertArrayEquals(new byte[16], SnoId.ZERO.toUuidBytes());
        assertEquals(SnoId.MAX, SnoId.fromUuidBytes(SnoId.MAX.toUuidBytes()));
        assertNotSame(SAMPLE.toUuidBytes(), SAMPLE.toUuidBytes());
    }

    @Test
    void uuidBytesOfAnotherLengthOrWithANonZeroTailAreRejected() {
        for (int n = 0; n <= 40; n++) {
            if (n != 16) {
                byte[] bytes = new byte[n];
                InvalidSnoIdException e = assertThrows(InvalidSnoIdException.class, () -> SnoId.fromUuidBytes(bytes));
                assertTrue(e.getMessage().startsWith("Invalid sno ID UUID bytes: [")
                        && e.getMessage().endsWith(" (length " + n + ", expected 16)"), e.getMessage());
            }
        }
        assertEquals("Invalid sno ID UUID bytes: [00 01 02 03 04 05 06 07 08 09] (length 10, expected 16)",
                assertThrows(InvalidSnoIdException.class,
                        () -> SnoId.fromUuidBytes(new byte[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9})).getMessage());
        for (int i = 10; i < 16; i++) {
            byte[] bytes = SAMPLE.toUuidBytes();
            bytes[i] = (byte) 0x80;
            assertThrows(InvalidSnoIdException.class, () -> SnoId.fromUuidBytes(bytes), "byte " + i);
        }
        byte[] bad = {0x01, 0x23, 0x45, 0x67, (byte) 0x89, (byte) 0xab, (byte) 0xcd, (byte) 0xef, 0x01, 0x23, 0, 0, 0, 0, 0, 1};
        assertEquals("Invalid sno ID UUID: 01234567-89ab-cdef-0123-000000000001"
                        + " (bytes 10..15 must be zero in the image of a sno ID)",
                assertThrows(InvalidSnoIdException.class, () -> SnoId.fromUuidBytes(bad)).getMessage());
        assertEquals("bytes", assertThrows(NullPointerException.class, () -> SnoId.fromUuidBytes(null)).getMessage());
    }

    @Test
    void orderIsUnsignedByteOrder() {
        SnoId highBit = SnoId.parse("i222222222222222"); // byte 0 = 0x80
        SnoId low = SnoId.parse("h222222222222222");
        assertTrue(low.compareTo(highBit) < 0);
        assertTrue(SnoId.ZERO.compareTo(SnoId.MAX) < 0);
        SnoId seqHigh = SnoId.fromBytes(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, (byte) 0x80, 0});
        SnoId seqLow = SnoId.fromBytes(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0x7F, (byte) 0xFF});
        assertTrue(seqLow.compareTo(seqHigh) < 0);
        assertEquals(0, SAMPLE.compareTo(SnoId.parse(SAMPLE.toString())));
        // java.util.UUID compares signed longs: it puts the high-bit ID first, sno does not.
        assertTrue(highBit.toUuid().compareTo(low.toUuid()) < 0);
    }

    @Test
    void equalsAndHashCodeUseAllEightyBits() {
        SnoId a = SnoId.parse(SAMPLE.toString());
        assertEquals(SAMPLE, a);
        assertEquals(SAMPLE.hashCode(), a.hashCode());
        assertNotEquals(SAMPLE, SAMPLE.withMeta(1));
        assertNotEquals(SnoId.ZERO, SnoId.fromBytes(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
        assertNotEquals(SnoId.ZERO, null);
        assertNotEquals(SnoId.ZERO, "2222222222222222");
    }

    @Test
    void serializesThroughItsProxy() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(SAMPLE);
        }
        String stream = new String(bytes.toByteArray(), StandardCharsets.ISO_8859_1);
        assertTrue(stream.contains("dev.sno.SnoId$Proxy"), "written as the proxy");
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertEquals(SAMPLE, in.readObject());
        }
    }

    @Test
    void refusesAStreamThatClaimsToHoldASnoIdDirectly() throws Exception {
        // Write a look-alike class, then rename it in the stream to dev.sno.SnoId.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new Forged());
        }
        byte[] stream = bytes.toByteArray();
        String forgedName = Forged.class.getName();
        byte[] renamed = replace(stream, forgedName, "dev.sno.SnoId");
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(renamed))) {
            assertThrows(InvalidObjectException.class, in::readObject);
        }
    }

    /** Same shape as SnoId's fields; only used to forge a stream. */
    static final class Forged implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        @SuppressWarnings("unused")
        private final long hi = 1;
        @SuppressWarnings("unused")
        private final char lo = 2;
    }

    private static byte[] replace(byte[] stream, String from, String to) {
        // Class names are written as modified UTF-8 with a 2-byte length prefix.
        byte[] f = from.getBytes(StandardCharsets.US_ASCII);
        byte[] t = to.getBytes(StandardCharsets.US_ASCII);
        for (int i = 2; i + f.length <= stream.length; i++) {
            if (Arrays.equals(stream, i, i + f.length, f, 0, f.length)) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.write(stream, 0, i - 2);
                out.write(t.length >> 8);
                out.write(t.length);
                out.write(t, 0, t.length);
                out.write(stream, i + f.length, stream.length - i - f.length);
                return out.toByteArray();
            }
        }
        throw new AssertionError("class name not found in stream");
    }
}
