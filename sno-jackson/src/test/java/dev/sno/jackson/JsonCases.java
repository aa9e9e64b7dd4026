package dev.sno.jackson;

import dev.sno.GeneratorSnapshot;
import java.util.List;
import java.util.Map;

/**
 * The table of JSON cases both Jackson suites run ({@code Jackson2Test}, {@code Jackson3Test}
 * and the formats tests): one list per behaviour, so the two generations cannot drift apart. A
 * case added here is checked against Jackson 2 and Jackson 3 alike.
 */
public final class JsonCases {

    private JsonCases() {
    }

    /** JSON strings that are not IDs: InvalidFormatException naming the value, type and location. */
    public static List<String> badIdStrings() {
        return List.of(
                "\"29gfem22232im22\"",           // too short
                "\"29gfem22232im2222\"",         // too long
                "\"29GFEM22232IM222\"",          // upper case
                "\"29gfem22232im22z\"",          // outside the alphabet
                "\"29gfem22\\u0132232im22\"",    // non-ASCII whose low byte is '2'
                "\"29gfem22\u00e9232im22\"",     // non-ASCII (raw UTF-8)
                "\"\"",                          // empty, unless coerced to null
                "\" 29gfem22232im222\"");        // white space is not trimmed
    }

    /** JSON numbers where an ID is expected: InvalidFormatException naming the number. */
    public static List<String> numbers() {
        return List.of("12345", "0", "-1", "1.5", "1e3");
    }

    /** Other tokens where an ID is expected: MismatchedInputException naming SnoId. */
    public static List<String> otherTokens() {
        return List.of("true", "false", "[\"29gfem22232im222\"]", "{}", "{\"id\":\"29gfem22232im222\"}", "[]");
    }

    /** Map keys that are not IDs: InvalidFormatException naming the key. */
    public static List<String> badKeys() {
        return List.of("29gfem22232im22Z", "", "29gfem22232im2222", "29GFEM22232IM222");
    }

    /** Snapshots that must be rejected with MismatchedInputException (or a subtype). */
    public static List<String> invalidSnapshots() {
        return List.of(
                "{\"partition\":[1]}",
                "{\"partition\":[1,2,3]}",
                "{\"partition\":[256,0]}",
                "{\"partition\":[-1,0]}",
                "{\"partition\":\"AB\"}",
                "{\"partition\":[1.5,2]}",
                "{\"sequenceMin\":-1}",
                "{\"sequenceMax\":65536}",
                "{\"sequence\":4294967296}",
                "{\"now\":1.5}",
                "{\"wallHi\":\"12\"}",
                "{\"wallHi\":549755813888}",
                "{\"wallSafe\":-3}",
                "{\"drifts\":true}",
                "{\"drifts\":99999999999999999999999}",
                "{\"now\":1,\"now\":2}",
                "[1,2]",
                "\"snapshot\"",
                "42");
    }

    /** Snapshots with missing fields, which are zero as in the reference. */
    public static Map<String, GeneratorSnapshot> partialSnapshots() {
        return Map.of(
                "{\"partition\":[1,2],\"sequenceMax\":100}", new GeneratorSnapshot(0x0102, 0, 100, 0, 0, 0, 0, 0),
                "{}", new GeneratorSnapshot(0, 0, 0, 0, 0, 0, 0, 0),
                "{\"drifts\":7}", new GeneratorSnapshot(0, 0, 0, 0, 0, 0, 0, 7));
    }
}
