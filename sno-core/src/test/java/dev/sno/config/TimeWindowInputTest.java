package dev.sno.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sno.SnoIdRange;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The time-window input the starter, sno-micronaut and the Ktor plugin share, and the bounded
 * request path.
 */
class TimeWindowInputTest {

    @Test
    void twoInstantsAreTheTimeWindow() {
        assertEquals(SnoIdRange.timeWindow(Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-02-01T00:00:00Z")),
                TimeWindowInput.read("from", "2026-01-01T00:00:00Z", "to", "2026-02-01T00:00:00Z"));
    }

    @Test
    void eachRefusalNamesTheValueAndQuotesIt() {
        TimeWindowInput.Invalid bad = assertThrows(TimeWindowInput.Invalid.class,
                () -> TimeWindowInput.read("since", "yesterday", "until", "2026-02-01T00:00:00Z"));
        assertEquals("since", bad.name());
        assertEquals("yesterday", bad.value());
        assertEquals("Invalid time window: since=\"yesterday\" is not an ISO-8601 instant such as 2026-01-31T23:59:59Z",
                bad.getMessage());

        TimeWindowInput.Invalid reversed = assertThrows(TimeWindowInput.Invalid.class,
                () -> TimeWindowInput.read("from", "2026-02-01T00:00:00Z", "to", "2026-01-01T00:00:00Z"));
        assertEquals("to", reversed.name());
        assertEquals("Invalid time window: to=\"2026-01-01T00:00:00Z\" is before from=\"2026-02-01T00:00:00Z\"",
                reversed.getMessage());

        TimeWindowInput.Invalid early = assertThrows(TimeWindowInput.Invalid.class,
                () -> TimeWindowInput.read("from", "2009-01-01T00:00:00Z", "to", "2026-01-01T00:00:00Z"));
        assertEquals("Invalid time window: from=\"2009-01-01T00:00:00Z\" is outside the sno time range"
                + " [2010-01-01T00:00:00Z, 2079-09-07T15:47:35.548Z]", early.getMessage());

        String longAndControl = "\u001b[31m" + "x".repeat(60);
        TimeWindowInput.Invalid quoted = assertThrows(TimeWindowInput.Invalid.class,
                () -> TimeWindowInput.read("from", longAndControl, "to", "2026-01-01T00:00:00Z"));
        assertEquals("Invalid time window: from=\"\\u001B[31m" + "x".repeat(35) + "\"... is not an ISO-8601 instant"
                + " such as 2026-01-31T23:59:59Z", quoted.getMessage());
    }

    @Test
    void theAnnotationsNamesMustBeTwoAndDifferent() {
        TimeWindowInput.checkNames(TimeWindowInput.FROM, TimeWindowInput.TO, "a handler");
        TimeWindowInput.checkNames("since", "until", "a handler");
        assertEquals("@SnoTimeWindow needs two different request parameter names, not from=\"at\" and to=\"at\","
                + " on a handler", assertThrows(IllegalStateException.class,
                        () -> TimeWindowInput.checkNames("at", "at", "a handler")).getMessage());
        assertThrows(IllegalStateException.class, () -> TimeWindowInput.checkNames("", "to", "a handler"));
        assertThrows(IllegalStateException.class, () -> TimeWindowInput.checkNames("from", "", "a handler"));
        assertEquals(List.of("from", "to"), List.of(TimeWindowInput.FROM, TimeWindowInput.TO));
    }

    @Test
    void aLongPathIsCutOutsideAnEscape() {
        assertEquals("/orders/29gfem22232im222", SafeText.path("/orders/29gfem22232im222"));
        String path = "/" + "a".repeat(97) + "%2F" + "b".repeat(20);
        assertEquals("/" + "a".repeat(97) + "...", SafeText.path(path));
        assertEquals("/" + "a".repeat(99) + "...", SafeText.path("/" + "a".repeat(150)));
    }
}
