package com.example.notes;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import org.springframework.data.annotation.Id;

/** A note. The starter stores its ID in a uuid column, and makes a new ID when the note is saved. */
public record Note(@Id @SnoGeneratedId(meta = 1) SnoId id, String text) {
}
