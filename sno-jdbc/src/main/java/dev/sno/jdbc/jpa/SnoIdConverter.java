package dev.sno.jdbc.jpa;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.util.UUID;

/**
 * Converts {@link SnoId} attributes to and from their canonical UUID image (the ID's 10 bytes
 * followed by six zero bytes), for UUID columns. Apply it with
 * {@code @Convert(converter = SnoIdConverter.class)}; it is not applied automatically. JPA does not
 * allow converters on identifiers: with Hibernate, {@code SnoId} identifiers need no converter
 * (see {@code dev.sno.jdbc.hibernate}).
 *
 * <p>Persistence providers: any JPA 3.1 or later provider (Hibernate, EclipseLink, ...); it uses
 * only {@code jakarta.persistence} types.
 *
 * @implSpec Stateless and thread-safe.
 */
@Converter
@SuppressWarnings("exports") // JPA is an optional, non-transitive dependency: the user requires it
public final class SnoIdConverter implements AttributeConverter<SnoId, UUID> {

    /** Creates the converter; JPA providers instantiate it. */
    public SnoIdConverter() {
    }

    /**
     * The UUID image of an ID.
     *
     * @param id  the ID, or null
     * @return the UUID, or null
     */
    @Override
    public UUID convertToDatabaseColumn(SnoId id) {
        return id == null ? null : id.toUuid();
    }

    /**
     * The ID of a UUID image.
     *
     * @param uuid  the UUID, or null
     * @return the ID, or null
     * @throws InvalidSnoIdException if the UUID's last six bytes are not zero
     */
    @Override
    public SnoId convertToEntityAttribute(UUID uuid) {
        return uuid == null ? null : SnoId.fromUuid(uuid);
    }
}
