package dev.sno.jackson.internal;

import dev.sno.config.SafeText;

/**
 * The messages of both Jackson generations' failures that quote what a client sent, in Jackson's
 * own words, with the quoted text escaped and bounded by sno-core's {@link SafeText} (Jackson
 * quotes it raw: an escape sequence, a forged line or a bidi override would reach the log).
 */
public final class Messages {

    private Messages() {
    }

    /**
     * A string that is not a sno ID.
     *
     * @param text  the string read
     * @param why   what is wrong with it
     * @return the message
     */
    public static String notAnId(String text, String why) {
        return "Cannot deserialize value of type `dev.sno.SnoId` from String \"" + SafeText.of(text) + "\": " + why;
    }

    /**
     * A map key that is not a sno ID.
     *
     * @param key  the key read
     * @param why  what is wrong with it
     * @return the message
     */
    public static String notAnIdKey(String key, String why) {
        return "Cannot deserialize Map key of type `dev.sno.SnoId` from String \"" + SafeText.of(key) + "\": " + why;
    }

    /**
     * A polymorphic ID that selects no subtype.
     *
     * @param id    the ID property's text
     * @param base  the base type, as Jackson describes it
     * @param why   why it selects none
     * @return the message
     */
    public static String unresolvedTypeId(String id, String base, String why) {
        return "Could not resolve type id '" + SafeText.of(id) + "' as a subtype of " + base + ": " + why;
    }
}
