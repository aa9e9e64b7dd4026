package dev.sno.jooq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.jooq.exception.DataTypeException;
import org.junit.jupiter.api.Test;

/**
 * docs/jooq.md gives what this module's build runs: its {@code forcedTypes} blocks are marked as the
 * ones in sno-jooq/pom.xml that generated the classes the other tests use (docs-check compares
 * them), and the refusal messages it shows are the converters'.
 */
class JooqDocsTest {

    private static final Path MODULE = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();

    /**
     * Each forcedTypes block of docs/jooq.md is marked as a run of sno-jooq/pom.xml, which
     * docs-check's FileBlocksTest then holds to the pom: one block per column kind, so a block
     * pasted as it is never leaves a forced type unused.
     */
    @Test
    void theDocsForcedTypesAreMarkedAsTheBuilds() throws IOException {
        List<String> lines = Files.readAllLines(MODULE.resolve("../docs/jooq.md"));
        List<String> converters = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).equals("<forcedTypes>")) {
                assertEquals("```xml", lines.get(i - 1), "line " + (i + 1));
                assertEquals("<!-- same as sno-jooq/pom.xml -->", lines.get(i - 2), "line " + (i + 1));
                int end = lines.subList(i, lines.size()).indexOf("</forcedTypes>") + i;
                List<String> block = lines.subList(i, end);
                assertEquals(1, block.stream().filter(l -> l.strip().equals("<forcedType>")).count(), block.toString());
                block.stream().filter(l -> l.contains("<converter>")).forEach(l -> converters.add(l.strip()));
            }
        }
        assertEquals(List.of("<converter>dev.sno.jooq.SnoIdConverter</converter>",
                "<converter>dev.sno.jooq.SnoIdBinaryConverter</converter>"), converters);
        String pom = Files.readString(MODULE.resolve("pom.xml"));
        assertTrue(pom.contains("<onUnused>FAIL</onUnused>"), "an unused forced type fails sno-jooq's build");
    }

    /** The messages docs/jooq.md shows for text given to SnoJooq's types are theirs, for UUID and BINARY alike. */
    @Test
    void theDocsTextMessagesAreTheDataTypes() throws IOException {
        List<String> shown = Files.readAllLines(MODULE.resolve("../docs/jooq.md")).stream()
                .filter(line -> line.startsWith("Not a sno ID: \"")).toList();
        assertEquals(2, shown.size(), shown.toString());
        for (String line : shown) {
            String value = line.substring("Not a sno ID: \"".length(), line.indexOf('"', "Not a sno ID: \"".length()));
            for (var type : List.of(SnoJooq.UUID, SnoJooq.BINARY)) {
                assertEquals(line, assertThrows(DataTypeException.class, () -> type.convert(value)).getMessage());
            }
        }
    }

    @Test
    void theDocsMessageIsTheConverters() throws IOException {
        String docs = Files.readString(MODULE.resolve("../docs/jooq.md"));
        String prefix = "Not a sno ID in a BINARY(16) column: 0x";
        int at = docs.indexOf(prefix);
        assertTrue(at >= 0, "docs/jooq.md shows no refusal message");
        String shown = docs.substring(at, docs.indexOf('\n', at));
        byte[] value = HexFormat.of().parseHex(shown.substring(prefix.length(), prefix.length() + 32));
        DataTypeException e = assertThrows(DataTypeException.class, () -> new SnoIdBinaryConverter().from(value));
        assertEquals(e.getMessage(), shown);
    }
}
