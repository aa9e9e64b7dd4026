package dev.sno.jackson.testmodel;

import dev.sno.jackson.SnoMeta;
import dev.sno.jackson.SnoPolymorphic;

import dev.sno.SnoId;

/** A polymorphic model for the dispatch tests of both Jackson generations. */
public final class Entities {

    private Entities() {
    }

    /** The base type: its subtype is chosen by the metabyte of "id". */
    @SnoPolymorphic({Person.class, Company.class, Robot.class})
    public abstract static class Entity {
        public SnoId id;
    }

    /** Metabyte 1. */
    @SnoMeta(1)
    public static final class Person extends Entity {
        public String name;
    }

    /** Metabyte 2. */
    @SnoMeta(2)
    public static final class Company extends Entity {
        public String vat;
    }

    /** Metabyte 200. */
    @SnoMeta(200)
    public static final class Robot extends Entity {
        public int model;
    }

    /** Two subtypes claim the same metabyte: a definition error. */
    @SnoPolymorphic({Twin1.class, Twin2.class})
    public abstract static class Clash {
        public SnoId id;
    }

    /** Metabyte 5. */
    @SnoMeta(5)
    public static final class Twin1 extends Clash {
    }

    /** Metabyte 5 again. */
    @SnoMeta(5)
    public static final class Twin2 extends Clash {
    }

    public static SnoId idWithMeta(int meta) {
        return SnoId.parse("29gfem22232im222").withMeta(meta);
    }
}
