package dev.sno.jackson2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import dev.sno.GeneratorSnapshot;
import dev.sno.SnoId;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** CBOR, generator snapshots and the module descriptor. */
class Jackson2FormatsTest {

    static final ObjectMapper JSON = JsonMapper.builder().addModule(new SnoModule()).build();
    static final ObjectMapper CBOR = CBORMapper.builder().addModule(new SnoModule()).build();

    @Test
    void cborWritesTheTenRawBytes() throws Exception {
        SnoId id = SnoId.parse("xxxxxxxx25xxxxxx");
        byte[] cbor = CBOR.writeValueAsBytes(id);
        byte[] expected = new byte[11];
        expected[0] = 0x4A; // major type 2 (byte string), length 10
        System.arraycopy(id.toBytes(), 0, expected, 1, 10);
        assertArrayEquals(expected, cbor);
        assertEquals(id, CBOR.readValue(cbor, SnoId.class));
    }

    @Test
    void cborReadsTheStringFormToo() throws Exception {
        SnoId id = SnoId.parse("29gfem22232im222");
        byte[] asString = CBOR.writeValueAsBytes(id.toString());
        assertEquals(id, CBOR.readValue(asString, SnoId.class));
        Jackson2Test.Ref ref = new Jackson2Test.Ref(id, "r");
        assertEquals(ref, CBOR.readValue(CBOR.writeValueAsBytes(ref), Jackson2Test.Ref.class));
    }

    @Test
    void cborRejectsByteStringsOfAnotherLength() throws Exception {
        byte[] eleven = CBOR.writeValueAsBytes(new byte[11]);
        MismatchedInputException e = assertThrows(MismatchedInputException.class,
                () -> CBOR.readValue(eleven, SnoId.class));
        assertTrue(e.getMessage().contains("dev.sno.SnoId"), e.getMessage());
    }

    @Test
    void snapshotsUseTheReferenceForm() throws Exception {
        GeneratorSnapshot s = new GeneratorSnapshot(0x410A, 0, 65535, 3, 4_000_000_005L, 4_000_000_005L, 4_000_000_000L, 1);
        String json = JSON.writeValueAsString(s);
        assertEquals(s.toJson(), json);
        assertEquals(s, JSON.readValue(json, GeneratorSnapshot.class));
        assertEquals(s, CBOR.readValue(CBOR.writeValueAsBytes(s), GeneratorSnapshot.class));
    }

    @Test
    void readsEverySnapshotWrittenByTheGoReference() throws Exception {
        Path vectors = Path.of("../sno-core/src/test/resources/conformance/generator.json");
        JsonNode scenarios = new ObjectMapper().readTree(Files.readString(vectors));
        int read = 0;
        for (JsonNode scenario : scenarios) {
            List<JsonNode> snapshots = new java.util.ArrayList<>();
            snapshots.add(scenario.get("config"));
            for (JsonNode step : scenario.get("steps")) {
                if (step.has("snapshot")) {
                    snapshots.add(step.get("snapshot"));
                }
            }
            for (JsonNode node : snapshots) {
                GeneratorSnapshot s = JSON.treeToValue(node, GeneratorSnapshot.class);
                assertEquals(node.get("partition").get(0).asInt() << 8 | node.get("partition").get(1).asInt(), s.partition());
                assertEquals(node.get("sequenceMin").asInt(), s.sequenceMin());
                assertEquals(node.get("sequenceMax").asInt(), s.sequenceMax());
                assertEquals(node.get("sequence").asLong(), s.sequence());
                assertEquals(node.get("now").asLong(), s.now());
                assertEquals(node.get("wallHi").asLong(), s.wallHi());
                assertEquals(node.get("wallSafe").asLong(), s.wallSafe());
                assertEquals(node.get("drifts").asLong(), s.drifts());
                assertEquals(node, JSON.readTree(JSON.writeValueAsString(s)), "writes the same JSON back");
                read++;
            }
        }
        assertTrue(read > 20, "read " + read);
    }

    @Test
    void missingSnapshotFieldsAreZeroAsInTheReference() throws Exception {
        for (var c : dev.sno.jackson.JsonCases.partialSnapshots().entrySet()) {
            assertEquals(c.getValue(), JSON.readValue(c.getKey(), GeneratorSnapshot.class), c.getKey());
        }
    }

    @ParameterizedTest
    @MethodSource("dev.sno.jackson.JsonCases#invalidSnapshots")
    void invalidSnapshotsFailWithAClearMessage(String json) {
        MismatchedInputException e = assertThrows(MismatchedInputException.class,
                () -> JSON.readValue(json, GeneratorSnapshot.class));
        assertTrue(e.getMessage().contains("nvalid") || e.getMessage().contains("GeneratorSnapshot"), e.getMessage());
    }

    @Test
    void unknownSnapshotFieldsFailUnlessTheMapperIgnoresThem() throws Exception {
        String json = "{\"partition\":[1,2],\"monoHi\":5}";
        UnrecognizedPropertyException e = assertThrows(UnrecognizedPropertyException.class,
                () -> JSON.readValue(json, GeneratorSnapshot.class));
        assertEquals("monoHi", e.getPropertyName());
        ObjectMapper lenient = JsonMapper.builder().addModule(new SnoModule())
                .disable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
        assertEquals(0x0102, lenient.readValue(json, GeneratorSnapshot.class).partition());
    }

    @Test
    void badIdsInsideCborAreInvalidFormat() throws Exception {
        byte[] bad = CBOR.writeValueAsBytes("29gfem22232im22Z");
        assertThrows(InvalidFormatException.class, () -> CBOR.readValue(bad, SnoId.class));
    }

    @Test
    void moduleDescriptorExportsAllPackagesAndRequiresBothGenerationsOnlyStatically() throws Exception {
        ModuleDescriptor d;
        try (var in = Files.newInputStream(Path.of("target/classes/module-info.class"))) {
            d = ModuleDescriptor.read(in);
        }
        assertEquals("dev.sno.jackson", d.name());
        Set<String> exports = d.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet());
        assertEquals(Set.of("dev.sno.jackson", "dev.sno.jackson2", "dev.sno.jackson3"), exports);
        // A provides clause for an absent service module fails the boot layer on JDK 17.
        assertEquals(Set.of(), d.provides());
        for (String optional : List.of("com.fasterxml.jackson.annotation", "com.fasterxml.jackson.core",
                "com.fasterxml.jackson.databind", "tools.jackson.core", "tools.jackson.databind")) {
            ModuleDescriptor.Requires r = d.requires().stream().filter(q -> q.name().equals(optional))
                    .findFirst().orElseThrow(() -> new AssertionError(optional + " not required"));
            // static: optional at run time; not transitive: consumers compile without it.
            assertEquals(Set.of(ModuleDescriptor.Requires.Modifier.STATIC), r.modifiers(), optional);
        }
    }
}
