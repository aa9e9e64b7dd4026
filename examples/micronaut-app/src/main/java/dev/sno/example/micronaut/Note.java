package dev.sno.example.micronaut;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import dev.sno.micronaut.data.SnoIdUuidConverter;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import io.micronaut.data.annotation.MappedProperty;
import io.micronaut.serde.annotation.Serdeable;

/** A note; its ID is generated on insert, with metabyte 1, and stored in a uuid column. */
@Serdeable
@MappedEntity("note")
public record Note(
        @Id @SnoGeneratedId(meta = 1) @MappedProperty(converter = SnoIdUuidConverter.class) @Nullable SnoId id,
        String text) {
}
