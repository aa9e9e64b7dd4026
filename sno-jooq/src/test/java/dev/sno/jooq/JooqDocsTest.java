package dev.sno.jooq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * docs/jooq.md gives what this module's build runs: its {@code forcedTypes} block is the one in
 * sno-jooq/pom.xml that generated the classes the other tests use (line by line, indentation
 * aside), and the refusal message it shows is the converter's.
 */
class JooqDocsTest {

    private static final Path MODULE = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();

    /** The lines of text from the line holding start to the line holding end, both included, stripped. */
    static List<String> block(List<String> lines, String start, String end) {
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (String line : lines) {
            if (!in && line.contains(start)) {
                in = true;
            }
            if (in) {
                out.add(line.strip());
                if (line.contains(end)) {
                    return out;
                }
            }
        }
        throw new IllegalArgumentException("no block from " + start + " to " + end);
    }

    @Test
    void theDocsForcedTypesAreTheBuildsForcedTypes() throws IOException {
        List<String> pom = block(Files.readAllLines(MODULE.resolve("pom.xml")), "<forcedTypes>", "</forcedTypes>");
        List<String> docs = block(Files.readAllLines(MODULE.resolve("../docs/jooq.md")), "<forcedTypes>",
                "</forcedTypes>");
        assertEquals(pom, docs, "docs/jooq.md's forcedTypes differ from sno-jooq/pom.xml's");
        assertTrue(pom.size() > 10, pom.toString());
        assertTrue(pom.contains("<converter>dev.sno.jooq.SnoIdConverter</converter>"), pom.toString());
        assertTrue(pom.contains("<converter>dev.sno.jooq.SnoIdBinaryConverter</converter>"), pom.toString());
    }

    @Test
    void theCheckSeesAChange() {
        List<String> a = block(List.of("x", "  <forcedTypes>", "    <a/>", "  </forcedTypes>"), "<forcedTypes>",
                "</forcedTypes>");
        List<String> b = block(List.of("<forcedTypes>", "<b/>", "</forcedTypes>", "y"), "<forcedTypes>",
                "</forcedTypes>");
        assertEquals(List.of("<forcedTypes>", "<a/>", "</forcedTypes>"), a);
        assertFalse(a.equals(b));
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
