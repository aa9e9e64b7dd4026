package dev.sno.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The lists of modules cannot leave a module behind. Every library module of the root pom (a
 * deployed one, {@link Build#libraryModules}) has a row in getting-started.md's module table with
 * its real Java module name, an entry in the BOM (the BOM itself aside), a mention in README.md's
 * Install section, and a page in the guide index (docs/README.md), the one its row links; and
 * none of these names a module that is not one. The guide index lists every page of docs/.
 */
class ModuleListsTest {

    static final String GETTING_STARTED = "docs/getting-started.md";
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]*)(#[^)\\s]*)?\\)");

    /** The rows of the first table under the heading {@code ## title}: cells without their outer pipes. */
    static List<List<String>> table(String markdown, String title) {
        List<List<String>> rows = new ArrayList<>();
        boolean inSection = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.startsWith("## ")) {
                if (inSection && !rows.isEmpty()) {
                    break;
                }
                inSection = line.substring(3).strip().equals(title);
                continue;
            }
            if (inSection && line.startsWith("|")) {
                if (line.matches("^\\|[-| :]+\\|\\s*$")) {
                    continue;
                }
                List<String> cells = new ArrayList<>();
                for (String c : line.strip().substring(1, line.strip().length() - 1).split("\\|", -1)) {
                    cells.add(c.strip());
                }
                rows.add(cells);
            } else if (inSection && !rows.isEmpty() && !line.isBlank()) {
                break;
            }
        }
        return rows;
    }

    /** The text of the section under the heading {@code ## title}, up to the next such heading. */
    static String section(String markdown, String title) {
        int start = markdown.indexOf("\n## " + title + "\n");
        if (start < 0) {
            return "";
        }
        int end = markdown.indexOf("\n## ", start + 1);
        return markdown.substring(start, end < 0 ? markdown.length() : end);
    }

    static String firstCode(String cell) {
        Matcher m = CODE.matcher(cell);
        return m.find() ? m.group(1) : "";
    }

    /** The docs pages a cell links (relative to docs/), a link to an anchor of this page as this page. */
    static List<String> pagesLinked(String cell, String thisPage) {
        List<String> out = new ArrayList<>();
        Matcher m = LINK.matcher(cell);
        while (m.find()) {
            String target = m.group(1);
            if (target.isEmpty()) {
                out.add(thisPage);
            } else if (target.endsWith(".md") && !target.contains("/")) {
                out.add(target);
            }
        }
        return out;
    }

    /**
     * The Java module a library module declares: its module-info.java's name, or its jar's
     * Automatic-Module-Name followed by " (automatic)", or "" when it has neither.
     */
    static String javaModule(Path root, Build.Module m) throws IOException {
        Path info = root.resolve(m.dir()).resolve("src/main/java/module-info.java");
        if (Files.exists(info)) {
            Matcher d = Pattern.compile("(?m)^\\s*(?:open\\s+)?module\\s+([\\w.]+)").matcher(Files.readString(info));
            if (d.find()) {
                return d.group(1);
            }
        }
        Matcher a = Pattern.compile("<Automatic-Module-Name>([\\w.]+)</Automatic-Module-Name>")
                .matcher(Files.readString(root.resolve(m.dir()).resolve("pom.xml")));
        return a.find() ? a.group(1) + " (automatic)" : "";
    }

    /**
     * Everything wrong between the library modules (artifactId to Java module) and the places that
     * list them: the module table's rows, the BOM's artifacts, README.md's Install section and the
     * guide index. Each problem names the module and the place.
     */
    static List<String> problems(Map<String, String> library, List<List<String>> moduleTable, Set<String> bom,
            String readmeInstall, String index) {
        List<String> problems = new ArrayList<>();
        Map<String, List<String>> rows = new LinkedHashMap<>();
        for (List<String> row : moduleTable.subList(Math.min(1, moduleTable.size()), moduleTable.size())) {
            rows.put(firstCode(row.get(0)), row);
        }
        for (Map.Entry<String, String> e : library.entrySet()) {
            String artifact = e.getKey();
            List<String> row = rows.get(artifact);
            if (row == null) {
                problems.add(artifact + ": no row in " + GETTING_STARTED + "'s module table (\"## Which module brings"
                        + " what\")");
            } else {
                problems.addAll(rowProblems(artifact, e.getValue(), row, index));
            }
            if (!artifact.equals("sno-bom") && !bom.contains(artifact)) {
                problems.add(artifact + ": not in the BOM (sno-bom/pom.xml's dependencyManagement)");
            }
            if (!readmeInstall.contains("`" + artifact + "`") && !readmeInstall.contains(artifact + ",")) {
                problems.add(artifact + ": not named in README.md's \"## Install\" section");
            }
        }
        for (String listed : rows.keySet()) {
            if (!library.containsKey(listed)) {
                problems.add(listed + ": a row of " + GETTING_STARTED + "'s module table, but no library module of the"
                        + " root pom has that artifactId (library modules: " + library.keySet() + ")");
            }
        }
        for (String listed : bom) {
            if (!library.containsKey(listed)) {
                problems.add(listed + ": in the BOM, but no library module of the root pom has that artifactId");
            }
        }
        return problems;
    }

    private static List<String> rowProblems(String artifact, String javaModule, List<String> row, String index) {
        List<String> problems = new ArrayList<>();
        if (row.size() < 4) {
            problems.add(artifact + ": its row in " + GETTING_STARTED + "'s module table has " + row.size()
                    + " cells, not 4 (module, Java module, what, needs)");
            return problems;
        }
        String cell = row.get(1);
        boolean automatic = javaModule.endsWith(" (automatic)");
        String name = javaModule.replace(" (automatic)", "");
        if (name.isEmpty() ? !cell.isEmpty() : !firstCode(cell).equals(name) || automatic != cell.contains("automatic")) {
            String declared = name.isEmpty() ? "none (leave the cell empty)"
                    : automatic ? "`" + name + "`, only as its jar's Automatic-Module-Name (say \"automatic\")"
                    : "`" + name + "`";
            problems.add(artifact + ": " + GETTING_STARTED + "'s module table gives the Java module \"" + cell
                    + "\"; the module declares " + declared);
        }
        List<String> pages = pagesLinked(row.get(2), "getting-started.md");
        if (pages.isEmpty()) {
            problems.add(artifact + ": its row in " + GETTING_STARTED + "'s module table links no page of docs/");
        }
        for (String page : pages) {
            if (!index.contains("](" + page + ")")) {
                problems.add(artifact + ": its page " + page + " is not in the guide index (docs/README.md)");
            }
        }
        return problems;
    }

    /** The docs pages (file names in docs/) that the index does not link. */
    static List<String> pagesNotInIndex(List<String> pages, String index) {
        List<String> out = new ArrayList<>();
        for (String page : pages) {
            if (!page.equals("README.md") && !index.contains("](" + page + ")")) {
                out.add("docs/" + page + " is not in the guide index (docs/README.md): add a row for it");
            }
        }
        return out;
    }

    static Map<String, String> library(Path root) throws IOException {
        Map<String, String> library = new LinkedHashMap<>();
        for (Build.Module m : Build.libraryModules(root)) {
            library.put(m.artifactId(), javaModule(root, m));
        }
        return library;
    }

    static Set<String> bom(Path root) throws IOException {
        Set<String> bom = new TreeSet<>();
        for (Build.Dependency d : Build.managed(Build.pom(root.resolve("sno-bom/pom.xml")))) {
            bom.add(d.artifactId());
        }
        return bom;
    }

    @Test
    void everyLibraryModuleIsInEveryList() throws IOException {
        Path root = DocsCheckTest.repositoryRoot();
        Map<String, String> library = library(root);
        assertTrue(library.size() >= 14 && library.containsKey("sno-zookeeper"), "library modules: " + library);
        List<String> problems = problems(library, table(Files.readString(root.resolve(GETTING_STARTED)),
                "Which module brings what"), bom(root), section(Files.readString(root.resolve("README.md")), "Install"),
                Files.readString(root.resolve("docs/README.md")));
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    @Test
    void everyPageIsInTheGuideIndex() throws IOException {
        Path root = DocsCheckTest.repositoryRoot();
        List<String> pages;
        try (Stream<Path> files = Files.list(root.resolve("docs"))) {
            pages = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".md")).sorted().toList();
        }
        assertTrue(pages.size() > 20, "docs pages: " + pages);
        List<String> problems = pagesNotInIndex(pages, Files.readString(root.resolve("docs/README.md")));
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    /**
     * The checks above, broken on purpose: a new library module that no list has, a row whose Java
     * module is a package, an automatic module called named, a stale BOM entry, a page not in the index.
     */
    @Test
    void theChecksSeeAChange() throws IOException {
        Path root = DocsCheckTest.repositoryRoot();
        Map<String, String> library = new LinkedHashMap<>(library(root));
        String gettingStarted = Files.readString(root.resolve(GETTING_STARTED));
        List<List<String>> table = table(gettingStarted, "Which module brings what");
        String install = section(Files.readString(root.resolve("README.md")), "Install");
        String index = Files.readString(root.resolve("docs/README.md"));
        Set<String> bom = bom(root);
        assertEquals(List.of(), problems(library, table, bom, install, index));

        library.put("sno-new", "dev.sno.neu");
        assertEquals(List.of("sno-new: no row in docs/getting-started.md's module table (\"## Which module brings what\")",
                "sno-new: not in the BOM (sno-bom/pom.xml's dependencyManagement)",
                "sno-new: not named in README.md's \"## Install\" section"),
                problems(library, table, bom, install, index));
        library.remove("sno-new");

        List<List<String>> changed = new ArrayList<>();
        for (List<String> row : table) {
            List<String> r = new ArrayList<>(row);
            if (firstCode(r.get(0)).equals("sno-jackson")) {
                r.set(1, "`dev.sno.jackson2`");
            } else if (firstCode(r.get(0)).equals("sno-zookeeper")) {
                r.set(1, "`dev.sno.zookeeper`");
                r.set(2, "leases in ZooKeeper ([zookeeper-leases.md](zookeeper-leases.md))");
            }
            changed.add(r);
        }
        Set<String> staleBom = new TreeSet<>(bom);
        staleBom.add("sno-gone");
        assertEquals(List.of("sno-jackson: docs/getting-started.md's module table gives the Java module"
                + " \"`dev.sno.jackson2`\"; the module declares `dev.sno.jackson`",
                "sno-zookeeper: docs/getting-started.md's module table gives the Java module \"`dev.sno.zookeeper`\";"
                        + " the module declares `dev.sno.zookeeper`, only as its jar's Automatic-Module-Name (say"
                        + " \"automatic\")",
                "sno-zookeeper: its page zookeeper-leases.md is not in the guide index (docs/README.md)",
                "sno-gone: in the BOM, but no library module of the root pom has that artifactId"),
                problems(library, changed, staleBom, install, index.replace("](zookeeper-leases.md)", "](zk.md)")));
        assertEquals(List.of("docs/kotlin.md is not in the guide index (docs/README.md): add a row for it"),
                pagesNotInIndex(List.of("README.md", "ids.md", "kotlin.md"), index.replace("](kotlin.md)", "]()")));
    }
}
