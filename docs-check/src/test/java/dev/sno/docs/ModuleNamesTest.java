package dev.sno.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Java module names the docs give are modules: every {@code requires dev.sno...} (in a block
 * or in the text) and every "module `dev.sno...`" names a module of this repository, as its
 * {@code module-info.java} declares it, or as a pom names the automatic module of a jar without
 * one ({@code Automatic-Module-Name}: {@code dev.sno.zookeeper}). A reader who copies
 * {@code requires dev.sno.jackson2} (a package of the module {@code dev.sno.jackson}) gets
 * "module not found" from javac.
 */
class ModuleNamesTest {

    private static final Pattern DECLARED = Pattern.compile("(?m)^\\s*(?:open\\s+)?module\\s+([\\w.]+)\\s*\\{");
    private static final Pattern REQUIRES = Pattern.compile("requires\\s+(?:static\\s+|transitive\\s+)*(dev\\.sno[\\w.]*)");
    private static final Pattern MODULE_WORD = Pattern.compile("\\bmodules?\\s+`(dev\\.sno[\\w.]*)`");
    private static final Pattern AUTOMATIC = Pattern.compile("<Automatic-Module-Name>([\\w.]+)</Automatic-Module-Name>");

    /** The module names this repository's module-info.java files declare, and its poms' automatic ones. */
    static Set<String> modules(Path root) throws IOException {
        Set<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.endsWith("module-info.java") && p.toString().contains("src/main/java"))
                    .toList()) {
                Matcher m = DECLARED.matcher(Files.readString(f));
                if (m.find()) {
                    names.add(m.group(1));
                }
            }
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.endsWith("pom.xml") && !p.toString().contains("/target/")).toList()) {
                Matcher m = AUTOMATIC.matcher(Files.readString(f));
                while (m.find()) {
                    names.add(m.group(1));
                }
            }
        }
        return names;
    }

    /** Each place in text that names a dev.sno module which is not one, as "where: name". */
    static List<String> unknownModules(String where, String text, Set<String> modules) {
        List<String> problems = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            for (Pattern p : List.of(REQUIRES, MODULE_WORD)) {
                Matcher m = p.matcher(lines[i]);
                while (m.find()) {
                    if (!modules.contains(m.group(1))) {
                        problems.add(where + ":" + (i + 1) + ": " + m.group(1) + " is not a module (modules: "
                                + new TreeSet<>(modules) + ")");
                    }
                }
            }
        }
        return problems;
    }

    @Test
    void everyModuleNameInTheDocsIsAModule() throws IOException {
        Path root = DocsCheckTest.repositoryRoot();
        Set<String> modules = modules(root);
        assertEquals(Set.of("dev.sno", "dev.sno.etcd", "dev.sno.jackson", "dev.sno.jdbc", "dev.sno.jooq", "dev.sno.kotlin", "dev.sno.micronaut", "dev.sno.mybatis", "dev.sno.lease.tck",
                "dev.sno.redis", "dev.sno.spring.boot", "dev.sno.zookeeper"),
                modules, "the module-info.java files found");
        List<String> problems = new ArrayList<>();
        for (Path f : DocsCheckTest.markdownFiles(root)) {
            problems.addAll(unknownModules(root.relativize(f).toString(), Files.readString(f), modules));
        }
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    /** The check, broken once on purpose: the line the issue found, and its fix. */
    @Test
    void aPackageGivenAsAModuleIsFound() {
        Set<String> modules = Set.of("dev.sno", "dev.sno.jackson");
        assertEquals(List.of("x.md:2: dev.sno.jackson2 is not a module (modules: [dev.sno, dev.sno.jackson])"),
                unknownModules("x.md", "text\nmodule-info: `requires dev.sno.jackson2;`", modules));
        assertEquals(1, unknownModules("x.md", "the module `dev.sno.jackson3` has", modules).size());
        assertFalse(unknownModules("x.md", "requires static dev.sno.jackson;\npackage `dev.sno.jackson2` of module"
                + " `dev.sno.jackson`", modules).size() > 0);
    }
}
