package dev.sno.jooq;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.config.SafeText;
import java.util.UUID;
import org.jooq.exception.DataTypeException;

/**
 * The values {@link SnoJooq#UUID} and {@link SnoJooq#BINARY} take where jOOQ converts an
 * arbitrary object ({@code DataType.convert}, so {@code DSL.val(Object, DataType)} and
 * {@code Record.fromMap}, {@code Record.from}): the same for both types. Anything else is refused
 * with a {@link DataTypeException} naming it; nothing becomes {@code null} but {@code null}.
 */
final class Values {

    /** What a value must be, for the messages. */
    private static final String EXPECTED = "neither the 16-character text of a sno ID nor the UUID text"
            + " (8-4-4-4-12 hexadecimal digits) of a sno ID's UUID image";

    /** The length of the UUID text form, 8-4-4-4-12 hexadecimal digits. */
    private static final int UUID_TEXT = 36;

    /** The length of a UUID image in bytes. */
    private static final int IMAGE = 16;

    private Values() {
    }

    /**
     * The ID a value stands for.
     *
     * @param value  null; a {@link SnoId}; its 16-character text; the canonical text of its UUID
     *     image (36 characters, hexadecimal digits of either case); a {@link UUID} that is its
     *     image; or the 16 bytes of its image
     * @return the ID, or null for null
     * @throws DataTypeException for any other value; the message names it
     */
    static SnoId snoId(Object value) {
        if (value == null || value instanceof SnoId) {
            return (SnoId) value;
        }
        if (value instanceof String text) {
            return fromText(text);
        }
        if (value instanceof UUID uuid) {
            return fromUuid(uuid, uuid.toString());
        }
        if (value instanceof byte[] bytes) {
            return fromImage(bytes);
        }
        throw new DataTypeException("Not a sno ID: " + SafeText.of(String.valueOf(value)) + " (a "
                + value.getClass().getName() + "; a sno ID is a SnoId, its text, a UUID or the 16 bytes of its UUID image)");
    }

    private static SnoId fromText(String text) {
        if (text.length() == UUID_TEXT && isUuidText(text)) {
            return fromUuid(UUID.fromString(text), '"' + text + '"');
        }
        try {
            return SnoId.parse(text);
        } catch (InvalidSnoIdException e) {
            throw new DataTypeException("Not a sno ID: \"" + SafeText.of(text) + "\" (" + EXPECTED + ")", e);
        }
    }

    private static SnoId fromUuid(UUID uuid, String shown) {
        try {
            return SnoId.fromUuid(uuid);
        } catch (InvalidSnoIdException e) {
            throw nonZeroTail(shown, e);
        }
    }

    private static DataTypeException nonZeroTail(String shown, InvalidSnoIdException e) {
        return new DataTypeException("Not a sno ID: " + shown + " (bytes 10..15 must be zero in a sno ID's UUID image)", e);
    }

    private static SnoId fromImage(byte[] bytes) {
        if (bytes.length != IMAGE) {
            throw new DataTypeException("Not a sno ID: " + SnoIdBinaryConverter.hex(bytes) + " (length " + bytes.length
                    + ", expected 16: the UUID image of a sno ID)");
        }
        try {
            return SnoId.fromUuidBytes(bytes);
        } catch (InvalidSnoIdException e) {
            throw nonZeroTail(SnoIdBinaryConverter.hex(bytes), e);
        }
    }

    /** Exactly 8-4-4-4-12 hexadecimal digits: what UUID.toString writes, in either case. */
    private static boolean isUuidText(String text) {
        for (int i = 0; i < UUID_TEXT; i++) {
            char c = text.charAt(i);
            boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
            if (dash ? c != '-' : Character.digit(c, 16) < 0 || c > 'f') {
                return false;
            }
        }
        return true;
    }
}
