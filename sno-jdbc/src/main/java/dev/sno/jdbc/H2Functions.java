package dev.sno.jdbc;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import java.sql.SQLDataException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

/**
 * The sno SQL functions for H2, as Java methods that {@link SnoJdbc#H2_FUNCTIONS} binds with
 * {@code CREATE ALIAS}: {@code sno_time}, {@code sno_meta}, {@code sno_partition},
 * {@code sno_sequence}, {@code sno_text}, {@code sno_bytes}, {@code sno_is_valid} (of a
 * {@code UUID}), {@code sno_uuid} (of the 16-character text) and {@code sno_lower} (of a
 * {@code TIMESTAMP WITH TIME ZONE}), with the names, results and error messages of the
 * PostgreSQL functions, so that tests on H2 run the same SQL. Applications do not call these
 * methods; H2 does, through {@link SnoJdbc#installFunctions}.
 *
 * <p>SQL {@code NULL} in gives {@code NULL} out. A value that is not a sno ID throws
 * {@link SQLDataException} whose message is the {@link InvalidSnoIdException}'s (its cause), with
 * SQLState {@value #INVALID_VALUE} for a UUID or a time and {@value #INVALID_TEXT} for text, the
 * SQLStates the PostgreSQL functions raise; H2 passes it on to the caller with that SQLState,
 * appending the statement to the message.
 */
public final class H2Functions {

    /** SQLState for a UUID that is not a sno UUID image, or a time out of range. */
    public static final String INVALID_VALUE = "22023";

    /** SQLState for text that is not a sno ID. */
    public static final String INVALID_TEXT = "22P02";

    private H2Functions() {
    }

    private static SnoId id(UUID u) throws SQLDataException {
        try {
            return SnoId.fromUuid(u);
        } catch (InvalidSnoIdException e) {
            throw new SQLDataException(e.getMessage(), INVALID_VALUE, e);
        }
    }

    /**
     * {@code sno_time(uuid)}: the start of the ID's 4 ms unit, in UTC.
     *
     * @param u  the UUID image of an ID, or null
     * @return the time, or null for null
     * @throws SQLDataException if {@code u} is not the UUID image of a sno ID
     */
    public static OffsetDateTime time(UUID u) throws SQLDataException {
        return u == null ? null : id(u).time().atOffset(ZoneOffset.UTC);
    }

    /**
     * {@code sno_meta(uuid)}: the metabyte.
     *
     * @param u  the UUID image of an ID, or null
     * @return 0..255, or null for null
     * @throws SQLDataException if {@code u} is not the UUID image of a sno ID
     */
    public static Integer meta(UUID u) throws SQLDataException {
        return u == null ? null : id(u).meta();
    }

    /**
     * {@code sno_partition(uuid)}: the partition.
     *
     * @param u  the UUID image of an ID, or null
     * @return 0..65535, or null for null
     * @throws SQLDataException if {@code u} is not the UUID image of a sno ID
     */
    public static Integer partition(UUID u) throws SQLDataException {
        return u == null ? null : id(u).partition();
    }

    /**
     * {@code sno_sequence(uuid)}: the sequence.
     *
     * @param u  the UUID image of an ID, or null
     * @return 0..65535, or null for null
     * @throws SQLDataException if {@code u} is not the UUID image of a sno ID
     */
    public static Integer sequence(UUID u) throws SQLDataException {
        return u == null ? null : id(u).sequence();
    }

    /**
     * {@code sno_text(uuid)}: the 16-character canonical text.
     *
     * @param u  the UUID image of an ID, or null
     * @return the text, or null for null
     * @throws SQLDataException if {@code u} is not the UUID image of a sno ID
     */
    public static String text(UUID u) throws SQLDataException {
        return u == null ? null : id(u).toString();
    }

    /**
     * {@code sno_bytes(uuid)}: the ID's 10 bytes.
     *
     * @param u  the UUID image of an ID, or null
     * @return the bytes, or null for null
     * @throws SQLDataException if {@code u} is not the UUID image of a sno ID
     */
    public static byte[] bytes(UUID u) throws SQLDataException {
        return u == null ? null : id(u).toBytes();
    }

    /**
     * {@code sno_is_valid(uuid)}: whether {@code u} is the UUID image of a sno ID (its last six
     * bytes are zero).
     *
     * @param u  a UUID, or null
     * @return whether it is a sno UUID image, or null for null
     */
    public static Boolean isValid(UUID u) {
        return u == null ? null : (u.getLeastSignificantBits() & 0xFFFF_FFFF_FFFFL) == 0;
    }

    /**
     * {@code sno_uuid(text)}: the UUID image of the ID whose canonical text {@code t} is.
     *
     * @param t  the text, or null
     * @return the UUID image, or null for null
     * @throws SQLDataException if {@code t} is not the canonical text of a sno ID
     */
    public static UUID uuid(String t) throws SQLDataException {
        if (t == null) {
            return null;
        }
        try {
            return SnoId.parse(t).toUuid();
        } catch (InvalidSnoIdException e) {
            throw new SQLDataException(e.getMessage(), INVALID_TEXT, e);
        }
    }

    /**
     * {@code sno_lower(timestamp with time zone)}: the UUID image of the smallest ID of the 4 ms
     * unit holding {@code ts} ({@link SnoId#firstAt}).
     *
     * @param ts  the time, in [{@link SnoId#EPOCH}, {@link SnoId#MAX_TIME}], or null
     * @return the UUID image, or null for null
     * @throws SQLDataException if {@code ts} is out of that range
     */
    public static UUID lower(OffsetDateTime ts) throws SQLDataException {
        if (ts == null) {
            return null;
        }
        try {
            return SnoId.firstAt(ts.toInstant()).toUuid();
        } catch (InvalidSnoIdException e) {
            throw new SQLDataException(e.getMessage(), INVALID_VALUE, e);
        }
    }
}
