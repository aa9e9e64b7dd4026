package dev.sno.example.quarkus;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A person, with an ID of metabyte 1 assigned on persist; referrer is another person's ID. */
@Entity
public class Person extends PanacheEntityBase {

    /** The metabyte of people's IDs. */
    public static final int META = 1;

    @Id
    @SnoGeneratedId(meta = META)
    public SnoId id;

    public String name;

    public SnoId referrer;
}
