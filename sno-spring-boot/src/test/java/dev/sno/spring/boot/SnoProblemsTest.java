package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.http.codec.json.Jackson2JsonDecoder;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * WebFlux: malformed IDs answer 400 with a problem detail naming the value, through WebFlux's own
 * request handling (annotated controllers, conversion, JSON decoding, exception handlers). Spring
 * MVC's counterpart runs in the example apps over HTTP.
 */
class SnoProblemsTest {

    /** Endpoints taking SnoIds. */
    @RestController
    static class Api {
        @GetMapping("/ids/{id}")
        String path(@PathVariable("id") SnoId id) {
            return id.toString();
        }

        @GetMapping("/ids")
        String param(@RequestParam("id") SnoId id) {
            return id.toString();
        }

        @GetMapping("/numbers/{n}")
        String number(@PathVariable("n") int n) {
            return Integer.toString(n);
        }

        @PostMapping("/things")
        String body(@RequestBody Thing thing) {
            return thing.id().toString();
        }

        @GetMapping("/many")
        String many(@RequestParam("ids") java.util.List<SnoId> ids) {
            return ids.toString();
        }

        @GetMapping("/set")
        String set(@RequestParam("ids") java.util.Set<SnoId> ids) {
            return Integer.toString(ids.size());
        }

        @GetMapping("/header")
        String header(@org.springframework.web.bind.annotation.RequestHeader("X-Ids") SnoId[] ids) {
            return Integer.toString(ids.length);
        }

        @GetMapping("/paths/{ids}")
        String paths(@PathVariable("ids") java.util.List<SnoId> ids) {
            return Integer.toString(ids.size());
        }
    }

    /** A body with a SnoId. */
    record Thing(SnoId id) {
    }

    private final WebTestClient client = WebTestClient.bindToController(new Api(), new WindowApi())
            .controllerAdvice(new SnoReactiveProblems())
            // as Spring Boot registers the starter's beans: the formatter and the strict collections
            .formatters(registry -> {
                registry.addFormatter(SnoIdFormatter.INSTANCE);
                registry.addConverter(SnoIdCollections.INSTANCE);
            })
            .argumentResolvers(new SnoTimeWindowWebFlux()::configureArgumentResolvers)
            .httpMessageCodecs(codecs -> codecs.defaultCodecs().jackson2JsonDecoder(new Jackson2JsonDecoder(
                    JsonMapper.builder().addModule(new dev.sno.jackson2.SnoModule()).build())))
            .build();

    private String badRequest(WebTestClient.RequestHeadersSpec<?> request) {
        return request.exchange().expectStatus().isBadRequest().expectBody(String.class).returnResult().getResponseBody();
    }

    @Test
    void validIdsPassThrough() {
        client.get().uri("/ids/29gfem22232im222").exchange().expectStatus().isOk().expectBody(String.class)
                .isEqualTo("29gfem22232im222");
    }

    @Test
    void aMalformedPathVariableOrParameterAnswers400NamingTheValue() {
        assertThat(badRequest(client.get().uri("/ids/29gfem22232im22Z")))
                .contains("\"title\":\"Invalid sno ID\"")
                .contains("Invalid sno ID: \\\"29gfem22232im22Z\\\" (character 'Z' at index 15 is not in the alphabet");
        assertThat(badRequest(client.get().uri("/ids?id=short"))).contains("Invalid sno ID: \\\"short\\\" (length 5, expected 16)");
    }

    @Test
    void aMalformedIdInTheBodyAnswers400NamingTheValue() {
        assertThat(badRequest(client.post().uri("/things").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"id\":\"bad-id\"}"))).contains("\"title\":\"Invalid sno ID\"").contains("bad-id");
    }

    @Test
    void otherBadInputIsLeftToSpring() {
        String body = badRequest(client.get().uri("/numbers/abc")); // Spring's own 400, no problem body here
        assertThat(body == null ? "" : body).doesNotContain("Invalid sno ID");
    }

    @Test
    void aTimeWindowIsBoundFromTwoInstantsByDefaultNamesOrItsAnnotations() {
        Instant from = Instant.parse("2026-03-01T12:00:00.001Z");
        Instant to = Instant.parse("2026-03-01T12:00:01Z");
        SnoIdRange expected = SnoIdRange.timeWindow(from, to);
        String range = expected.from() + ".." + expected.to();
        client.get().uri("/window?from=" + from + "&to=" + to).exchange().expectStatus().isOk()
                .expectBody(String.class).isEqualTo(range);
        client.get().uri("/named-window?since=" + from + "&until=" + to).exchange().expectStatus().isOk()
                .expectBody(String.class).isEqualTo(range);
    }

    @Test
    void aBadTimeWindowAnswers400NamingTheParameterAndValue() {
        assertThat(badRequest(client.get().uri("/window?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z")))
                .contains("\"title\":\"Invalid time window\"").contains("\"parameter\":\"to\"")
                .contains("Invalid time window: to=\\\"2026-01-01T00:00:00Z\\\" is before from=\\\"2026-02-01T00:00:00Z\\\"");
        assertThat(badRequest(client.get().uri("/window?from=tomorrow&to=2026-01-01T00:00:00Z")))
                .contains("\"parameter\":\"from\"")
                .contains("Invalid time window: from=\\\"tomorrow\\\" is not an ISO-8601 instant");
        assertThat(badRequest(client.get().uri("/named-window?since=2026-01-01T00:00:00Z&until=2080-01-01T00:00:00Z")))
                .contains("\"parameter\":\"until\"")
                .contains("Invalid time window: until=\\\"2080-01-01T00:00:00Z\\\" is outside the sno time range");
        // A missing parameter is Spring's own 400, as for a missing @RequestParam.
        String missing = badRequest(client.get().uri("/named-window?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z"));
        assertThat(missing == null ? "" : missing).doesNotContain("Invalid time window");
    }

    /**
     * Issue 30, finding 3, in WebFlux: lists, sets and arrays of SnoId from the query, a header and
     * the path are as strict as one ID (a space, an empty element, a control character: 400).
     */
    @Test
    void collectionsOfIdsAreAsStrictAsOne() {
        String a = "29gfem22232im222";
        String b = "29gfem22232im223";
        client.get().uri("/many?ids=" + a + "," + b).exchange().expectStatus().isOk().expectBody(String.class)
                .isEqualTo("[" + a + ", " + b + "]");
        client.get().uri("/many?ids=" + a + "&ids=" + b).exchange().expectStatus().isOk();
        for (String query : new String[] {"ids=%20" + a, "ids=" + a + ",,", "ids=%1b", "ids=" + a + "&ids=", "ids="}) {
            assertThat(badRequest(client.get().uri("/many?" + query))).as(query)
                    .contains("\"title\":\"Invalid sno ID\"");
            assertThat(badRequest(client.get().uri("/set?" + query))).as(query).contains("Invalid sno ID");
        }
        client.get().uri("/header").header("X-Ids", a + "," + b).exchange().expectStatus().isOk()
                .expectBody(String.class).isEqualTo("2");
        assertThat(badRequest(client.get().uri("/header").header("X-Ids", a + ", " + b))).contains("Invalid sno ID");
        client.get().uri("/paths/" + a + "," + b).exchange().expectStatus().isOk().expectBody(String.class)
                .isEqualTo("2");
        assertThat(badRequest(client.get().uri("/paths/" + a + ",,"))).contains("Invalid sno ID");
    }

    /** Issue 30, finding 4, in WebFlux: a hostile body value is escaped and bounded; so is the instance. */
    @Test
    void hostileValuesAreNotEchoedRawNorAtLength() {
        String hostile = "\u001b[2J\u001b[31mHACKED\u0007" + "x".repeat(100_000);
        String json = "{\"id\":\"" + hostile.replace("\u001b", "\\u001b").replace("\u0007", "\\u0007") + "\"}";
        String body = badRequest(client.post().uri("/things").contentType(MediaType.APPLICATION_JSON).bodyValue(json));
        assertThat(body).contains("\\u001B[2J").doesNotContain("\u001b").doesNotContain("\u0007");
        assertThat(body.length()).isLessThan(700);
        String path = badRequest(client.get().uri("/ids/" + "y".repeat(6000)));
        assertThat(path.length()).isLessThan(700);
        assertThat(path).contains("\"instance\":\"/ids/yyyy").contains("yyy...\"");
    }
}
