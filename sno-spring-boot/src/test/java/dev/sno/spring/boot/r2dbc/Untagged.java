package dev.sno.spring.boot.r2dbc;

import dev.sno.SnoId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A record with a generated ID and no {@code @SnoGeneratedId}: metabyte 0, the application's generator. */
@Table("sno_r2dbc_untagged")
public record Untagged(@Id SnoId id, String name) {
}
