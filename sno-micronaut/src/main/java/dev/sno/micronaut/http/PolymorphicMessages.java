package dev.sno.micronaut.http;

import dev.sno.SnoId;
import dev.sno.jackson.SnoPolymorphic;

/**
 * What {@link SnoPolymorphicDeserializer} says, in one place: the body's messages word for word
 * those of the Spring Boot starter and the Quarkus extension (and of sno-micronaut's Jackson
 * databind path) for a {@link SnoPolymorphic} body whose {@code id} picks no subtype, and the
 * definition errors of sno-jackson's table of subtypes.
 */
final class PolymorphicMessages {

    private PolymorphicMessages() {
    }

    /** The id is missing, JSON null or not a string; known lists the subtypes. */
    static String missing(Class<?> base, String known) {
        return "Missing sno ID: the property \"" + SnoPolymorphic.PROPERTY + "\" of " + base.getName()
                + " is missing, null or not a string (known: " + known + ")";
    }

    /** A valid id whose metabyte no subtype has. */
    static String unknown(SnoId id, Class<?> base, String known) {
        return "Unknown metabyte: the sno ID \"" + id + "\" has metabyte " + id.meta() + ", which no subtype of "
                + base.getName() + " has (known: " + known + ")";
    }

    static String notPolymorphic(Class<?> type) {
        return type.getName() + " is not annotated with @SnoPolymorphic (or has no introspection: annotate it"
                + " with @Serdeable)";
    }

    static String noMeta(Class<?> sub, Class<?> base) {
        return "Subtype " + sub.getName() + " listed in @SnoPolymorphic of " + base.getName()
                + " has no @SnoMeta (or has no introspection: annotate it with @Serdeable)";
    }

    static String outOfRange(int meta, Class<?> sub) {
        return "@SnoMeta(" + meta + ") on " + sub.getName() + " is not in [0, 255]";
    }

    static String twice(Class<?> first, Class<?> second, int meta) {
        return "Subtypes " + first.getName() + " and " + second.getName() + " both have @SnoMeta(" + meta + ")";
    }

    static String loop(Class<?> sub) {
        return "Subtype " + sub.getName() + " is read by a SnoPolymorphicDeserializer too: declare the"
                + " deserializer bean for the base type only";
    }
}
