package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sno.SnoId;
import dev.sno.jackson.SnoMeta;
import dev.sno.jackson.SnoPolymorphic;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.http.codec.json.Jackson2JsonDecoder;
import org.springframework.http.converter.json.Jackson2ObjectMapperBuilder;
import org.springframework.http.converter.json.MappingJackson2HttpMessageConverter;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * An abstract {@link SnoPolymorphic} request body whose {@code id} is missing, null, of an
 * unknown metabyte, malformed or not a string answers 400 with one kind of problem detail,
 * through Spring's own JSON converters (Spring MVC's {@code MappingJackson2HttpMessageConverter}
 * and WebFlux's {@code Jackson2JsonDecoder}, with a mapper built as Spring Boot builds it); the
 * example apps cover the same over HTTP with Boot 3.5 and 4.
 */
class SnoPolymorphicBodyTest {

    /** The base type of the bodies. */
    @SnoPolymorphic({Customer.class, Supplier.class})
    abstract static class Party {
        public SnoId id;
        public String name;
    }

    /** Metabyte 1. */
    @SnoMeta(1)
    static final class Customer extends Party {
    }

    /** Metabyte 2. */
    @SnoMeta(2)
    static final class Supplier extends Party {
    }

    /** An endpoint taking the base type. */
    @RestController
    static class Api {
        @PostMapping("/parties")
        String create(@RequestBody Party party) {
            return party.getClass().getSimpleName() + " " + party.id + " " + party.name;
        }
    }

    private static final ObjectMapper MAPPER = Jackson2ObjectMapperBuilder.json()
            .modulesToInstall(new dev.sno.jackson2.SnoModule()).build();

    private static final SnoId CUSTOMER = SnoId.parse("29gfem22232im222").withMeta(1);
    private static final SnoId UNKNOWN = CUSTOMER.withMeta(3);

    private final MockMvc mvc = MockMvcBuilders.standaloneSetup(new Api())
            .setMessageConverters(new MappingJackson2HttpMessageConverter(MAPPER))
            .setControllerAdvice(new SnoProblems())
            .build();

    private final WebTestClient client = WebTestClient.bindToController(new Api())
            .controllerAdvice(new SnoReactiveProblems())
            .httpMessageCodecs(codecs -> codecs.defaultCodecs().jackson2JsonDecoder(new Jackson2JsonDecoder(MAPPER)))
            .build();

    /** The status and body of Spring MVC's answer. */
    private String mvc(String json) throws Exception {
        MockHttpServletResponse r = mvc.perform(post("/parties").contentType(MediaType.APPLICATION_JSON).content(json))
                .andReturn().getResponse();
        return r.getStatus() + " " + r.getContentType() + " " + r.getContentAsString(StandardCharsets.UTF_8);
    }

    /** The status and body of WebFlux's answer. */
    private String webFlux(String json) {
        var r = client.post().uri("/parties").contentType(MediaType.APPLICATION_JSON).bodyValue(json).exchange()
                .expectBody(String.class).returnResult();
        return r.getStatus().value() + " " + r.getResponseHeaders().getContentType() + " " + r.getResponseBody();
    }

    private static final String KNOWN = "(known: @SnoMeta(1) Customer, @SnoMeta(2) Supplier)";
    private static final String MISSING = "Missing sno ID: the property \\\"id\\\" of " + Party.class.getName()
            + " is missing, null or not a string " + KNOWN;

    private void assertBoth(String json, String detail) throws Exception {
        String expected = "400 application/problem+json {\"type\":\"about:blank\",\"title\":\"Invalid sno ID\","
                + "\"status\":400,\"detail\":\"" + detail + "\",\"instance\":\"/parties\"}";
        assertThat("MVC: " + mvc(json) + "\nWebFlux: " + webFlux(json))
                .isEqualTo("MVC: " + expected + "\nWebFlux: " + expected);
    }

    @Test
    void aValidIdPicksTheSubtype() throws Exception {
        String json = "{\"id\":\"" + CUSTOMER + "\",\"name\":\"x\"}";
        assertThat(mvc(json)).startsWith("200 ").endsWith("Customer " + CUSTOMER + " x\"");
        assertThat(webFlux(json)).startsWith("200 ").endsWith("Customer " + CUSTOMER + " x");
    }

    @Test
    void aMissingIdAnswers400() throws Exception {
        assertBoth("{\"name\":\"x\"}", MISSING);
    }

    @Test
    void aNullIdAnswers400() throws Exception {
        assertBoth("{\"id\":null,\"name\":\"x\"}", MISSING);
    }

    @Test
    void anUnknownMetabyteAnswers400() throws Exception {
        assertBoth("{\"id\":\"" + UNKNOWN + "\",\"name\":\"x\"}",
                "Unknown metabyte: the sno ID \\\"" + UNKNOWN + "\\\" has metabyte 3, which no subtype of "
                + Party.class.getName() + " has " + KNOWN);
    }

    @Test
    void aMalformedIdAnswers400() throws Exception {
        assertBoth("{\"id\":\"bad-id\",\"name\":\"x\"}", "Invalid sno ID: \\\"bad-id\\\" (length 6, expected 16)");
    }

    @Test
    void aNumberAnswers400() throws Exception {
        assertBoth("{\"id\":42,\"name\":\"x\"}", "Invalid sno ID: \\\"42\\\" (length 2, expected 16)");
    }

    @Test
    void anObjectAnswers400() throws Exception {
        assertBoth("{\"id\":{\"a\":1},\"name\":\"x\"}", MISSING);
    }
}
