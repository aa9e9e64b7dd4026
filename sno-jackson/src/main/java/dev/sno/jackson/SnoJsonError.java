package dev.sno.jackson;

import dev.sno.jackson.internal.jackson2.Jackson2Errors;
import dev.sno.jackson.internal.jackson3.Jackson3Errors;
import java.util.Objects;
import java.util.Optional;

/**
 * What a Jackson failure to read a JSON body says about a sno ID in it: the detail a 400 answer
 * gives (naming the value and what is wrong with it) and the JSON path of the value. The Spring
 * Boot starter, the Quarkus extension and the Micronaut module answer with these.
 *
 * <p>{@link #of(Throwable)} recognizes the failures of both Jackson generations (Jackson 2's
 * {@code com.fasterxml.jackson.databind} and Jackson 3's {@code tools.jackson.databind}) by class
 * name, so it runs with either, both or neither on the class path.
 *
 * @param detail  what is wrong: the sno ID's or Jackson's message, first line only
 * @param path    the JSON path of the value, such as {@code owner.id} or {@code ids[1]}; null when
 *                the value is the body itself
 */
public record SnoJsonError(String detail, String path) {

    private static final String JACKSON2 = "com.fasterxml.jackson.databind.JsonMappingException";
    private static final String JACKSON3 = "tools.jackson.databind.DatabindException";

    /**
     * A detail and a path.
     *
     * @param detail  what is wrong, not null
     * @param path    the JSON path, or null at the root
     * @throws NullPointerException if detail is null
     */
    public SnoJsonError {
        Objects.requireNonNull(detail, "detail");
    }

    /**
     * What failure says about a sno ID, if it is Jackson's failure to read one:
     * <ul>
     * <li>a {@code SnoId} value that is not a sno ID (a malformed string, a number; also an
     *     {@link dev.sno.InvalidSnoIdException} that caused Jackson's mismatched-input error);</li>
     * <li>the {@code "id"} of a {@link SnoPolymorphic} body that picks no subtype: missing, null or
     *     not a string ({@code Missing sno ID: ...}), not a sno ID (the ID's own message), or of a
     *     metabyte no subtype has ({@code Unknown metabyte: ...}), each listing the known
     *     subtypes;</li>
     * <li>an abstract {@link SnoPolymorphic} base read as itself because the body has no
     *     {@code "id"} (Jackson's definition error with
     *     {@code MapperFeature.REQUIRE_TYPE_ID_FOR_SUBTYPES} off): the missing ID.</li>
     * </ul>
     * Anything else, including Jackson's failures about other types, gives an empty result. Only
     * failure itself is read as Jackson's: a caller walking a cause chain calls this for each link.
     *
     * @param failure  the failure, not null
     * @return the detail and path, or empty if failure is not about a sno ID
     * @throws NullPointerException if failure is null
     */
    public static Optional<SnoJsonError> of(Throwable failure) {
        Objects.requireNonNull(failure, "failure");
        // By name: each generation's classes are loaded only when its exception is seen.
        for (Class<?> c = failure.getClass(); c != null; c = c.getSuperclass()) {
            String name = c.getName();
            if (name.equals(JACKSON2)) {
                return Jackson2Errors.of(failure);
            }
            if (name.equals(JACKSON3)) {
                return Jackson3Errors.of(failure);
            }
        }
        return Optional.empty();
    }
}
