package dev.sno.micronaut.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** sno-micronaut's SnoId serde fails in the words of sno-jackson's Jackson module, value for value. */
@MicronautTest(startApplication = false)
@io.micronaut.context.annotation.Property(name = "sno.install", value = "false")
@io.micronaut.context.annotation.Property(name = "sno.partition", value = "1")
class SerdeMessagesTest {

    /** On Micronaut Serialization only (the default test execution). */
    @BeforeAll
    static void onSerde() {
        assumeFalse(JacksonBodyTest.databind(), "the Micronaut Serialization execution");
    }

    @Inject
    JsonMapper serde;

    @Test
    void sameMessagesAsSnoJackson() {
        ObjectMapper jackson = new ObjectMapper().registerModule(new dev.sno.jackson2.SnoModule());
        StringBuilder expected = new StringBuilder();
        StringBuilder actual = new StringBuilder();
        for (String value : List.of("\"bad\"", "\"\"", "\" 29gfem22232im222\"", "\"\\u001b[2J\\u202e\"", "42", "4.5",
                "{\"a\":1}", "[\"29gfem22232im222\"]", "true", "false")) {
            String json = "{\"id\":" + value + "}";
            try {
                jackson.readValue(json, HttpApp.Holder.class);
                expected.append(value).append(" read\n");
            } catch (MismatchedInputException e) {
                expected.append(value).append(' ').append(e.getOriginalMessage()).append('\n');
            } catch (java.io.IOException e) {
                expected.append(value).append(" other ").append(e).append('\n');
            }
            try {
                serde.readValue(json, HttpApp.Holder.class);
                actual.append(value).append(" read\n");
            } catch (java.io.IOException e) {
                Throwable t = e;
                while (t != null && !(t instanceof SnoIdSerde.Malformed)) {
                    t = t.getCause();
                }
                actual.append(value).append(' ').append(t == null ? "other " + e : t.getMessage()).append('\n');
            }
        }
        assertEquals(expected.toString(), actual.toString());
    }
}
