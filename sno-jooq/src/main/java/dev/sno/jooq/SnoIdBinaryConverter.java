package dev.sno.jooq;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import java.util.UUID;
import org.jooq.Converter;
import org.jooq.exception.DataTypeException;

/**
 * A jOOQ converter between a {@code BINARY(16)} column and {@link SnoId}: the column holds the 16
 * bytes of the ID's UUID image (the ID's 10 bytes, then six zero bytes), which MariaDB and MySQL
 * compare byte by byte, so {@code ORDER BY} and range conditions follow sno order. This is where
 * MariaDB keeps sno IDs: its own {@code UUID} type does not sort in sno order. For code
 * generation, name this class as the {@code converter} of a {@code forcedType} whose
 * {@code userType} is {@code dev.sno.SnoId}; by hand, use {@link SnoJooq#BINARY}.
 *
 * <p>No custom {@link org.jooq.Binding} is needed: a converter keeps jOOQ's own binding of
 * {@code byte[]}, which sends the bytes as bytes ({@code PreparedStatement.setBytes}, or a
 * hexadecimal literal when inlined) on every dialect. What goes wrong on MariaDB is a
 * {@code java.util.UUID} bound to such a column, which travels as 36 characters of text; this
 * converter never produces one.
 *
 * <p>SQL {@code NULL} is {@code null} both ways. A value of any length other than 16 is refused
 * with a {@link DataTypeException} naming it in hexadecimal; 16 bytes that are not the image of a
 * sno ID (one of the last six is not zero) are refused with a {@link DataTypeException} naming
 * them, caused by sno's {@link InvalidSnoIdException}.
 */
public final class SnoIdBinaryConverter implements Converter<byte[], SnoId> {

    private static final long serialVersionUID = 1L;

    /** The length of the column: a UUID image. */
    private static final int LENGTH = 16;

    /** At most this many bytes of a refused value go into a message. */
    private static final int SHOWN = 32;

    /** Creates the converter; it holds no state, so any instance does. */
    public SnoIdBinaryConverter() {
    }

    /**
     * Reads a column value.
     *
     * @param bytes  the bytes the database returned, or null; not retained
     * @return the ID whose image they are, or null for null
     * @throws DataTypeException if bytes are not the 16-byte UUID image of a sno ID; the message
     *     names them
     */
    @Override
    public SnoId from(byte[] bytes) {
        if (bytes == null) {
            return null;
        }
        if (bytes.length != LENGTH) {
            throw new DataTypeException("Not a sno ID in a BINARY(16) column: " + hex(bytes) + " (length "
                    + bytes.length + ", expected 16: the UUID image of a sno ID)");
        }
        try {
            return SnoId.fromUuidBytes(bytes);
        } catch (InvalidSnoIdException e) {
            throw new DataTypeException("Not a sno ID in a BINARY(16) column: " + hex(bytes)
                    + " (bytes 10..15 must be zero in a sno ID's UUID image)", e);
        }
    }

    /**
     * Makes a column value.
     *
     * @param id  the ID, or null
     * @return a new array of 16 bytes, the ID's 10 bytes and six zero bytes, or null for null
     */
    @Override
    public byte[] to(SnoId id) {
        if (id == null) {
            return null;
        }
        return id.toUuidBytes();
    }

    /**
     * The database type.
     *
     * @return {@code byte[].class}
     */
    @Override
    public Class<byte[]> fromType() {
        return byte[].class;
    }

    /**
     * The user type.
     *
     * @return {@code SnoId.class}
     */
    @Override
    public Class<SnoId> toType() {
        return SnoId.class;
    }

    @Override
    public String toString() {
        return "SnoIdBinaryConverter[BINARY(16) <-> SnoId]";
    }

    /** The bytes as 0x and hexadecimal digits, the first 32 of them for a longer value. */
    static String hex(byte[] bytes) {
        StringBuilder s = new StringBuilder("0x");
        for (int i = 0; i < Math.min(bytes.length, SHOWN); i++) {
            s.append(Character.forDigit(bytes[i] >> 4 & 0xF, 16)).append(Character.forDigit(bytes[i] & 0xF, 16));
        }
        if (bytes.length > SHOWN) {
            s.append("...");
        }
        return s.toString();
    }
}
