package dev.sno.example.parties;

import dev.sno.jackson.SnoMeta;

/** A {@link Party} whose ID has metabyte {@value #META}. */
@SnoMeta(Supplier.META)
public class Supplier extends Party {

    /** The metabyte of suppliers' IDs. */
    public static final int META = 6;
}
