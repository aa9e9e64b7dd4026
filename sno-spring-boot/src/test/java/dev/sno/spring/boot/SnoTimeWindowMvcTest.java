package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import dev.sno.SnoIdRange;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;

/**
 * Spring MVC: SnoIdRange handler parameters through Spring MVC's own dispatch (argument
 * resolution, exception handlers), without a server; the example apps cover the same over HTTP
 * with Boot 3.5 and 4.
 */
class SnoTimeWindowMvcTest {

    /** Requests that are bad on purpose: their 400s are asserted, the resolver's note is not printed. */
    @RegisterExtension
    final QuietLoggers quiet = new QuietLoggers(QuietLoggers.RESOLVER);

    private final MockMvc mvc = MockMvcBuilders.standaloneSetup(new WindowApi())
            .setCustomArgumentResolvers(new SnoTimeWindowMvc())
            .setControllerAdvice(new SnoProblems())
            .build();

    private MockHttpServletResponse call(String uri) throws Exception {
        return mvc.perform(get(uri)).andReturn().getResponse();
    }

    @Test
    void aWindowIsBoundFromTwoInstantsByDefaultNamesOrItsAnnotations() throws Exception {
        Instant from = Instant.parse("2026-03-01T12:00:00.001Z");
        Instant to = Instant.parse("2026-03-01T12:00:01Z");
        SnoIdRange expected = SnoIdRange.timeWindow(from, to);
        MockHttpServletResponse plain = call("/window?from=" + from + "&to=" + to);
        assertThat(plain.getStatus()).isEqualTo(200);
        assertThat(plain.getContentAsString()).isEqualTo(expected.from() + ".." + expected.to());
        MockHttpServletResponse named = call("/named-window?since=" + from + "&until=" + to);
        assertThat(named.getStatus()).isEqualTo(200);
        assertThat(named.getContentAsString()).isEqualTo(expected.from() + ".." + expected.to());
    }

    @Test
    void badValuesAnswer400WithAProblemNamingTheParameterAndTheValueAsSent() throws Exception {
        MockHttpServletResponse reversed = call("/window?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z");
        assertThat(reversed.getStatus()).isEqualTo(400);
        assertThat(reversed.getContentType()).isEqualTo("application/problem+json");
        assertThat(reversed.getContentAsString()).contains("\"title\":\"Invalid time window\"")
                .contains("\"parameter\":\"to\"")
                .contains("Invalid time window: to=\\\"2026-01-01T00:00:00Z\\\" is before from=\\\"2026-02-01T00:00:00Z\\\"");

        String longJunk = "x".repeat(50) + "\u00e9";
        MockHttpServletResponse junk = call("/named-window?since=" + longJunk + "&until=2026-01-01T00:00:00Z");
        assertThat(junk.getStatus()).isEqualTo(400);
        assertThat(junk.getContentAsString()).contains("\"parameter\":\"since\"")
                .contains("Invalid time window: since=\\\"" + "x".repeat(40) + "\\\"... is not an ISO-8601 instant");

        MockHttpServletResponse late = call("/window?from=2026-01-01T00:00:00Z&to=2079-09-07T15:47:35.549Z");
        assertThat(late.getStatus()).isEqualTo(400);
        assertThat(late.getContentAsString()).contains("\"parameter\":\"to\"")
                .contains("is outside the sno time range [2010-01-01T00:00:00Z, 2079-09-07T15:47:35.548Z]");
    }

    @Test
    void aMissingParameterIsSpringsOwn400() throws Exception {
        MockHttpServletResponse missing = call("/window?from=2026-01-01T00:00:00Z");
        assertThat(missing.getStatus()).isEqualTo(400);
        assertThat(missing.getErrorMessage()).contains("'to'");
        assertThat(missing.getContentAsString()).doesNotContain("Invalid time window");
    }

    @Test
    void anAnnotationNamingOneParameterTwiceIsAProgrammingError() {
        Exception e = assertThrows(Exception.class, () -> call("/same-names?t=2026-01-01T00:00:00Z"));
        assertThat(e).rootCause().isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("@SnoTimeWindow needs two different request parameter names, not from=\"t\" and to=\"t\"");
    }
}
