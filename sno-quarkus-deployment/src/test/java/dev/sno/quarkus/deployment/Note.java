package dev.sno.quarkus.deployment;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A plain JPA entity with a generated SnoId. */
@Entity
public class Note {

    @Id
    @SnoGeneratedId(meta = 4)
    public SnoId id;

    public String text;
}
