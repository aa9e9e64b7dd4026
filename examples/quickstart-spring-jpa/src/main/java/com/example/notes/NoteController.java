package com.example.notes;

import dev.sno.SnoId;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** POST /notes creates a note, GET /notes/{id} reads it. */
@RestController
@RequestMapping("/notes")
public class NoteController {

    private final NoteRepository notes;

    /** The controller over the repository. */
    public NoteController(NoteRepository notes) {
        this.notes = notes;
    }

    /** Saves a new note, which gets its ID. */
    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    public Note create(@RequestBody Note note) {
        return notes.save(note);
    }

    /** The note, or 404. A malformed ID answers 400 before this runs. */
    @GetMapping("/{id}")
    public ResponseEntity<Note> read(@PathVariable SnoId id) {
        return ResponseEntity.of(notes.findById(id));
    }
}
