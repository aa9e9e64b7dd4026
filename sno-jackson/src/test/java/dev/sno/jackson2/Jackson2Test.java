package dev.sno.jackson2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import dev.sno.SnoId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class Jackson2Test {

    static final SnoId A = SnoId.parse("29gfem22232im222");
    static final SnoId B = SnoId.parse("xxxxxxxx25xxxxxx");

    static final ObjectMapper MAPPER = JsonMapper.builder().addModule(new SnoModule()).addModule(new Jdk8Module()).build();

    /** A POJO holding IDs. */
    public static final class Order {
        public SnoId id;
        public SnoId parent;
        public List<SnoId> lines;
        public Map<SnoId, Integer> quantities;
        public Optional<SnoId> previous;
    }

    /** A record holding an ID. */
    public record Ref(SnoId id, String name) {
    }

    @Test
    void writesTheCanonicalStringAndReadsItBack() throws Exception {
        assertEquals("\"29gfem22232im222\"", MAPPER.writeValueAsString(A));
        assertEquals(A, MAPPER.readValue("\"29gfem22232im222\"", SnoId.class));
        assertEquals("\"2222222222222222\"", MAPPER.writeValueAsString(SnoId.ZERO), "ZERO is not null");
        assertEquals(SnoId.ZERO, MAPPER.readValue("\"2222222222222222\"", SnoId.class));
    }

    @Test
    void roundTripsPojosRecordsCollectionsMapsAndOptionals() throws Exception {
        Order o = new Order();
        o.id = A;
        o.parent = null;
        o.lines = List.of(A, B, SnoId.ZERO);
        o.quantities = new LinkedHashMap<>();
        o.quantities.put(A, 1);
        o.quantities.put(B, 2);
        o.previous = Optional.of(B);
        String json = MAPPER.writeValueAsString(o);
        assertEquals("{\"id\":\"29gfem22232im222\",\"parent\":null,"
                + "\"lines\":[\"29gfem22232im222\",\"xxxxxxxx25xxxxxx\",\"2222222222222222\"],"
                + "\"quantities\":{\"29gfem22232im222\":1,\"xxxxxxxx25xxxxxx\":2},"
                + "\"previous\":\"xxxxxxxx25xxxxxx\"}", json);
        Order back = MAPPER.readValue(json, Order.class);
        assertEquals(o.id, back.id);
        assertNull(back.parent);
        assertEquals(o.lines, back.lines);
        assertEquals(o.quantities, back.quantities);
        assertEquals(o.previous, back.previous);

        Ref ref = new Ref(B, "b");
        assertEquals(ref, MAPPER.readValue(MAPPER.writeValueAsString(ref), Ref.class));
        assertEquals(Optional.empty(), MAPPER.readValue("{\"previous\":null}", Order.class).previous);
    }

    @Test
    void treeConversionKeepsTheStringForm() throws Exception {
        JsonNode tree = MAPPER.valueToTree(new Ref(A, "a"));
        assertEquals("29gfem22232im222", tree.get("id").asText());
        assertEquals(new Ref(A, "a"), MAPPER.convertValue(tree, Ref.class));
    }

    @ParameterizedTest
    @MethodSource("dev.sno.jackson.JsonCases#badIdStrings")
    void badStringsAreInvalidFormatNamingValueTypeAndLocation(String json) {
        InvalidFormatException e = assertThrows(InvalidFormatException.class,
                () -> MAPPER.readValue("{\"id\":" + json + "}", Ref.class));
        assertEquals(SnoId.class, e.getTargetType());
        assertInstanceOf(String.class, e.getValue());
        assertTrue(e.getMessage().contains("`dev.sno.SnoId`"), e.getMessage());
        assertTrue(e.getMessage().contains("Invalid sno ID: "), e.getMessage());
        assertEquals(1, e.getLocation().getLineNr());
        assertEquals("id", e.getPath().get(0).getFieldName());
    }

    @ParameterizedTest
    @MethodSource("dev.sno.jackson.JsonCases#numbers")
    void numbersAreInvalidFormatNamingTheNumber(String json) {
        InvalidFormatException e = assertThrows(InvalidFormatException.class,
                () -> MAPPER.readValue("{\"id\":" + json + "}", Ref.class));
        assertInstanceOf(Number.class, e.getValue());
        assertEquals(SnoId.class, e.getTargetType());
        assertTrue(e.getMessage().contains("not numbers"), e.getMessage());
        assertThrows(InvalidFormatException.class, () -> MAPPER.readValue(json, SnoId.class));
    }

    @ParameterizedTest
    @MethodSource("dev.sno.jackson.JsonCases#otherTokens")
    void otherTokensAreMismatchedInput(String json) {
        MismatchedInputException e = assertThrows(MismatchedInputException.class,
                () -> MAPPER.readValue(json, SnoId.class));
        assertEquals(SnoId.class, e.getTargetType());
        assertTrue(e.getMessage().contains("dev.sno.SnoId"), e.getMessage());
    }

    @Test
    void jsonNullIsNull() throws Exception {
        assertNull(MAPPER.readValue("null", SnoId.class));
        assertEquals("null", MAPPER.writeValueAsString((SnoId) null));
    }

    @Test
    void theEmptyStringIsAnErrorUnlessCoercedToNull() throws Exception {
        InvalidFormatException e = assertThrows(InvalidFormatException.class,
                () -> MAPPER.readValue("{\"id\":\"\"}", Ref.class));
        assertTrue(e.getMessage().contains("(length 0, expected 16)"), e.getMessage());

        ObjectMapper lenient = JsonMapper.builder().addModule(new SnoModule())
                .enable(DeserializationFeature.ACCEPT_EMPTY_STRING_AS_NULL_OBJECT).build();
        assertNull(lenient.readValue("{\"id\":\"\"}", Ref.class).id());

        ObjectMapper configured = JsonMapper.builder().addModule(new SnoModule()).build();
        configured.coercionConfigFor(SnoId.class).setCoercion(CoercionInputShape.EmptyString, CoercionAction.AsNull);
        assertNull(configured.readValue("\"\"", SnoId.class));
        // Whitespace is never coerced: it is not an ID.
        assertThrows(InvalidFormatException.class, () -> configured.readValue("\" \"", SnoId.class));
    }

    @ParameterizedTest
    @MethodSource("dev.sno.jackson.JsonCases#badKeys")
    void mapKeysAreStrict(String key) {
        InvalidFormatException e = assertThrows(InvalidFormatException.class,
                () -> MAPPER.readValue("{\"" + key + "\":1}", new TypeReference<Map<SnoId, Integer>>() { }));
        assertEquals(key, e.getValue());
        assertTrue(e.getMessage().contains("Invalid sno ID: "), e.getMessage());
    }

    @Test
    void moduleIsFoundByServiceDiscovery() throws Exception {
        ObjectMapper found = new ObjectMapper().findAndRegisterModules();
        assertTrue(found.getRegisteredModuleIds().contains(new SnoModule().getTypeId()),
                () -> "registered: " + found.getRegisteredModuleIds());
        assertEquals(A, found.readValue("\"29gfem22232im222\"", SnoId.class));
        assertEquals("{\"29gfem22232im222\":\"x\"}", found.writeValueAsString(Map.of(A, "x")));
        assertTrue(ObjectMapper.findModules().stream().anyMatch(m -> m instanceof SnoModule));
    }

    @Test
    void bytesForm() {
        assertArrayEquals(A.toBytes(), SnoId.parse(A.toString()).toBytes());
    }
}
