package com.example.notes;

import dev.sno.SnoId;
import org.springframework.data.repository.ListCrudRepository;

/** The notes, by ID. */
public interface NoteRepository extends ListCrudRepository<Note, SnoId> {
}
