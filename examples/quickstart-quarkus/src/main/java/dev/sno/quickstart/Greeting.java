package dev.sno.quickstart;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A greeting, keyed by a sno ID of metabyte 1 that Hibernate makes on insert. */
@Entity
public class Greeting extends PanacheEntityBase {

    @Id
    @SnoGeneratedId(meta = 1)
    public SnoId id;

    public String text;
}
