package dev.sno.jackson;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.jackson.testmodel.Entities;
import dev.sno.jackson.testmodel.Entities.Entity;

/**
 * The bodies and the exact details of {@link SnoJsonError} that both generations' tests expect:
 * the words the Spring, Quarkus and Micronaut problem bodies carry.
 */
public final class JsonErrorCases {

    /** The subtypes of {@link Entity}, as the details list them. */
    public static final String KNOWN = "(known: @SnoMeta(1) Person, @SnoMeta(2) Company, @SnoMeta(200) Robot)";

    /** A body without an id for {@link Entity}. */
    public static final String MISSING = "Missing sno ID: the property \"id\" of " + Entity.class.getName()
            + " is missing, null or not a string " + KNOWN;

    /** sno-core's message for "not-an-id". */
    public static final String NOT_AN_ID = "Invalid sno ID: \"not-an-id\" (length 9, expected 16)";

    /** Jackson's (sno-jackson's) message for the string "not-an-id" where a SnoId belongs. */
    public static final String FIELD = "Cannot deserialize value of type `dev.sno.SnoId` from String \"not-an-id\": "
            + NOT_AN_ID;

    private JsonErrorCases() {
    }

    /**
     * sno-core's exception for "not-an-id".
     *
     * @return the exception
     */
    public static InvalidSnoIdException notAnId() {
        try {
            SnoId.parse("not-an-id");
        } catch (InvalidSnoIdException e) {
            return e;
        }
        throw new AssertionError("parsed");
    }

    /**
     * A body whose id has a metabyte no subtype of {@link Entity} has, and its detail.
     *
     * @return {body, detail}
     */
    public static String[] unknownMetabyte() {
        SnoId id = Entities.idWithMeta(7);
        return new String[] {"{\"id\":\"" + id + "\"}", "Unknown metabyte: the sno ID \"" + id
                + "\" has metabyte 7, which no subtype of " + Entity.class.getName() + " has " + KNOWN};
    }
}
