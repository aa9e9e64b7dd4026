package dev.sno.example.jpa;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A JPA entity: its ID is generated on insert (metabyte 1), its manager is a plain SnoId column. */
@Entity
@Table(name = "example_person")
public class Person {

    /** The metabyte of people's IDs. */
    public static final int META = 1;

    @Id
    @SnoGeneratedId(meta = META)
    private SnoId id;

    private String name;

    private SnoId manager;

    /** For JPA and JSON. */
    public Person() {
    }

    public SnoId getId() {
        return id;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public SnoId getManager() {
        return manager;
    }

    public void setManager(SnoId manager) {
        this.manager = manager;
    }
}
