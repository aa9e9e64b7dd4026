package dev.sno.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * getting-started.md's versions table comes from the root pom. Each library module's own
 * dependencies whose version the root pom sets (a {@code ${...version}} property, in the module or
 * in the root pom's dependencyManagement) appear in its "tested in CI" column at that version; and
 * the first version of each row there (x.y.z) is the value of a root pom property, so a bump of the
 * property without the table fails. The one row exempt from the second rule is the Maven that
 * builds (the CI machine's, not a dependency).
 */
class VersionsTableTest {

    private static final Pattern VERSION = Pattern.compile("\\b\\d+\\.\\d+\\.\\d+\\b");
    private static final Pattern PROPERTY = Pattern.compile("^\\$\\{([\\w.-]+)\\}$");
    /** Rows whose versions are not the build's dependencies, with the reason. */
    static final Map<String, String> NOT_FROM_THE_POM = Map.of(
            "Maven (to build)", "the Maven of the CI machine, which builds; no pom manages it");

    /** A version as the table writes it: without Maven's ".RELEASE" or ".Final". */
    static String shown(String version) {
        return version.replaceAll("\\.(RELEASE|Final)$", "");
    }

    /**
     * The root pom properties each library module's direct dependencies take their versions from:
     * artifactId to (groupId:artifactId to property name).
     */
    static Map<String, Map<String, String>> versionProperties(Path root) throws IOException {
        Map<String, String> managed = new HashMap<>();
        for (Build.Dependency d : Build.managed(Build.pom(root.resolve("pom.xml")))) {
            if (d.version() != null) {
                managed.put(d.groupId() + ":" + d.artifactId(), d.version());
            }
        }
        Map<String, String> properties = Build.properties(root);
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        for (Build.Module m : Build.libraryModules(root)) {
            Map<String, String> used = new LinkedHashMap<>();
            List<Build.Dependency> deps = new ArrayList<>(Build.dependencies(m.pom()));
            deps.addAll(Build.managed(m.pom()).stream().filter(d -> "import".equals(d.scope())).toList());
            for (Build.Dependency d : deps) {
                String key = d.groupId() + ":" + d.artifactId();
                if ("dev.sno".equals(d.groupId()) || "test".equals(d.scope())) {
                    continue;
                }
                Matcher p = PROPERTY.matcher(d.version() != null ? d.version() : managed.getOrDefault(key, ""));
                if (p.matches() && properties.containsKey(p.group(1))) {
                    used.put(key, p.group(1));
                }
            }
            out.put(m.artifactId(), used);
        }
        return out;
    }

    /** What is wrong with the table (rows of cells, the header first) against the poms' facts. */
    static List<String> problems(List<List<String>> table, Map<String, Map<String, String>> uses,
            Map<String, String> properties) {
        List<String> problems = new ArrayList<>();
        StringBuilder tested = new StringBuilder();
        for (List<String> row : table.subList(1, table.size())) {
            String cell = row.size() > 2 ? row.get(2) : "";
            tested.append(cell).append('\n');
            Matcher v = VERSION.matcher(cell);
            if (v.find() && !NOT_FROM_THE_POM.containsKey(row.get(0))
                    && properties.values().stream().noneMatch(p -> shown(p).equals(v.group()))) {
                problems.add(ModuleListsTest.GETTING_STARTED + ": the versions table's row \"" + row.get(0) + "\" says "
                        + v.group() + " is tested, which is no version the root pom sets (its properties)");
            }
        }
        for (Map.Entry<String, Map<String, String>> module : uses.entrySet()) {
            for (Map.Entry<String, String> dep : module.getValue().entrySet()) {
                String version = shown(properties.get(dep.getValue()));
                if (!Pattern.compile("(?<![\\w.])" + Pattern.quote(version) + "(?![\\w.])").matcher(tested).find()) {
                    problems.add(module.getKey() + ": depends on " + dep.getKey() + " " + version + " ("
                            + dep.getValue() + " in pom.xml), which " + ModuleListsTest.GETTING_STARTED + "'s versions"
                            + " table (\"## Supported versions\", column \"tested in CI\") does not name");
                }
            }
        }
        return problems;
    }

    static List<List<String>> table(Path root) throws IOException {
        return ModuleListsTest.table(Files.readString(root.resolve(ModuleListsTest.GETTING_STARTED)),
                "Supported versions");
    }

    @Test
    void theVersionsTableIsTheRootPoms() throws IOException {
        Path root = DocsCheckTest.repositoryRoot();
        Map<String, Map<String, String>> uses = versionProperties(root);
        assertTrue(uses.get("sno-zookeeper").containsKey("org.apache.curator:curator-framework"), uses.toString());
        List<String> problems = problems(table(root), uses, Build.properties(root));
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    /** The check, broken on purpose: a dependency bumped in the root pom, and a row without its module's client. */
    @Test
    void theCheckSeesAChange() throws IOException {
        Path root = DocsCheckTest.repositoryRoot();
        Map<String, Map<String, String>> uses = versionProperties(root);
        Map<String, String> properties = new LinkedHashMap<>(Build.properties(root));
        List<List<String>> table = table(root);
        assertEquals(List.of(), problems(table, uses, properties));

        properties.put("curator.version", "5.10.0");
        List<String> bumped = problems(table, uses, properties);
        assertEquals(2, bumped.size(), bumped.toString());
        assertTrue(bumped.get(0).contains("says 5.9.0 is tested, which is no version the root pom sets"), bumped.get(0));
        assertEquals("sno-zookeeper: depends on org.apache.curator:curator-framework 5.10.0 (curator.version in"
                + " pom.xml), which docs/getting-started.md's versions table (\"## Supported versions\", column"
                + " \"tested in CI\") does not name", bumped.get(1));

        List<List<String>> withoutLettuce = table.stream().filter(r -> !r.get(0).contains("Lettuce")).toList();
        assertEquals(List.of("sno-redis: depends on io.lettuce:lettuce-core 7.5.2 (lettuce.version in pom.xml), which"
                + " docs/getting-started.md's versions table (\"## Supported versions\", column \"tested in CI\")"
                + " does not name"), problems(withoutLettuce, uses, Build.properties(root)));
    }
}
