package dev.sno.spring.boot.r2dbc;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An immutable entity (a record) whose ID is generated with metabyte 5. */
@Table("sno_r2dbc_tag")
public record Tag(@Id @SnoGeneratedId(meta = 5) SnoId id, String name) {
}
