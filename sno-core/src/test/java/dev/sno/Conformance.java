package dev.sno;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

/**
 * The conformance harness: turns the vector files produced by the Go reference into dynamic
 * tests. The format is described in src/test/resources/conformance/README.md (a copy of the one
 * shipped with the vectors).
 */
final class Conformance {

    static final String DIR_PROPERTY = "sno.conformance.dir";
    static final String CODEC = "codec.json";
    static final String GENERATOR = "generator.json";

    private Conformance() {
    }

    /**
     * The vector files to run: those in the directory named by {@code -Dsno.conformance.dir},
     * or the copies on the classpath when the property is not set.
     */
    static Map<String, String> sources() {
        String dir = System.getProperty(DIR_PROPERTY);
        if (dir != null && !dir.isEmpty()) {
            return load(Path.of(dir));
        }
        Map<String, String> files = new LinkedHashMap<>();
        for (String name : List.of(CODEC, GENERATOR)) {
            try (InputStream in = Conformance.class.getResourceAsStream("/conformance/" + name)) {
                if (in == null) {
                    throw new AssertionError("conformance vector " + name + " missing from the test classpath");
                }
                files.put(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    /** Reads codec.json and generator.json from dir, whichever exist; fails if neither does. */
    static Map<String, String> load(Path dir) {
        Map<String, String> files = new LinkedHashMap<>();
        for (String name : List.of(CODEC, GENERATOR)) {
            Path file = dir.resolve(name);
            if (Files.isRegularFile(file)) {
                try {
                    files.put(name, Files.readString(file, StandardCharsets.UTF_8));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        if (files.isEmpty()) {
            throw new AssertionError("no conformance vectors in " + dir.toAbsolutePath()
                    + ": expected " + CODEC + " and/or " + GENERATOR);
        }
        return files;
    }

    /** One container of dynamic tests per file. */
    static List<DynamicNode> tests(Map<String, String> files) {
        List<DynamicNode> nodes = new ArrayList<>();
        String codec = files.get(CODEC);
        if (codec != null) {
            nodes.add(DynamicContainer.dynamicContainer(CODEC, codecTests(codec)));
        }
        String generator = files.get(GENERATOR);
        if (generator != null) {
            nodes.add(DynamicContainer.dynamicContainer(GENERATOR, GeneratorConformance.tests(generator)));
        }
        return nodes;
    }

    static List<DynamicNode> codecTests(String json) {
        Map<String, Object> root = Json.object(Json.parse(json));
        List<DynamicNode> valid = new ArrayList<>();
        for (Object entry : Json.array(root.get("codec"))) {
            Map<String, Object> c = Json.object(entry);
            String encoded = (String) c.get("encoded");
            valid.add(DynamicTest.dynamicTest(encoded, () -> checkValid(c)));
        }
        List<DynamicNode> invalid = new ArrayList<>();
        for (Object entry : Json.array(root.get("invalid"))) {
            String text = (String) entry;
            invalid.add(DynamicTest.dynamicTest(quote(text), () -> checkInvalid(text)));
        }
        if (valid.isEmpty() && invalid.isEmpty()) {
            throw new AssertionError(CODEC + " holds no cases");
        }
        return List.of(DynamicContainer.dynamicContainer("codec", valid),
                DynamicContainer.dynamicContainer("invalid", invalid));
    }

    private static void checkValid(Map<String, Object> c) {
        List<Object> list = Json.array(c.get("bytes"));
        byte[] bytes = new byte[list.size()];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Json.number(list.get(i));
        }
        String encoded = (String) c.get("encoded");
        long nanos = Json.number(c.get("timestampUnixNanos"));
        long units = Json.number(c.get("timeUnits"));
        boolean tick = Json.number(c.get("tickTock")) == 1;
        int meta = (int) Json.number(c.get("meta"));
        int partition = (int) Json.number(c.get("partition"));
        int sequence = (int) Json.number(c.get("sequence"));
        Instant time = Instant.parse((String) c.get("timeUtc"));

        SnoId fromBytes = SnoId.fromBytes(bytes);
        assertEquals(encoded, fromBytes.toString(), "bytes -> string");
        SnoId parsed = SnoId.parse(encoded);
        assertArrayEquals(bytes, parsed.toBytes(), "string -> bytes");
        assertEquals(fromBytes, parsed);
        assertTrue(SnoId.isValid(encoded));

        assertEquals(units, parsed.timeUnits(), "timeUnits");
        assertEquals(tick, parsed.tickTock(), "tickTock");
        assertEquals(meta, parsed.meta(), "meta");
        assertEquals(partition, parsed.partition(), "partition");
        assertEquals(sequence, parsed.sequence(), "sequence");
        assertEquals(nanos / 1_000_000, parsed.toEpochMilli(), "timestamp");
        assertEquals(Instant.ofEpochSecond(0, nanos), parsed.time(), "time from nanos");
        assertEquals(time, parsed.time(), "time from timeUtc");
        assertEquals(meta, SnoId.metaOf(encoded), "metaOf");

        assertEquals(parsed, SnoId.of(time, tick, meta, partition, sequence), "of(components)");
        assertEquals(parsed, SnoId.fromUuid(parsed.toUuid()), "UUID round trip");
    }

    private static void checkInvalid(String text) {
        InvalidSnoIdException e = assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(text));
        assertTrue(e.getMessage().contains(quote(text)),
                () -> "message should quote the input as " + quote(text) + ": " + e.getMessage());
        assertFalse(SnoId.isValid(text), "isValid");
        assertThrows(InvalidSnoIdException.class, () -> SnoId.metaOf(text));
    }

    /** The input as the messages must quote it: escaped independently of the code under test. */
    static String quote(String text) {
        StringBuilder sb = new StringBuilder("\"");
        for (char ch : text.toCharArray()) {
            if (ch == '"' || ch == '\\' || ch == '\'') {
                sb.append('\\').append(ch);
            } else if (ch >= 0x20 && ch < 0x7F) {
                sb.append(ch);
            } else {
                sb.append("\\u").append(String.format("%04X", (int) ch));
            }
        }
        return sb.append('"').toString();
    }
}
