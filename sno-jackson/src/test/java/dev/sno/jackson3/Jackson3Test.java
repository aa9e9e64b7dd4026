package dev.sno.jackson3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.GeneratorSnapshot;
import dev.sno.SnoId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.cbor.CBORMapper;

/** The Jackson 3 module: the same contract as the Jackson 2 one. */
class Jackson3Test {

    static final SnoId A = SnoId.parse("29gfem22232im222");
    static final SnoId B = SnoId.parse("xxxxxxxx25xxxxxx");

    static final ObjectMapper MAPPER = JsonMapper.builder().addModule(new SnoModule()).build();
    static final ObjectMapper CBOR = CBORMapper.builder().addModule(new SnoModule()).build();

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
    void writesTheCanonicalStringAndReadsItBack() {
        assertEquals("\"29gfem22232im222\"", MAPPER.writeValueAsString(A));
        assertEquals(A, MAPPER.readValue("\"29gfem22232im222\"", SnoId.class));
        assertEquals("\"2222222222222222\"", MAPPER.writeValueAsString(SnoId.ZERO), "ZERO is not null");
        assertNull(MAPPER.readValue("null", SnoId.class));
    }

    @Test
    void roundTripsPojosRecordsCollectionsMapsAndOptionals() {
        Order o = new Order();
        o.id = A;
        o.lines = List.of(A, B, SnoId.ZERO);
        o.quantities = new LinkedHashMap<>();
        o.quantities.put(A, 1);
        o.quantities.put(B, 2);
        o.previous = Optional.of(B);
        String json = MAPPER.writeValueAsString(o);
        // Jackson 3 sorts properties alphabetically by default: compare trees.
        assertEquals(MAPPER.readTree("{\"id\":\"29gfem22232im222\",\"parent\":null,"
                + "\"lines\":[\"29gfem22232im222\",\"xxxxxxxx25xxxxxx\",\"2222222222222222\"],"
                + "\"quantities\":{\"29gfem22232im222\":1,\"xxxxxxxx25xxxxxx\":2},"
                + "\"previous\":\"xxxxxxxx25xxxxxx\"}"), MAPPER.readTree(json));
        Order back = MAPPER.readValue(json, Order.class);
        assertEquals(o.id, back.id);
        assertNull(back.parent);
        assertEquals(o.lines, back.lines);
        assertEquals(o.quantities, back.quantities);
        assertEquals(o.previous, back.previous);
        Ref ref = new Ref(B, "b");
        assertEquals(ref, MAPPER.readValue(MAPPER.writeValueAsString(ref), Ref.class));
        JsonNode tree = MAPPER.valueToTree(ref);
        assertEquals("xxxxxxxx25xxxxxx", tree.get("id").asString());
        assertEquals(ref, MAPPER.convertValue(tree, Ref.class));
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
        assertEquals("id", e.getPath().get(0).getPropertyName());
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
    void theEmptyStringIsAnErrorUnlessCoercedToNull() {
        assertThrows(InvalidFormatException.class, () -> MAPPER.readValue("{\"id\":\"\"}", Ref.class));
        ObjectMapper lenient = JsonMapper.builder().addModule(new SnoModule())
                .enable(DeserializationFeature.ACCEPT_EMPTY_STRING_AS_NULL_OBJECT).build();
        assertNull(lenient.readValue("{\"id\":\"\"}", Ref.class).id());
        ObjectMapper configured = JsonMapper.builder().addModule(new SnoModule())
                .withCoercionConfig(SnoId.class, c -> c.setCoercion(CoercionInputShape.EmptyString, CoercionAction.AsNull))
                .build();
        assertNull(configured.readValue("\"\"", SnoId.class));
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
    void missingSnapshotFieldsAreZeroAsInTheReference() {
        dev.sno.jackson.JsonCases.partialSnapshots().forEach((json, expected) ->
                assertEquals(expected, MAPPER.readValue(json, GeneratorSnapshot.class), json));
    }

    @Test
    void moduleIsFoundByServiceDiscovery() {
        ObjectMapper found = JsonMapper.builder().findAndAddModules().build();
        assertTrue(found.registeredModules().stream().anyMatch(m -> m instanceof SnoModule),
                () -> "registered: " + found.registeredModules());
        assertEquals(A, found.readValue("\"29gfem22232im222\"", SnoId.class));
        assertEquals("{\"29gfem22232im222\":\"x\"}", found.writeValueAsString(Map.of(A, "x")));
    }

    @Test
    void cborWritesTheTenRawBytesAndReadsBothForms() {
        byte[] cbor = CBOR.writeValueAsBytes(B);
        byte[] expected = new byte[11];
        expected[0] = 0x4A;
        System.arraycopy(B.toBytes(), 0, expected, 1, 10);
        assertArrayEquals(expected, cbor);
        assertEquals(B, CBOR.readValue(cbor, SnoId.class));
        assertEquals(A, CBOR.readValue(CBOR.writeValueAsBytes(A.toString()), SnoId.class));
        assertThrows(MismatchedInputException.class, () -> CBOR.readValue(CBOR.writeValueAsBytes(new byte[9]), SnoId.class));
    }

    @Test
    void snapshotsReadAndWriteTheReferenceForm() throws Exception {
        GeneratorSnapshot s = new GeneratorSnapshot(0x410A, 0, 65535, 3, 4_000_000_005L, 4_000_000_005L, 4_000_000_000L, 1);
        assertEquals(s.toJson(), MAPPER.writeValueAsString(s));
        assertEquals(s, MAPPER.readValue(s.toJson(), GeneratorSnapshot.class));
        assertEquals(s, CBOR.readValue(CBOR.writeValueAsBytes(s), GeneratorSnapshot.class));

        JsonNode scenarios = MAPPER.readTree(Files.readString(
                Path.of("../sno-core/src/test/resources/conformance/generator.json")));
        List<JsonNode> snapshots = new ArrayList<>();
        for (JsonNode scenario : scenarios) {
            snapshots.add(scenario.get("config"));
            for (JsonNode step : scenario.get("steps")) {
                if (step.has("snapshot")) {
                    snapshots.add(step.get("snapshot"));
                }
            }
        }
        for (JsonNode node : snapshots) {
            GeneratorSnapshot read = MAPPER.treeToValue(node, GeneratorSnapshot.class);
            assertEquals(node.get("wallHi").asLong(), read.wallHi());
            assertEquals(node.get("drifts").asLong(), read.drifts());
            assertEquals(node, MAPPER.readTree(MAPPER.writeValueAsString(read)));
        }
        assertTrue(snapshots.size() > 20);
    }

    @ParameterizedTest
    @MethodSource("dev.sno.jackson.JsonCases#invalidSnapshots")
    void invalidSnapshotsFail(String json) {
        MismatchedInputException e = assertThrows(MismatchedInputException.class,
                () -> MAPPER.readValue(json, GeneratorSnapshot.class));
        assertTrue(e.getMessage().contains("nvalid") || e.getMessage().contains("GeneratorSnapshot"), e.getMessage());
    }

    @Test
    void unknownSnapshotFieldsFollowTheMappersSetting() {
        // Jackson 3 ignores unknown properties by default; the snapshot reader follows the mapper.
        assertEquals(0x0102, MAPPER.readValue("{\"partition\":[1,2],\"monoHi\":5}", GeneratorSnapshot.class).partition());
        ObjectMapper strict = JsonMapper.builder().addModule(new SnoModule())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
        UnrecognizedPropertyException e = assertThrows(UnrecognizedPropertyException.class,
                () -> strict.readValue("{\"monoHi\":5}", GeneratorSnapshot.class));
        assertEquals("monoHi", e.getPropertyName());
    }
}
