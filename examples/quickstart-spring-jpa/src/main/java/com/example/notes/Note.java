package com.example.notes;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A note. Hibernate stores its ID in a uuid column and makes a new one when the note is saved. */
@Entity
public class Note {

    @Id
    @SnoGeneratedId(meta = 1)
    private SnoId id;

    private String text;

    /** The ID: null until saved. */
    public SnoId getId() {
        return id;
    }

    /** The text. */
    public String getText() {
        return text;
    }

    /** Sets the text. */
    public void setText(String text) {
        this.text = text;
    }
}
