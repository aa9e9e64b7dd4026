package com.example.notes;

import dev.sno.SnoId;
import org.springframework.data.jpa.repository.JpaRepository;

/** The notes, by ID. */
public interface NoteRepository extends JpaRepository<Note, SnoId> {
}
