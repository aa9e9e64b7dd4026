package dev.sno.jooq;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import java.util.UUID;
import org.jooq.Converter;
import org.jooq.exception.DataTypeException;

/**
 * A jOOQ converter between a {@code UUID} column and {@link SnoId}: the column holds the ID's
 * UUID image ({@link SnoId#toUuid()}: the ID's 10 bytes, then six zero bytes), which PostgreSQL's
 * {@code uuid} and H2's {@code UUID} sort in sno order. For code generation, name this class as
 * the {@code converter} of a {@code forcedType} whose {@code userType} is {@code dev.sno.SnoId};
 * by hand, use {@link SnoJooq#UUID}.
 *
 * <p>On MariaDB and MySQL, use {@link SnoIdBinaryConverter} with a {@code BINARY(16)} column
 * instead: MariaDB's {@code UUID} type does not sort in sno order.
 *
 * <p>SQL {@code NULL} is {@code null} both ways. A UUID that is not the image of a sno ID (one of
 * its last six bytes is not zero) is refused with a {@link DataTypeException} naming it, caused by
 * sno's {@link InvalidSnoIdException}.
 */
public final class SnoIdConverter implements Converter<UUID, SnoId> {

    private static final long serialVersionUID = 1L;

    /** Creates the converter; it holds no state, so any instance does. */
    public SnoIdConverter() {
    }

    /**
     * Reads a column value.
     *
     * @param uuid  the UUID the database returned, or null
     * @return the ID whose image it is, or null for null
     * @throws DataTypeException if uuid is not the UUID image of a sno ID; the message names it
     */
    @Override
    public SnoId from(UUID uuid) {
        if (uuid == null) {
            return null;
        }
        try {
            return SnoId.fromUuid(uuid);
        } catch (InvalidSnoIdException e) {
            throw new DataTypeException("Not a sno ID in a UUID column: " + uuid
                    + " (bytes 10..15 must be zero in a sno ID's UUID image)", e);
        }
    }

    /**
     * Makes a column value.
     *
     * @param id  the ID, or null
     * @return its UUID image, or null for null
     */
    @Override
    public UUID to(SnoId id) {
        return id == null ? null : id.toUuid();
    }

    /**
     * The database type.
     *
     * @return {@code UUID.class}
     */
    @Override
    public Class<UUID> fromType() {
        return UUID.class;
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
        return "SnoIdConverter[UUID <-> SnoId]";
    }
}
