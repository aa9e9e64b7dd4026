package dev.sno.example.mariadb.jpa;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An event; its ID is generated on persist (metabyte 4), in a BINARY(16) column. */
@Entity
@Table(name = "events")
public class Event {

    @Id
    @SnoGeneratedId(meta = 4)
    private SnoId id;

    private String title;

    /** For JPA. */
    protected Event() {
    }

    /**
     * A new event, without ID.
     *
     * @param title  its title
     */
    public Event(String title) {
        this.title = title;
    }

    /**
     * The ID.
     *
     * @return the ID, null before persist
     */
    public SnoId getId() {
        return id;
    }

    /**
     * The title.
     *
     * @return the title
     */
    public String getTitle() {
        return title;
    }
}
