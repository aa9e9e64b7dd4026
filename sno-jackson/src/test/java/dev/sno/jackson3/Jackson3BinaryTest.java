package dev.sno.jackson3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoId;
import dev.sno.jackson.Seeded;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.util.TokenBuffer;
import tools.jackson.dataformat.cbor.CBORMapper;

/** Byte strings of every length, and random documents, in Jackson 3's binary formats. */
class Jackson3BinaryTest {

    static final ObjectMapper CBOR = CBORMapper.builder().addModule(new SnoModule()).build();
    private static final Duration BOUND = Duration.ofSeconds(60);

    @Test
    void aByteStringOfTheWrongLengthSaysWhichLengthItHad() {
        byte[] eleven = new byte[11];
        eleven[10] = 0x1B;
        InvalidFormatException e = assertThrows(InvalidFormatException.class,
                () -> CBOR.readValue(CBOR.writeValueAsBytes(eleven), SnoId.class));
        assertTrue(e.getMessage().startsWith("Cannot deserialize value of type `dev.sno.SnoId` from a byte string:"
                + " expected 10 bytes, got 11 ([00 00 00 00 00 00 00 00 00 00 1b])\n at [Source: "), e.getMessage());
        assertArrayEquals(eleven, (byte[]) e.getValue());
        assertSame(SnoId.class, e.getTargetType());
        InvalidFormatException inRecord = assertThrows(InvalidFormatException.class,
                () -> CBOR.readValue(CBOR.writeValueAsBytes(java.util.Map.of("id", new byte[3], "name", "n")),
                        Jackson3Test.Ref.class));
        assertTrue(inRecord.getMessage().contains("expected 10 bytes, got 3 ([00 00 00])"), inRecord.getMessage());
        assertEquals("id", inRecord.getPath().get(0).getPropertyName());
    }

    @Test
    void aProblemHandlerCanStillTakeAByteStringOfTheWrongLength() {
        ObjectMapper lenient = CBORMapper.builder().addModule(new SnoModule())
                .addHandler(new tools.jackson.databind.deser.DeserializationProblemHandler() {
                    @Override
                    public Object handleWeirdNativeValue(tools.jackson.databind.DeserializationContext ctxt,
                            tools.jackson.databind.JavaType targetType, Object value, tools.jackson.core.JsonParser p) {
                        return SnoId.ZERO;
                    }
                }).build();
        assertEquals(SnoId.ZERO, lenient.readValue(CBOR.writeValueAsBytes(new byte[3]), SnoId.class));
    }

    @Test
    void anyBufferedByteStringOfTheWrongLengthSaysSoToo() {
        TokenBuffer buffer = TokenBuffer.forGeneration();
        buffer.writeBinary(new byte[32]);
        InvalidFormatException e = assertThrows(InvalidFormatException.class,
                () -> CBOR.readValue(buffer.asParser(), SnoId.class));
        assertTrue(e.getMessage().contains("expected 10 bytes, got 32 ([00 00"), e.getMessage());
    }

    @Test
    void byteStringsOfEveryLengthReadAsAnIdOrFailNamingTheirLength() {
        Seeded.forAll("CBOR byte strings of length 0..32", 2000, r -> {
            byte[] b = Seeded.bytes(r, r.nextInt(33));
            assertTimeoutPreemptively(BOUND, () -> {
                byte[] cbor = CBOR.writeValueAsBytes(b);
                if (b.length == SnoId.SIZE_BYTES) {
                    assertEquals(SnoId.fromBytes(b), CBOR.readValue(cbor, SnoId.class));
                } else {
                    InvalidFormatException e = assertThrows(InvalidFormatException.class,
                            () -> CBOR.readValue(cbor, SnoId.class));
                    assertTrue(e.getMessage().contains(": expected 10 bytes, got " + b.length + " ("), e.getMessage());
                }
            });
        });
    }

    @Test
    void randomDocumentsEndInAnIdOrJacksonsOwnException() {
        Seeded.forAll("random CBOR documents", 5000, r -> {
            byte[] doc = Seeded.bytes(r, r.nextInt(40));
            if (r.nextBoolean() && doc.length > 0) {
                doc[0] = (byte) (0x40 | r.nextInt(28));   // a byte string head with a random length
            }
            byte[] input = doc;
            assertTimeoutPreemptively(BOUND, () -> {
                try {
                    CBOR.readValue(input, SnoId.class);
                } catch (JacksonException expected) {
                    // the documented failure; anything else escapes and fails the test
                }
            });
        });
    }
}
