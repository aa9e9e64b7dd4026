package dev.sno.jackson.internal;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.jackson.SnoMeta;
import dev.sno.jackson.SnoPolymorphic;
import java.util.ArrayList;
import java.util.List;

/**
 * The subtypes of a {@link SnoPolymorphic} base type by metabyte, for both Jackson generations.
 * Not part of the API.
 */
public final class MetaTable {

    private final Class<?> base;
    private final Class<?>[] byMeta = new Class<?>[256];
    private final List<Integer> metas = new ArrayList<>();
    private final String definitionError;

    /**
     * Reads the table of a base type (or of one of its subtypes, which inherit the annotation).
     * A definition error (missing annotation, a subtype without {@link SnoMeta}, a metabyte out
     * of range or used twice) is kept for {@link #definitionError()}: resolvers report it
     * through Jackson when a value is read.
     *
     * @param base  the type annotated with {@link SnoPolymorphic}, or a subtype of it
     */
    public MetaTable(Class<?> base) {
        this.base = base;
        this.definitionError = load(base);
    }

    private String load(Class<?> type) {
        SnoPolymorphic poly = type.getAnnotation(SnoPolymorphic.class);
        if (poly == null) {
            return type.getName() + " is not annotated with @SnoPolymorphic";
        }
        for (Class<?> sub : poly.value()) {
            SnoMeta meta = sub.getAnnotation(SnoMeta.class);
            if (meta == null) {
                return "Subtype " + sub.getName() + " listed in @SnoPolymorphic of " + type.getName()
                        + " has no @SnoMeta";
            }
            int m = meta.value();
            if (m < 0 || m > 255) {
                return "@SnoMeta(" + m + ") on " + sub.getName() + " is not in [0, 255]";
            }
            if (byMeta[m] != null) {
                return "Subtypes " + byMeta[m].getName() + " and " + sub.getName() + " both have @SnoMeta(" + m + ")";
            }
            byMeta[m] = sub;
            metas.add(m);
        }
        return null;
    }

    /**
     * What is wrong with the annotations, if anything.
     *
     * @return the message, or null if the table is usable
     */
    public String definitionError() {
        return definitionError;
    }

    /**
     * The subtype for an ID's text, if it is a valid ID whose metabyte names a subtype of the
     * base type this table was made for.
     *
     * @param id  the text of the ID property
     * @return the subtype
     * @throws IllegalArgumentException with a message saying why there is none
     */
    public Class<?> subtypeFor(String id) {
        int meta;
        try {
            meta = SnoId.metaOf(id);
        } catch (InvalidSnoIdException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        Class<?> sub = byMeta[meta];
        if (sub == null || !base.isAssignableFrom(sub)) {
            throw new IllegalArgumentException("no subtype of " + base.getName() + " has metabyte " + meta
                    + " (known: " + describe() + ")");
        }
        return sub;
    }

    /**
     * The metabyte of a type, as a type id string.
     *
     * @param type  the type, or null
     * @return the metabyte, or null if the type has no {@link SnoMeta}
     */
    public static String idOf(Class<?> type) {
        SnoMeta meta = type == null ? null : type.getAnnotation(SnoMeta.class);
        return meta == null ? null : Integer.toString(meta.value());
    }

    /**
     * The subtypes and their metabytes, for messages.
     *
     * @return a description
     */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        for (int m : metas) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append("@SnoMeta(").append(m).append(") ").append(byMeta[m].getSimpleName());
        }
        return sb.toString();
    }
}
