package dev.sno.jooq;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import java.util.Arrays;
import java.util.Random;
import java.util.UUID;
import org.jooq.exception.DataTypeException;
import org.junit.jupiter.api.Test;

/** The converters alone: both directions, null, and the values they refuse with their messages. */
class ConvertersTest {

    private final SnoIdConverter uuid = new SnoIdConverter();
    private final SnoIdBinaryConverter binary = new SnoIdBinaryConverter();

    @Test
    void roundTripsSeeded() {
        long seed = GeneratedCodeTest.seed();
        for (SnoId id : GeneratedCodeTest.ids(new Random(seed), 5_000)) {
            assertEquals(id.toUuid(), uuid.to(id), "seed " + seed);
            assertEquals(id, uuid.from(uuid.to(id)), "seed " + seed);
            assertArrayEquals(Arrays.copyOf(id.toBytes(), 16), binary.to(id), "seed " + seed);
            assertEquals(id, binary.from(binary.to(id)), "seed " + seed);
        }
    }

    @Test
    void nullIsNullBothWays() {
        assertNull(uuid.from(null));
        assertNull(uuid.to(null));
        assertNull(binary.from(null));
        assertNull(binary.to(null));
    }

    @Test
    void types() {
        assertEquals(UUID.class, uuid.fromType());
        assertEquals(SnoId.class, uuid.toType());
        assertEquals(byte[].class, binary.fromType());
        assertEquals(SnoId.class, binary.toType());
        assertEquals(SnoId.class, SnoJooq.UUID.getType());
        assertEquals(SnoId.class, SnoJooq.BINARY.getType());
        // declared over Object, so that jOOQ hands other objects to convert untouched (TextValuesTest)
        assertEquals(Object.class, SnoJooq.UUID.getFromType());
        assertEquals(Object.class, SnoJooq.BINARY.getFromType());
        assertEquals("uuid", SnoJooq.UUID.getCastTypeName());
        assertEquals("binary(16)", SnoJooq.BINARY.getCastTypeName());
        assertEquals(16, SnoJooq.BINARY.length());
    }

    @Test
    void eachImageIsANewArray() {
        SnoId id = SnoId.parse("29gfem22232im222");
        byte[] first = binary.to(id);
        first[0] = 0;
        assertNotSame(first, binary.to(id));
        assertEquals(id, binary.from(binary.to(id)));
    }

    @Test
    void aUuidThatIsNotAnImageIsNamed() {
        UUID bad = UUID.fromString("3e1b24e9-0005-dcc4-0001-000000000001");
        DataTypeException e = assertThrows(DataTypeException.class, () -> uuid.from(bad));
        assertEquals("Not a sno ID in a UUID column: 3e1b24e9-0005-dcc4-0001-000000000001"
                + " (bytes 10..15 must be zero in a sno ID's UUID image)", e.getMessage());
        assertInstanceOf(InvalidSnoIdException.class, e.getCause());
    }

    @Test
    void sixteenBytesThatAreNotAnImageAreNamed() {
        byte[] bad = new byte[16];
        bad[0] = (byte) 0xAB;
        bad[10] = 1;
        DataTypeException e = assertThrows(DataTypeException.class, () -> binary.from(bad));
        assertEquals("Not a sno ID in a BINARY(16) column: 0xab000000000000000000010000000000"
                + " (bytes 10..15 must be zero in a sno ID's UUID image)", e.getMessage());
        assertInstanceOf(InvalidSnoIdException.class, e.getCause());
    }

    @Test
    void otherLengthsAreNamed() {
        DataTypeException empty = assertThrows(DataTypeException.class, () -> binary.from(new byte[0]));
        assertEquals("Not a sno ID in a BINARY(16) column: 0x (length 0, expected 16: the UUID image of a sno ID)",
                empty.getMessage());
        // the 10 bytes of an ID are not its image either: a BINARY(16) column never returns them
        byte[] ten = SnoId.parse("29gfem22232im222").toBytes();
        DataTypeException tenBytes = assertThrows(DataTypeException.class, () -> binary.from(ten));
        assertEquals("Not a sno ID in a BINARY(16) column: 0x" + hex(ten)
                + " (length 10, expected 16: the UUID image of a sno ID)", tenBytes.getMessage());
        byte[] seventeen = new byte[17];
        Arrays.fill(seventeen, (byte) 0x0F);
        assertEquals("Not a sno ID in a BINARY(16) column: 0x" + "0f".repeat(17)
                + " (length 17, expected 16: the UUID image of a sno ID)",
                assertThrows(DataTypeException.class, () -> binary.from(seventeen)).getMessage());
        // a long value is cut after 32 bytes
        byte[] long40 = new byte[40];
        assertEquals("Not a sno ID in a BINARY(16) column: 0x" + "00".repeat(32)
                + "... (length 40, expected 16: the UUID image of a sno ID)",
                assertThrows(DataTypeException.class, () -> binary.from(long40)).getMessage());
    }

    @Test
    void withinNeedsAFieldAndARange() {
        SnoIdRange range = new SnoIdRange(SnoId.ZERO, SnoId.MAX);
        assertThrows(NullPointerException.class, () -> SnoJooq.within(null, range));
        assertThrows(NullPointerException.class,
                () -> SnoJooq.within(dev.sno.jooq.example.uuid.Tables.EVENT.ID, null));
    }

    private static String hex(byte[] bytes) {
        StringBuilder s = new StringBuilder();
        for (byte b : bytes) {
            s.append(String.format("%02x", b));
        }
        return s.toString();
    }
}
