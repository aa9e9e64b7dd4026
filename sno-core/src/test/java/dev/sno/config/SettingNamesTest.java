package dev.sno.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingNamesTest {

    private static final List<String> KNOWN = List.of("sno.partition", "sno.sequence-range", "sno.lease.enabled",
            "sno.lease.initialize-schema", "sno.lease.namespace", "sno.web.*");

    private static List<String> unknown(String... keys) {
        Map<String, String> given = new LinkedHashMap<>();
        for (String k : keys) {
            given.put(k, "application.properties");
        }
        return SettingNames.unknown(given, KNOWN);
    }

    @Test
    void aMisspeltNameIsReportedWithTheNearestKnownOne() {
        assertEquals(List.of("Unknown sno setting sno.partiton in application.properties: did you mean sno.partition?"),
                unknown("sno.partiton"));
        assertEquals(List.of("Unknown sno setting sno.lease.namspace in application.properties: did you mean"
                + " sno.lease.namespace?"), unknown("sno.lease.namspace"));
    }

    @Test
    void ofNamesEquallyCloseTheAlphabeticallyFirstIsGuessedWhateverTheirOrder() {
        Map<String, String> given = Map.of("sno.lease.ab", "application.properties");
        String expected = "Unknown sno setting sno.lease.ab in application.properties: did you mean sno.lease.aa?";
        assertEquals(List.of(expected), SettingNames.unknown(given, List.of("sno.lease.aa", "sno.lease.bb")));
        assertEquals(List.of(expected), SettingNames.unknown(given, List.of("sno.lease.bb", "sno.lease.aa")));
    }

    @Test
    void aNameLikeNoneIsReportedWithoutAGuess() {
        assertEquals(List.of("Unknown sno setting sno.version in application.properties: no sno setting has a name"
                + " like it"), unknown("sno.version"));
    }

    @Test
    void theFrameworksRelaxedFormsMapsListsAndOtherPrefixesAreKnown() {
        assertEquals(List.of(), unknown("sno.partition", "sno.sequenceRange", "sno.SEQUENCE_RANGE",
                "sno.lease.initializeSchema", "sno.lease.initialize_schema", "sno.web.anything.below",
                "sno.partition[0]", "snowflake.partiton", "spring.sno.partiton"));
    }

    @Test
    void messagesKeepTheOrderGivenAndNameWhereEachCameFrom() {
        Map<String, String> given = new LinkedHashMap<>();
        given.put("sno.lease.enabeld", "the command line");
        given.put("sno.partition", "application.properties");
        given.put("sno.partiton", "application-prod.yml");
        assertEquals(List.of("Unknown sno setting sno.lease.enabeld in the command line: did you mean sno.lease.enabled?",
                "Unknown sno setting sno.partiton in application-prod.yml: did you mean sno.partition?"),
                SettingNames.unknown(given, KNOWN));
    }

    @Test
    void nullsAreRefused() {
        assertThrows(NullPointerException.class, () -> SettingNames.unknown(null, KNOWN));
        assertThrows(NullPointerException.class, () -> SettingNames.unknown(Map.of("sno.partition", "x"), null));
    }

    @Test
    void distanceIsLevenshteins() {
        assertEquals(0, SettingNames.distance("abc", "abc"));
        assertEquals(1, SettingNames.distance("partiton", "partition"));
        assertEquals(2, SettingNames.distance("ab", "ba"));
        assertEquals(3, SettingNames.distance("", "abc"));
    }
}
