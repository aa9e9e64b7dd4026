package com.example.notes;

import dev.sno.SnoId;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** POST /notes saves a note, GET /notes/{id} reads one (a malformed ID answers 400 before it runs). */
@RestController
public class NoteController {

    private final NoteRepository notes;

    public NoteController(NoteRepository notes) {
        this.notes = notes;
    }

    @PostMapping("/notes")
    public Note create(@RequestBody Note note) {
        return notes.save(note);
    }

    @GetMapping("/notes/{id}")
    public ResponseEntity<Note> read(@PathVariable SnoId id) {
        return ResponseEntity.of(notes.findById(id));
    }
}
