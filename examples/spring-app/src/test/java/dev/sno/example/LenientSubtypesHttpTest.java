package dev.sno.example;

import static dev.sno.example.ExampleHttpTest.assertStatus;
import static dev.sno.example.ExampleHttpTest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The example application with {@code spring.jackson.mapper.require-type-id-for-subtypes=false},
 * the setting an application sets so that a concrete {@code @SnoMeta} subtype can be posted
 * without an {@code id} for the server to make one (issue 29). A body of the abstract
 * {@code @SnoPolymorphic} base without an {@code id} then reached Jackson 2 as "cannot construct
 * an abstract type", which Spring answered with 500 on Boot 3.5; it answers the same 400 problem
 * as without the setting ({@link ExampleHttpTest#aBadIdOfAnAbstractSnoPolymorphicBodyAnswers400}),
 * on Boot 3.5 (Jackson 2) and Boot 4 (Jackson 3).
 */
class LenientSubtypesHttpTest {

    @BeforeAll
    static void startWithTheSetting() {
        ExampleHttpTest.start("--spring.datasource.url=jdbc:h2:mem:lenient;DB_CLOSE_DELAY=-1",
                "--spring.jackson.mapper.require-type-id-for-subtypes=false");
    }

    @AfterAll
    static void stop() {
        ExampleHttpTest.stop();
    }

    @Test
    void aBodyWithoutAnIdOfTheAbstractBaseAnswers400NotAServerError() throws Exception {
        String missing = "\"detail\":\"Missing sno ID: the property \\\"id\\\" of dev.sno.example.parties.Party is"
                + " missing, null or not a string (known: @SnoMeta(5) Customer, @SnoMeta(6) Supplier)\"";
        for (String body : List.of("{\"name\":\"x\"}", "{\"id\":null,\"name\":\"x\"}")) {
            HttpResponse<String> r = post("/parties", body);
            assertStatus(400, r);
            assertEquals("application/problem+json", r.headers().firstValue("Content-Type").orElse(""), body);
            assertTrue(r.body().contains(missing), body + " -> " + r.body());
            assertTrue(r.body().contains("\"title\":\"Invalid sno ID\""), r.body());
        }
    }
}
