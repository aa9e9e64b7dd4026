package com.example.notes;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;

/** A row of the note table. MyBatis sets the fields; sno-mybatis fills the ID on insert. */
public class Note {

    @SnoGeneratedId(meta = 1)
    private SnoId id;
    private String text;

    /** For MyBatis. */
    public Note() {
    }

    /** A new note, without an ID until it is inserted. */
    public Note(String text) {
        this.text = text;
    }

    /** The ID. */
    public SnoId getId() {
        return id;
    }

    /** The text. */
    public String getText() {
        return text;
    }
}
