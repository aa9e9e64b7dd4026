package dev.sno.jackson2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.sno.SnoId;
import dev.sno.jackson.HostileText;
import dev.sno.jackson.testmodel.Entities;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 41: every message the Jackson 2 module's deserializers write, for every hostile value,
 * is escaped and bounded (the whole message, with Jackson's location).
 */
class Jackson2HostileTest {

    private static final ObjectMapper MAPPER = JsonMapper.builder().addModule(new SnoModule()).build();

    /** A holder of an ID. */
    public static final class Holder {
        public SnoId id;
    }

    @Test
    void everyMessageIsEscapedAndBounded() throws Exception {
        for (String value : HostileText.VALUES) {
            String q = MAPPER.writeValueAsString(value);
            String what = q.substring(0, Math.min(60, q.length()));
            check(what + " as a value", () -> MAPPER.readValue(q, SnoId.class));
            check(what + " in a field", () -> MAPPER.readValue("{\"id\":" + q + "}", Holder.class));
            // a name is at most 50,000 characters long (Jackson's stream constraint)
            String key = q.length() > 40_000 ? q.substring(0, 40_000) + "\"" : q;
            check(what + " as a key", () -> MAPPER.readValue("{" + key + ":1}", new TypeReference<Map<SnoId, Integer>>() { }));
            check(what + " as a polymorphic id", () -> MAPPER.readValue("{\"id\":" + q + "}", Entities.Entity.class));
        }
    }

    /** Issue 41, finding 12: the text was quoted raw (an ESC, a forged line, a bidi override). */
    @Test
    void theQuotedTextIsEscaped() throws Exception {
        assertEquals("Cannot deserialize value of type `dev.sno.SnoId` from String \"\\u202Eabc\": "
                + "Invalid sno ID: \"\\u202Eabc\" (length 4, expected 16)",
                assertThrows(InvalidFormatException.class, () -> MAPPER.readValue("\"\u202Eabc\"", SnoId.class)).getOriginalMessage());
        assertEquals("Cannot deserialize Map key of type `dev.sno.SnoId` from String \"a\\u000D\\u000Ab\": "
                + "Invalid sno ID: \"a\\u000D\\u000Ab\" (length 4, expected 16)",
                assertThrows(InvalidFormatException.class, () -> MAPPER.readValue("{\"a\\r\\nb\":1}",
                        new TypeReference<Map<SnoId, Integer>>() { })).getOriginalMessage());
        InvalidTypeIdException polymorphic = assertThrows(InvalidTypeIdException.class,
                () -> MAPPER.readValue("{\"id\":\"\\u001b[2J\"}", Entities.Entity.class));
        assertEquals("Could not resolve type id '\\u001B[2J' as a subtype of `dev.sno.jackson.testmodel.Entities$Entity`: "
                + "Invalid sno ID: \"\\u001B[2J\" (length 4, expected 16)", polymorphic.getOriginalMessage());
        assertEquals("\u001b[2J", polymorphic.getTypeId(), "the id itself is kept as read");
    }

    private static void check(String what, org.junit.jupiter.api.function.Executable read) {
        JsonMappingException e = assertThrows(JsonMappingException.class, read, what);
        HostileText.assertSafe(e.getOriginalMessage(), 600, what);
        // Jackson's own line break before the location is the only one
        HostileText.assertSafe(e.getMessage().replaceFirst("\n at \\[Source", " at [Source"), 800, what);
    }
}
