package dev.sno.docs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * Checks what a reader copies out of README.md and docs/**&#47;*.md: Java blocks compile against the
 * library modules, properties and YAML blocks use only {@code sno.*} keys the starter declares (and
 * properties values carry no trailing comments), relative links resolve, and the README stays short.
 */
class DocsCheckTest {

    /** The marker, on the line just before a Java block, that keeps the block out of compilation. */
    static final Pattern NOT_COMPILED = Pattern.compile("^<!-- not compiled: (\\S.*\\S) -->$");

    static Path root;
    static List<Path> files;
    static List<Block> blocks;

    @BeforeAll
    static void read() throws IOException {
        root = repositoryRoot();
        files = markdownFiles(root);
        blocks = new ArrayList<>();
        for (Path file : files) {
            blocks.addAll(Markdown.blocks(root, file));
        }
    }

    @Test
    void readmeIsAFrontDoorOf150To250Lines() throws IOException {
        long lines = Files.readAllLines(root.resolve("README.md")).size();
        assertTrue(lines >= 150 && lines <= 250, "README.md has " + lines + " lines; it must have 150 to 250"
                + " (move detail into docs/)");
    }

    @Test
    void javaBlocksCompile() throws IOException {
        // A block printed from a file of the build is compiled by the module that holds the file.
        List<Block> java = blocks.stream().filter(b -> b.lang().equals("java") && b.source() == null).toList();
        assertFalse(java.isEmpty(), "no ```java blocks found in " + files);
        List<Block> skipped = java.stream().filter(b -> b.notCompiledReason() != null).toList();
        List<Block> compiled = java.stream().filter(b -> b.notCompiledReason() == null).toList();
        System.out.printf("docs-check: %d Java blocks compiled, %d marked not compiled%s%n", compiled.size(),
                skipped.size(), skipped.stream().map(b -> "\n  " + b.where() + ": " + b.notCompiledReason())
                        .collect(Collectors.joining()));
        if (skipped.size() * 10 > java.size()) {
            fail(skipped.size() + " of " + java.size() + " Java blocks are marked <!-- not compiled -->; at most one in"
                    + " ten may be: " + skipped.stream().map(Block::where).toList());
        }
        List<String> errors = SnippetCompiler.compile(compiled, root.resolve("docs-check/target/docs-snippets"));
        if (!errors.isEmpty()) {
            fail(errors.size() + " compile error(s) in Java blocks:\n" + String.join("\n", errors));
        }
    }

    @Test
    void propertiesBlocksUseDeclaredKeysWithoutTrailingComments() throws IOException {
        Set<String> declared = declaredProperties();
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Block b : blocks) {
            if (!b.lang().equals("properties")) {
                continue;
            }
            checked++;
            problems.addAll(checkProperties(b, declared));
        }
        assertTrue(checked > 0, "no ```properties blocks found");
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    /**
     * Properties blocks of the Quarkus page use only the {@code sno.*} names the extension reads:
     * sno-core's and its lease stores' ({@code PartitionDecision.settingNames}). The starter's web
     * settings ({@code sno.web.*}, {@code sno.openapi.enabled}) are not among them (issue 30).
     */
    @Test
    void quarkusPropertiesBlocksUseNamesTheExtensionReads() throws IOException {
        Set<String> read = quarkusNames();
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Block b : blocks) {
            if (b.lang().equals("properties") && b.file().endsWith("quarkus.md")) {
                checked++;
                problems.addAll(checkQuarkusProperties(b, read));
            }
        }
        assertTrue(checked > 0, "no ```properties blocks in docs/quarkus.md");
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    /** The check above, broken on purpose: a starter-only name in a Quarkus block is found. */
    @Test
    void theQuarkusCheckFindsAStarterOnlyName() throws IOException {
        Block b = new Block("docs/quarkus.md", 10, "properties", "sno.partition=7\nsno.web.time-windows=false\n", null,
                null);
        assertTrue(checkQuarkusProperties(b, quarkusNames()).equals(List.of("docs/quarkus.md:12: property"
                + " sno.web.time-windows is not read by the Quarkus extension (it reads sno-core's names and its"
                + " lease stores')")), checkQuarkusProperties(b, quarkusNames()).toString());
    }

    static Set<String> quarkusNames() {
        return new TreeSet<>(dev.sno.config.PartitionDecision.settingNames(
                dev.sno.config.PartitionDecision.providers()));
    }

    static List<String> checkQuarkusProperties(Block b, Set<String> read) throws IOException {
        List<String> problems = new ArrayList<>();
        Properties props = new Properties();
        props.load(new StringReader(b.text()));
        for (String key : new TreeSet<>(props.stringPropertyNames())) {
            if (key.startsWith("sno.") && !read.contains(key)) {
                problems.add(b.file() + ":" + b.lineOf(key) + ": property " + key + " is not read by the Quarkus"
                        + " extension (it reads sno-core's names and its lease stores')");
            }
        }
        return problems;
    }

    @Test
    void yamlBlocksUseDeclaredKeys() throws IOException {
        Set<String> declared = declaredProperties();
        List<String> problems = new ArrayList<>();
        for (Block b : blocks) {
            if (b.lang().equals("yaml") || b.lang().equals("yml")) {
                problems.addAll(checkYaml(b, declared));
            }
        }
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    @Test
    void relativeLinksResolve() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Path file : files) {
            problems.addAll(Markdown.brokenLinks(root, file));
        }
        if (!problems.isEmpty()) {
            fail(problems.size() + " broken link(s):\n" + String.join("\n", problems));
        }
    }

    /** The problems of one properties block, each naming file:line. */
    static List<String> checkProperties(Block b, Set<String> declared) throws IOException {
        List<String> problems = new ArrayList<>();
        // java.util.Properties is what Spring Boot's properties loader follows: '#' and '!' start a
        // comment only at the start of a line, so "7    # comment" is the value.
        Properties props = new Properties();
        props.load(new StringReader(b.text()));
        for (String key : new TreeSet<>(props.stringPropertyNames())) {
            String value = props.getProperty(key);
            int line = b.lineOf(key);
            if (key.startsWith("sno.") && !declared.contains(key)) {
                problems.add(b.file() + ":" + line + ": property " + key + " is not in the starter's configuration"
                        + " metadata (spring-configuration-metadata.json)");
            }
            if (Pattern.compile("\\s[#!]").matcher(value).find()) {
                problems.add(b.file() + ":" + line + ": the value of " + key + " is \"" + value + "\": properties files"
                        + " have no trailing comments, so the comment becomes part of the value; put it on its own line");
            }
        }
        return problems;
    }

    /** The problems of one YAML block. */
    static List<String> checkYaml(Block b, Set<String> declared) {
        List<String> problems = new ArrayList<>();
        Iterable<Object> documents;
        try {
            documents = new Yaml().loadAll(b.text());
            Map<String, Object> flat = new LinkedHashMap<>();
            for (Object document : documents) {
                flatten("", document, flat);
            }
            for (String key : flat.keySet()) {
                if (key.startsWith("sno.") && !declared.contains(key)) {
                    problems.add(b.file() + ":" + b.lineOf(key.substring(key.lastIndexOf('.') + 1) + ":")
                            + ": property " + key + " is not in the starter's configuration metadata");
                }
            }
        } catch (RuntimeException e) {
            problems.add(b.where() + ": not valid YAML: " + e.getMessage().replace('\n', ' '));
        }
        return problems;
    }

    @SuppressWarnings("unchecked")
    private static void flatten(String prefix, Object node, Map<String, Object> out) {
        if (node instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                flatten(prefix.isEmpty() ? String.valueOf(e.getKey()) : prefix + "." + e.getKey(), e.getValue(), out);
            }
        } else if (node instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                flatten(prefix + "[" + i + "]", list.get(i), out);
            }
        } else if (!prefix.isEmpty()) {
            out.put(prefix, node);
        }
    }

    /** Every property name in the configuration metadata on the class path (the starter's among them). */
    static Set<String> declaredProperties() throws IOException {
        Set<String> names = new TreeSet<>();
        ObjectMapper json = new ObjectMapper();
        for (String resource : List.of("META-INF/spring-configuration-metadata.json",
                "META-INF/additional-spring-configuration-metadata.json")) {
            Enumeration<URL> urls = DocsCheckTest.class.getClassLoader().getResources(resource);
            while (urls.hasMoreElements()) {
                try (InputStream in = urls.nextElement().openStream()) {
                    JsonNode properties = json.readTree(in).path("properties");
                    for (JsonNode p : properties) {
                        names.add(p.path("name").asText());
                    }
                }
            }
        }
        assertTrue(names.contains("sno.partition"), "the starter's configuration metadata is not on the class path"
                + " (no sno.partition in any META-INF/spring-configuration-metadata.json)");
        return names;
    }

    static Path repositoryRoot() throws IOException {
        Path dir = Path.of("").toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            Path pom = d.resolve("pom.xml");
            if (Files.exists(d.resolve("README.md")) && Files.exists(pom)
                    && Files.readString(pom).contains("<artifactId>sno-parent</artifactId>")
                    && Files.isDirectory(d.resolve("docs"))) {
                return d;
            }
        }
        throw new IllegalStateException("no repository root (README.md, docs/ and the sno-parent pom.xml) above " + dir);
    }

    static List<Path> markdownFiles(Path root) throws IOException {
        List<Path> out = new ArrayList<>();
        out.add(root.resolve("README.md"));
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(out::add);
        }
        return out;
    }

    /**
     * A fenced block: its file (relative to the repository root), the line of its opening fence,
     * its language, its text, the reason given in a not-compiled marker, if any, and the file it
     * is printed from, if its marker names one (see {@link FileBlocksTest}).
     */
    record Block(String file, int fenceLine, String lang, String text, String notCompiledReason, String source) {

        String where() {
            return file + ":" + fenceLine;
        }

        /** The file's line of the first block line that starts with the given text (after blanks), else the fence's. */
        int lineOf(String start) {
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (lines[i].strip().startsWith(start)) {
                    return fenceLine + 1 + i;
                }
            }
            return fenceLine;
        }
    }

    /** Markdown reading: fenced blocks, links and headings' anchors, as GitHub renders them. */
    static final class Markdown {

        private static final Pattern FENCE = Pattern.compile("^```\\s*([A-Za-z0-9_+-]*)\\s*$");
        private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
        private static final Pattern CODE_SPAN = Pattern.compile("`[^`]*`");
        private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

        static List<Block> blocks(Path root, Path file) throws IOException {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            String name = root.relativize(file).toString().replace('\\', '/');
            List<Block> out = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                Matcher open = FENCE.matcher(lines.get(i));
                if (!open.matches()) {
                    continue;
                }
                int start = i;
                StringBuilder text = new StringBuilder();
                for (i++; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
                    text.append(lines.get(i)).append('\n');
                }
                if (i == lines.size()) {
                    throw new IllegalStateException(name + ":" + (start + 1) + ": a fenced block is never closed");
                }
                String reason = null;
                if (start > 0) {
                    Matcher marker = NOT_COMPILED.matcher(lines.get(start - 1).strip());
                    if (marker.matches()) {
                        reason = marker.group(1);
                    }
                }
                out.add(new Block(name, start + 1, open.group(1).toLowerCase(Locale.ROOT), text.toString(), reason,
                        FileBlocksTest.sourceOf(lines, start)));
            }
            return out;
        }

        /** The problems with the file's relative links, each naming file:line and the target. */
        static List<String> brokenLinks(Path root, Path file) throws IOException {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            String name = root.relativize(file).toString().replace('\\', '/');
            List<String> problems = new ArrayList<>();
            boolean inFence = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.startsWith("```")) {
                    inFence = !inFence;
                    continue;
                }
                if (inFence) {
                    continue;
                }
                Matcher m = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                        continue; // https:, mailto: and other absolute addresses
                    }
                    String problem = check(root, file, target);
                    if (problem != null) {
                        problems.add(name + ":" + (i + 1) + ": link " + target + ": " + problem);
                    }
                }
            }
            return problems;
        }

        private static String check(Path root, Path file, String target) throws IOException {
            int hash = target.indexOf('#');
            String pathPart = hash < 0 ? target : target.substring(0, hash);
            String anchor = hash < 0 ? null : target.substring(hash + 1);
            Path resolved = pathPart.isEmpty() ? file : file.getParent().resolve(pathPart).normalize();
            String relative = root.relativize(resolved).toString().replace('\\', '/');
            if (!resolved.startsWith(root)) {
                return "points outside the repository";
            }
            if (!Files.exists(resolved)) {
                return "no file " + relative;
            }
            if (anchor != null && resolved.toString().endsWith(".md") && !anchors(resolved).contains(anchor)) {
                return "no heading with the anchor #" + anchor + " in " + relative;
            }
            return null;
        }

        /** The anchors GitHub gives the file's headings (lower case, punctuation dropped, spaces as '-', repeats numbered). */
        static Set<String> anchors(Path file) throws IOException {
            Set<String> out = new TreeSet<>();
            Map<String, Integer> seen = new HashMap<>();
            boolean inFence = false;
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.startsWith("```")) {
                    inFence = !inFence;
                }
                Matcher h = HEADING.matcher(line);
                if (inFence || !h.matches()) {
                    continue;
                }
                String slug = h.group(1).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
                int n = seen.merge(slug, 1, Integer::sum);
                out.add(n == 1 ? slug : slug + "-" + (n - 1));
            }
            return out;
        }
    }

    /** Compiles Java blocks with the system compiler against this test's class path. */
    static final class SnippetCompiler {

        private static final Pattern TYPE_DECLARATION = Pattern.compile(
                "^(?:@\\w+(?:\\([^)]*\\))?\\s+)*(?:(?:public|abstract|final|sealed|non-sealed)\\s+)*"
                        + "(?:class|interface|record|enum|@interface)\\s+(\\w+)", Pattern.MULTILINE);
        private static final Pattern PUBLIC_TYPE = Pattern.compile(
                "^(?:@\\w+(?:\\([^)]*\\))?\\s+)*public\\s+(?:(?:abstract|final|sealed|non-sealed)\\s+)*"
                        + "(?:class|interface|record|enum|@interface)\\s+(\\w+)", Pattern.MULTILINE);

        /** Compile errors, each as "file:line: message"; empty when every block compiles. */
        static List<String> compile(List<Block> blocks, Path out) throws IOException {
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            if (javac == null) {
                throw new IllegalStateException("no system Java compiler: run the tests on a JDK");
            }
            Files.createDirectories(out);
            Path sources = Files.createTempDirectory(out, "src");
            Path classes = Files.createTempDirectory(out, "classes");
            Map<Path, Block> blockOf = new HashMap<>();
            Map<Path, Integer> offsetOf = new HashMap<>();
            for (int n = 0; n < blocks.size(); n++) {
                Block b = blocks.get(n);
                String pkg = "docsnippet" + n;
                Unit unit = unit(b, pkg);
                Path dir = sources.resolve(pkg);
                Files.createDirectories(dir);
                Path source = dir.resolve(unit.className() + ".java");
                Files.writeString(source, unit.source());
                blockOf.put(source, b);
                offsetOf.put(source, unit.lineOffset());
            }
            String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            StringWriter output = new StringWriter();
            try (StandardJavaFileManager fm = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
                Iterable<? extends JavaFileObject> units = fm.getJavaFileObjectsFromPaths(blockOf.keySet());
                javac.getTask(output, fm, diagnostics, List.of("-proc:none", "--release", "17", "-nowarn",
                        "-classpath", classpath, "-d", classes.toString()), null, units).call();
            }
            List<String> errors = new ArrayList<>();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() != Diagnostic.Kind.ERROR) {
                    continue;
                }
                Path source = d.getSource() == null ? null : Path.of(d.getSource().toUri());
                Block b = source == null ? null : blockOf.get(source);
                if (b == null) {
                    errors.add("(no block) " + d.getMessage(Locale.ROOT));
                    continue;
                }
                long line = b.fenceLine() + d.getLineNumber() - offsetOf.get(source);
                errors.add(b.file() + ":" + line + ": " + d.getMessage(Locale.ROOT)
                        + "\n    in the ```java block at " + b.where());
            }
            if (errors.isEmpty() && !output.toString().isBlank()) {
                errors.add("compiler output: " + output);
            }
            return errors;
        }

        /** A generated source; block line k is source line k + lineOffset. */
        record Unit(String className, String source, int lineOffset) {
        }

        /**
         * A block that declares a type at the start of a line compiles as it is, in a package of its
         * own; any other block is a list of statements in a method, its leading imports hoisted.
         */
        static Unit unit(Block b, String pkg) {
            String text = b.text();
            if (TYPE_DECLARATION.matcher(text).find()) {
                Matcher pub = PUBLIC_TYPE.matcher(text);
                String name = pub.find() ? pub.group(1) : "Snippet";
                // The package shares line 1 with the block's first line: lines keep their numbers.
                boolean ownPackage = Pattern.compile("^package\\s", Pattern.MULTILINE).matcher(text).find();
                return new Unit(name, ownPackage ? text : "package " + pkg + "; " + text, 0);
            }
            String[] lines = text.split("\n", -1);
            int lastImport = -1;
            for (int i = 0; i < lines.length; i++) {
                String l = lines[i].strip();
                if (l.startsWith("import ")) {
                    lastImport = i;
                } else if (!l.isEmpty() && !l.startsWith("//")) {
                    break;
                }
            }
            StringBuilder source = new StringBuilder("package " + pkg + ";\n");
            for (int i = 0; i < lines.length; i++) {
                source.append(lines[i]);
                if (i == lastImport) {
                    source.append(" class Snippet { void snippet() throws Exception {");
                }
                source.append('\n');
            }
            if (lastImport < 0) {
                source.insert(source.indexOf("\n"), " class Snippet { void snippet() throws Exception {");
            }
            source.append("}}\n");
            return new Unit("Snippet", source.toString(), 1);
        }
    }
}
