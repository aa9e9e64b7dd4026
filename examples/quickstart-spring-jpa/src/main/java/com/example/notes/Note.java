package com.example.notes;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A note. Hibernate stores its ID in a uuid column, and makes a new ID when the note is saved. */
@Entity
public class Note {

    @Id
    @SnoGeneratedId(meta = 1)
    private SnoId id;

    private String text;

    public SnoId getId() {
        return id;
    }

    public String getText() {
        return text;
    }

    public void setText(String text) {
        this.text = text;
    }
}
