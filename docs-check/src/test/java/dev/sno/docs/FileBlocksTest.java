package dev.sno.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The docs print what the build runs. A fenced block may name its source on the line just before
 * its opening fence (a {@code <!-- not compiled: ... -->} line may stand between them):
 * <ul>
 *   <li>{@code <!-- file: PATH -->}: the block is the whole file PATH, relative to the repository
 *       root, verbatim (a final newline aside);
 *   <li>{@code <!-- same as PATH [PATH ...] -->}: the block is a run of consecutive lines of those
 *       files, one after the other, compared without indentation, blank lines, package and import
 *       lines and Java comments (a reader gets the part that matters, as tested).
 * </ul>
 * A Java block with either marker is compiled by the module that holds its file, so
 * {@link DocsCheckTest#javaBlocksCompile()} leaves it out.
 */
class FileBlocksTest {

    static final Pattern FILE = Pattern.compile("^<!-- file: (\\S+) -->$");
    static final Pattern SAME_AS = Pattern.compile("^<!-- same as (\\S+(?: \\S+)*) -->$");

    /** A block's source marker: "file: PATH" or "same as PATHS", or null when it has none. */
    static String sourceOf(List<String> lines, int fence) {
        for (int i = fence - 1; i >= 0 && i >= fence - 2; i--) {
            String line = lines.get(i).strip();
            Matcher file = FILE.matcher(line);
            if (file.matches()) {
                return "file: " + file.group(1);
            }
            Matcher same = SAME_AS.matcher(line);
            if (same.matches()) {
                return "same as " + same.group(1);
            }
            if (!DocsCheckTest.NOT_COMPILED.matcher(line).matches()) {
                return null;
            }
        }
        return null;
    }

    /** What is wrong with one marked block; null when it is what its marker says. */
    static String problem(Path root, DocsCheckTest.Block block) throws IOException {
        String source = block.source();
        if (source.startsWith("file: ")) {
            Path file = root.resolve(source.substring("file: ".length()));
            if (!Files.isRegularFile(file)) {
                return block.where() + ": names " + root.relativize(file) + ", which does not exist";
            }
            String want = stripFinalNewline(Files.readString(file, StandardCharsets.UTF_8));
            String have = stripFinalNewline(block.text());
            return want.equals(have) ? null
                    : block.where() + ": differs from " + root.relativize(file) + " at its line " + firstDifference(want, have);
        }
        List<String> lines = new ArrayList<>();
        for (String name : source.substring("same as ".length()).split(" ")) {
            Path file = root.resolve(name);
            if (!Files.isRegularFile(file)) {
                return block.where() + ": names " + name + ", which does not exist";
            }
            lines.addAll(strip(Files.readAllLines(file, StandardCharsets.UTF_8)));
        }
        List<String> run = strip(block.text().lines().toList());
        if (run.isEmpty()) {
            return block.where() + ": an empty block";
        }
        return Collections.indexOfSubList(lines, run) >= 0 ? null
                : block.where() + ": is not a run of consecutive lines of " + source.substring("same as ".length());
    }

    /** The lines that carry code, without indentation. */
    static List<String> strip(List<String> lines) {
        return lines.stream().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("package ")
                && !l.startsWith("import ") && !l.startsWith("/**") && !l.startsWith("*") && !l.startsWith("//"))
                .toList();
    }

    private static String stripFinalNewline(String s) {
        return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
    }

    private static int firstDifference(String want, String have) {
        String[] a = want.split("\n", -1);
        String[] b = have.split("\n", -1);
        int i = 0;
        while (i < a.length && i < b.length && a[i].equals(b[i])) {
            i++;
        }
        return i + 1;
    }

    @Test
    void everyMarkedBlockIsWhatItsMarkerNames() throws IOException {
        Path root = DocsCheckTest.repositoryRoot();
        List<String> problems = new ArrayList<>();
        int marked = 0;
        for (Path file : DocsCheckTest.markdownFiles(root)) {
            for (DocsCheckTest.Block block : DocsCheckTest.Markdown.blocks(root, file)) {
                if (block.source() != null) {
                    marked++;
                    String p = problem(root, block);
                    if (p != null) {
                        problems.add(p);
                    }
                }
            }
        }
        System.out.printf("docs-check: %d blocks printed from files of the build%n", marked);
        assertTrue(marked > 0, "no <!-- file: --> or <!-- same as --> blocks found");
        if (!problems.isEmpty()) {
            fail(problems.size() + " block(s) differ from the files they name:\n" + String.join("\n", problems));
        }
    }

    @Test
    void theCheckSeesAChange(@org.junit.jupiter.api.io.TempDir Path root) throws IOException {
        Files.writeString(root.resolve("A.java"), "package a;\n\nimport b.C;\n\n/** A. */\nclass A {\n    int x;\n}\n");
        Files.writeString(root.resolve("page.md"), String.join("\n",
                "<!-- file: A.java -->", "```java", "package a;", "", "import b.C;", "", "/** A. */", "class A {",
                "    int x;", "}", "```",
                "<!-- same as A.java -->", "<!-- not compiled: a part -->", "```java", "class A {", "  int x;", "```",
                "<!-- file: A.java -->", "```java", "class A {", "    int y;", "}", "```",
                "<!-- same as A.java -->", "```java", "int x;", "class A {", "```",
                "<!-- file: B.java -->", "```java", "class B {}", "```",
                "<!-- a comment -->", "```java", "class D {}", "```", ""));
        List<DocsCheckTest.Block> blocks = DocsCheckTest.Markdown.blocks(root, root.resolve("page.md"));
        assertEquals(6, blocks.size());
        assertNull(problem(root, blocks.get(0)));
        assertNull(problem(root, blocks.get(1)));
        assertEquals("page.md:19: differs from A.java at its line 1", problem(root, blocks.get(2)));
        assertEquals("page.md:25: is not a run of consecutive lines of A.java", problem(root, blocks.get(3)));
        assertEquals("page.md:30: names B.java, which does not exist", problem(root, blocks.get(4)));
        assertNull(blocks.get(5).source(), "an ordinary comment is no marker");
        assertFalse(blocks.get(1).source() == null, "a not-compiled line may stand between marker and fence");
    }
}
