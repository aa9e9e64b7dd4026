package dev.sno.example.parties;

import dev.sno.SnoId;
import dev.sno.jackson.SnoPolymorphic;

/**
 * A party to a deal, read from JSON as the subtype the metabyte of its {@code id} names
 * ({@link SnoPolymorphic}): a {@link Customer} or a {@link Supplier}.
 */
@SnoPolymorphic({Customer.class, Supplier.class})
public abstract class Party {

    private SnoId id;
    private String name;

    public SnoId getId() {
        return id;
    }

    public void setId(SnoId id) {
        this.id = id;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }
}
