package dev.sno.example.mariadb.jdbc;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * An event; saved without ID, it gets one from the application's generator (metabyte 4), in a
 * BINARY(16) column.
 *
 * @param id     the ID
 * @param title  the title
 */
@Table("events")
public record Event(@Id @SnoGeneratedId(meta = 4) SnoId id, String title) {
}
