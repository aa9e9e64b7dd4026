package dev.sno.micronaut.data;

import dev.sno.SnoId;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.convert.ConversionContext;
import io.micronaut.data.model.runtime.convert.AttributeConverter;
import jakarta.inject.Singleton;

/**
 * Maps a {@link SnoId} property of a Micronaut Data entity to a {@code BINARY(16)} column (MariaDB,
 * MySQL) as the 16 bytes of the ID's UUID image: its 10 bytes, then six zero bytes, which these
 * databases compare as unsigned bytes, so {@code ORDER BY id} is sno order (SPEC.md 10.4). Name
 * it on the property; Micronaut Data then takes the byte-array data type from it:
 *
 * <pre>
 * {@literal @}Id {@literal @}SnoGeneratedId(meta = 1)
 * {@literal @}MappedProperty(converter = SnoIdBinaryConverter.class)
 * {@literal @}Nullable SnoId id
 * </pre>
 *
 * <p>Query parameters compared with the property go through it too. Reading also accepts the
 * ID's own 10 bytes (a {@code BINARY(10)} column).
 */
@Singleton
public final class SnoIdBinaryConverter implements AttributeConverter<SnoId, byte[]> {

    /** Created by Micronaut Data, as a bean. */
    public SnoIdBinaryConverter() {
    }

    /**
     * The 16 bytes of the ID's UUID image.
     *
     * @param id       the ID, or null
     * @param context  the conversion context
     * @return 16 bytes, or null for null
     */
    @Override
    public byte @Nullable [] convertToPersistedValue(@Nullable SnoId id, ConversionContext context) {
        return id == null ? null : id.toUuidBytes();
    }

    /**
     * The ID in the column's 16 image bytes, or in its own 10 bytes.
     *
     * @param value    the column's value, or null
     * @param context  the conversion context
     * @return the ID, or null for SQL {@code NULL}
     * @throws dev.sno.InvalidSnoIdException if the value is 16 bytes whose last six are not all
     *     zero (the message names them as a UUID), or neither 16 nor 10 bytes (the message names
     *     the bytes in hexadecimal and their length)
     */
    @Override
    public @Nullable SnoId convertToEntityValue(byte @Nullable [] value, ConversionContext context) {
        if (value == null) {
            return null;
        }
        return value.length == 16 ? SnoId.fromUuidBytes(value) : SnoId.fromBytes(value);
    }
}
