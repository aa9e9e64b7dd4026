package dev.sno.quarkus.deployment;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A Panache entity with a generated SnoId and a SnoId reference. */
@Entity
public class Book extends PanacheEntityBase {

    @Id
    @SnoGeneratedId(meta = 5)
    public SnoId id;

    public String title;

    public SnoId noteId;
}
