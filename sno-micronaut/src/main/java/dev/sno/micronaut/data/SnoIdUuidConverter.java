package dev.sno.micronaut.data;

import dev.sno.SnoId;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.convert.ConversionContext;
import io.micronaut.data.model.runtime.convert.AttributeConverter;
import jakarta.inject.Singleton;
import java.util.UUID;

/**
 * Maps a {@link SnoId} property of a Micronaut Data entity to a UUID column (PostgreSQL
 * {@code uuid}, H2 {@code UUID}) as the ID's UUID image: its 10 bytes, then six zero bytes, which
 * these databases compare as unsigned bytes, so {@code ORDER BY id} is sno order. Name it on the
 * property; Micronaut Data then takes the UUID data type from it:
 *
 * <pre>
 * {@literal @}Id {@literal @}SnoGeneratedId(meta = 1)
 * {@literal @}MappedProperty(converter = SnoIdUuidConverter.class)
 * {@literal @}Nullable SnoId id
 * </pre>
 *
 * <p>Query parameters compared with the property ({@code findByIdBetween}) go through it too.
 * For MariaDB and MySQL, whose UUID type is text or absent, use {@link SnoIdBinaryConverter}.
 */
@Singleton
public final class SnoIdUuidConverter implements AttributeConverter<SnoId, UUID> {

    /** Created by Micronaut Data, as a bean. */
    public SnoIdUuidConverter() {
    }

    /**
     * The ID's UUID image.
     *
     * @param id       the ID, or null
     * @param context  the conversion context
     * @return the UUID, or null for null
     */
    @Override
    public @Nullable UUID convertToPersistedValue(@Nullable SnoId id, ConversionContext context) {
        return id == null ? null : id.toUuid();
    }

    /**
     * The ID whose UUID image the column holds.
     *
     * @param value    the column's value, or null
     * @param context  the conversion context
     * @return the ID, or null for SQL {@code NULL}
     * @throws dev.sno.InvalidSnoIdException if the UUID's last six bytes are not all zero; the
     *     message names the UUID
     */
    @Override
    public @Nullable SnoId convertToEntityValue(@Nullable UUID value, ConversionContext context) {
        return value == null ? null : SnoId.fromUuid(value);
    }
}
