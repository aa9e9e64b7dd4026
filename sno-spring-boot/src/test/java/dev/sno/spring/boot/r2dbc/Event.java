package dev.sno.spring.boot.r2dbc;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A record whose IDs come from the generator {@link AuditGenerator} supplies, metabyte 9. */
@Table("sno_r2dbc_event")
public record Event(@Id @SnoGeneratedId(meta = 9, generator = AuditGenerator.class) SnoId id, String what) {
}
