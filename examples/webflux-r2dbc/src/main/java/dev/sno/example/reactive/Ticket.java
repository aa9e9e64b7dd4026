package dev.sno.example.reactive;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import org.springframework.data.annotation.Id;

/**
 * A ticket (table {@code ticket}): its ID is generated on insert by the starter (metabyte 2),
 * stored in a UUID column.
 *
 * @param id     null until saved
 * @param title  what it is about
 */
public record Ticket(@Id @SnoGeneratedId(meta = 2) SnoId id, String title) {
}
