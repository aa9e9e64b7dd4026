package dev.sno.example.parties;

import dev.sno.jackson.SnoMeta;

/** A {@link Party} whose ID has metabyte {@value #META}. */
@SnoMeta(Customer.META)
public class Customer extends Party {

    /** The metabyte of customers' IDs. */
    public static final int META = 5;
}
