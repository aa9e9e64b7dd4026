package dev.sno.micronaut.data;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import io.micronaut.data.annotation.MappedProperty;

/** A row whose ID, a BINARY(16) column, is generated on insert with metabyte 7 when null, kept when given. */
@MappedEntity("sno_reading")
public record BinaryReading(
        @Id @SnoGeneratedId(meta = 7) @MappedProperty(converter = SnoIdBinaryConverter.class)
        @Nullable SnoId id,
        String text) implements Row {
}
