package dev.sno.mybatis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/mybatis.md shows what the tests run: each code block after a
 * {@code <!-- same as PATH... -->} comment is a run of consecutive lines of those files, one after
 * the other (compared without indentation, blank lines, package and import lines and Java
 * comments), so a reader copies a configuration, row class and mappers that work.
 */
class MyBatisDocsTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final Pattern SAME_AS = Pattern.compile(
            "(?m)^<!-- same as ([^>]+?) -->\\n(?:<!-- not compiled: [^\\n]* -->\\n)?```\\w*\\n(.*?)\\n```",
            Pattern.DOTALL);

    /** The docs' checked blocks: the file each names, and its lines. */
    static List<List<String>> blocks(String markdown) {
        List<List<String>> blocks = new ArrayList<>();
        Matcher m = SAME_AS.matcher(markdown);
        while (m.find()) {
            List<String> block = new ArrayList<>();
            block.add(m.group(1));
            block.addAll(strip(m.group(2).lines().toList()));
            blocks.add(block);
        }
        return blocks;
    }

    /** The lines that carry code, without indentation. */
    static List<String> strip(List<String> lines) {
        return lines.stream().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("package ")
                && !l.startsWith("import ") && !l.startsWith("/**") && !l.startsWith("*") && !l.startsWith("//"))
                .toList();
    }

    /** Whether the lines appear consecutively in the file's lines. */
    static boolean containsRun(List<String> file, List<String> run) {
        return Collections.indexOfSubList(file, run) >= 0;
    }

    @Test
    void everyMarkedBlockIsARunOfTheTestedFile() throws IOException {
        List<List<String>> blocks = blocks(Files.readString(ROOT.resolve("docs/mybatis.md")));
        assertEquals(List.of("sno-mybatis/src/test/resources/mybatis-config.xml",
                "sno-mybatis/src/test/java/dev/sno/mybatis/example/Event.java",
                "sno-mybatis/src/test/resources/dev/sno/mybatis/example/EventMapper.xml",
                "sno-mybatis/src/test/java/dev/sno/mybatis/example/EventMapper.java",
                "sno-mybatis/src/test/java/dev/sno/mybatis/example/AnnotatedEventMapper.java"),
                blocks.stream().map(b -> b.get(0)).toList());
        for (List<String> block : blocks) {
            List<String> file = new ArrayList<>();
            for (String name : block.get(0).split(" ")) {
                file.addAll(strip(Files.readAllLines(ROOT.resolve(name))));
            }
            List<String> run = block.subList(1, block.size());
            assertTrue(run.size() > 4, block.toString());
            assertTrue(containsRun(file, run), "docs/mybatis.md's block differs from " + block.get(0) + ": " + run);
        }
    }

    @Test
    void theCheckSeesAChange() {
        List<List<String>> blocks = blocks("x\n<!-- same as a/b.xml -->\n```xml\n  <a/>\n\n  <b/>\n```\ny\n"
                + "<!-- same as C.java D.java -->\n<!-- not compiled: why -->\n```java\nimport x;\n// c\nclass C {}\n```\n");
        assertEquals(List.of(List.of("a/b.xml", "<a/>", "<b/>"), List.of("C.java D.java", "class C {}")), blocks);
        assertTrue(containsRun(List.of("<x>", "<a/>", "<b/>", "</x>"), List.of("<a/>", "<b/>")));
        assertFalse(containsRun(List.of("<x>", "<a/>", "<c/>", "<b/>"), List.of("<a/>", "<b/>")));
    }

    @Test
    void theDocsMessagesAreTheTestedOnes() throws IOException {
        String docs = Files.readString(ROOT.resolve("docs/mybatis.md"));
        for (String message : List.of(
                "Not a sno ID in column 'ID': 0x0102 (length 2, expected 10 (sno) or 16 (UUID) bytes)",
                "Cannot give dev.sno.mybatis.Memo.id (@SnoGeneratedId) an ID on insert: a record's components cannot"
                        + " be set; make the record with its ID (Sno.next(3)) instead of null")) {
            assertTrue(docs.contains("\n" + message + "\n"), message);
            Path tests = ROOT.resolve("sno-mybatis/src/test/java/dev/sno/mybatis");
            String tested = Files.readString(tests.resolve("InterceptorRulesTest.java"))
                    + Files.readString(tests.resolve("MyBatisTest.java"));
            assertTrue(tested.replace("\"\n                    + \"", "").replace("\"\n                        + \"", "")
                    .contains(message), "no test asserts: " + message);
        }
    }
}
