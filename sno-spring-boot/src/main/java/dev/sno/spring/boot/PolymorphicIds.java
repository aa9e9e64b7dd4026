package dev.sno.spring.boot;

import dev.sno.jackson.SnoJsonError;
import dev.sno.jackson.SnoPolymorphic;

/**
 * The problem detail's {@code detail} for a request body that names a sno ID wrongly, from the
 * JSON library's failure. For Jackson (2 and 3 alike: both optional here) that is sno-jackson's
 * {@link SnoJsonError}: a malformed {@code SnoId}, or the {@code "id"} of a {@link SnoPolymorphic}
 * body that picks no subtype (missing, null, not a string, malformed, of an unknown metabyte), also
 * an abstract base read for want of an {@code "id"} with
 * {@code spring.jackson.mapper.require-type-id-for-subtypes=false}.
 *
 * <p>The same for sno-kotlin's {@code SnoMetaSerializer} (kotlinx.serialization): it says what is
 * wrong itself, in the {@code SnoSubtypeException} it throws while choosing the subtype (recognized
 * by class name: sno-kotlin is optional). And for sno-kotlin's {@code SnoIdSerializer}
 * reading a JSON value that is not a string where a {@code SnoId} belongs (a number, an object,
 * null): its {@code SnoIdFormatException} names the JSON path and kotlinx's reason.
 */
final class PolymorphicIds {

    private static final String KOTLIN_SUBTYPE = "dev.sno.kotlin.SnoSubtypeException";
    private static final String KOTLIN_FORMAT = "dev.sno.kotlin.SnoIdFormatException";

    private PolymorphicIds() {
    }

    /**
     * What is wrong with a sno ID in a body, if t is Jackson's failure to read one (see
     * {@link SnoJsonError#of(Throwable)}), or sno-kotlin's {@code SnoMetaSerializer} could not read
     * a body, or sno-kotlin's {@code SnoIdSerializer} read a {@code SnoId} that is not a JSON
     * string (their messages); else null.
     */
    static String detail(Throwable t) {
        String name = t.getClass().getName();
        if (name.equals(KOTLIN_SUBTYPE) || name.equals(KOTLIN_FORMAT)) {
            // The subtype's names the id (or the object without one) and the subtypes; the
            // format's the JSON path: "Invalid sno ID at $.parent: a sno ID is a JSON string ..."
            return t.getMessage();
        }
        return SnoJsonError.of(t).map(SnoJsonError::detail).orElse(null);
    }
}
