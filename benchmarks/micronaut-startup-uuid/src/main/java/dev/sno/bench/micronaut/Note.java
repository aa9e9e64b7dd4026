package dev.sno.bench.micronaut;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.AutoPopulated;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import io.micronaut.serde.annotation.Serdeable;
import java.util.UUID;

/** A note; Micronaut Data gives it a random UUID on insert, stored in a uuid column. */
@Serdeable
@MappedEntity("note")
public record Note(@Id @AutoPopulated @Nullable UUID id, String text) {
}
