package dev.sno.spring.boot.r2dbc;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import java.util.Objects;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A mutable entity whose ID is generated with metabyte 3. */
@Table("sno_r2dbc_note")
public class Note {

    @Id
    @SnoGeneratedId(meta = 3)
    private SnoId id;
    private String text;

    /** For Spring Data. */
    public Note() {
    }

    Note(SnoId id, String text) {
        this.id = id;
        this.text = text;
    }

    public SnoId getId() {
        return id;
    }

    public void setId(SnoId id) {
        this.id = id;
    }

    public String getText() {
        return text;
    }

    public void setText(String text) {
        this.text = text;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Note n && Objects.equals(id, n.id) && Objects.equals(text, n.text);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, text);
    }

    @Override
    public String toString() {
        return "Note[" + id + ", " + text + "]";
    }
}
