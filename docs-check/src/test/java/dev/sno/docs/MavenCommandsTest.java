package dev.sno.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every Maven command that README.md, docs/getting-started.md and CONTRIBUTING.md show with
 * {@code -pl} (in a shell block or an inline code span) selects projects that exist: Maven itself
 * runs {@code validate} from the repository root with the union of their {@code -pl} entries
 * (per set of {@code -P} profiles), offline when this build is, and fails as a reader would,
 * with "Could not find the selected project in the reactor". On a failure each command is run
 * alone, so that the message names its file and line. None is left out: a command whose
 * {@code -pl} has no value fails the test.
 */
class MavenCommandsTest {

    static final List<String> FILES = List.of("README.md", "docs/getting-started.md", "CONTRIBUTING.md");
    private static final Pattern FENCE = Pattern.compile("^\\s*```\\s*([A-Za-z]*)\\s*$");
    private static final Pattern INLINE = Pattern.compile("`(mvn [^`]*)`");
    private static final Set<String> SHELL = Set.of("", "sh", "bash", "shell", "console");

    /** A Maven command with -pl: where it is, what it says, its -pl entries and its profiles. */
    record Command(String where, String text, List<String> projects, List<String> profiles) {
    }

    /** The Maven commands with -pl in one Markdown file. */
    static List<Command> commands(String file, String markdown) {
        List<Command> out = new ArrayList<>();
        String[] lines = markdown.split("\n", -1);
        boolean shell = false;
        boolean inFence = false;
        for (int i = 0; i < lines.length; i++) {
            Matcher fence = FENCE.matcher(lines[i]);
            if (fence.matches()) {
                shell = !inFence && SHELL.contains(fence.group(1).toLowerCase(java.util.Locale.ROOT));
                inFence = !inFence;
                continue;
            }
            List<String> texts = new ArrayList<>();
            int lineNo = i + 1;
            if (inFence && shell) {
                String line = lines[i].replaceFirst("^\\s*\\$\\s+", "");
                int at = i;
                while (line.endsWith("\\") && at + 1 < lines.length) {
                    line = line.substring(0, line.length() - 1) + " " + lines[++at].strip();
                }
                i = at;
                texts.add(line.replaceFirst("\\s+#.*$", ""));
            } else if (!inFence) {
                Matcher m = INLINE.matcher(lines[i]);
                while (m.find()) {
                    texts.add(m.group(1));
                }
            }
            for (String text : texts) {
                for (String part : text.split("&&|;|\\|\\|?")) {
                    Command c = parse(file + ":" + lineNo, part.strip().replaceAll("\\s+", " "));
                    if (c != null) {
                        out.add(c);
                    }
                }
            }
        }
        return out;
    }

    /** The command's -pl entries and profiles; null when it is no Maven command with -pl. */
    static Command parse(String where, String text) {
        List<String> words = List.of(text.split("\\s+"));
        if (words.isEmpty() || !words.get(0).equals("mvn")
                || words.stream().noneMatch(w -> w.equals("-pl") || w.startsWith("--projects"))) {
            return null;
        }
        List<String> projects = new ArrayList<>();
        List<String> profiles = new ArrayList<>();
        for (int w = 1; w < words.size(); w++) {
            String word = words.get(w);
            String value = null;
            boolean isProjects = word.equals("-pl") || word.equals("--projects");
            if (isProjects || word.equals("-P") || word.equals("--activate-profiles")) {
                value = w + 1 < words.size() ? words.get(++w) : null;
                if (value == null || value.startsWith("-")) {
                    throw new IllegalArgumentException(where + ": `" + text + "`: " + word + " without a value");
                }
            } else if (word.startsWith("--projects=")) {
                isProjects = true;
                value = word.substring("--projects=".length());
            } else if (word.startsWith("-P") && word.length() > 2) {
                value = word.substring(2);
            }
            if (value != null) {
                (isProjects ? projects : profiles).addAll(List.of(value.split(",")));
            }
        }
        return new Command(where, text, projects, profiles);
    }

    /** The Maven this build runs on (the root pom gives it to tests), else the one on the PATH. */
    static List<String> maven() {
        String mvn = System.getProperty("test-servers.mvn", "");
        List<String> cmd = new ArrayList<>(List.of(mvn.isEmpty() || mvn.startsWith("${") ? "mvn" : mvn, "-B", "-q"));
        if ("offline-true".equals(System.getProperty("test-servers.offline"))) {
            cmd.add("-o");
        }
        String repository = System.getProperty("test-servers.repository", "");
        if (!repository.isEmpty() && !repository.startsWith("${")) {
            cmd.add("-Dmaven.repo.local=" + repository);
        }
        return cmd;
    }

    /** Runs {@code mvn validate} on the projects and profiles; null when Maven succeeds, else its output. */
    static String validate(Path root, Set<String> projects, Set<String> profiles) throws IOException, InterruptedException {
        List<String> cmd = maven();
        cmd.addAll(List.of("validate", "-DskipTests", "-pl", String.join(",", projects)));
        if (!profiles.isEmpty()) {
            cmd.add("-P" + String.join(",", profiles));
        }
        Path log = Files.createTempFile("mvn-validate", ".log");
        try {
            Process p = new ProcessBuilder(cmd).directory(root.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return "no answer in 5 minutes from " + cmd;
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            return p.exitValue() == 0 ? null : String.join(" ", cmd) + " failed:\n" + output;
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** The problems of the commands, found with one Maven run per set of profiles. */
    static List<String> problems(Path root, List<Command> commands) throws IOException, InterruptedException {
        Map<Set<String>, Set<String>> byProfiles = new LinkedHashMap<>();
        for (Command c : commands) {
            byProfiles.computeIfAbsent(new LinkedHashSet<>(c.profiles()), k -> new LinkedHashSet<>()).addAll(c.projects());
        }
        List<String> problems = new ArrayList<>();
        for (Map.Entry<Set<String>, Set<String>> run : byProfiles.entrySet()) {
            String together = validate(root, run.getValue(), run.getKey());
            if (together == null) {
                continue;
            }
            List<Command> group = commands.stream().filter(c -> new LinkedHashSet<>(c.profiles()).equals(run.getKey()))
                    .toList();
            for (Command c : group) {
                String failure = group.size() == 1 ? together
                        : validate(root, new LinkedHashSet<>(c.projects()), run.getKey());
                if (failure != null) {
                    problems.add(c.where() + ": `" + c.text() + "`: " + summary(failure));
                }
            }
        }
        return problems;
    }

    /** Maven's first error line, without its "[ERROR]" prefixes, "@" and help link, else all of its output. */
    static String summary(String output) {
        return output.lines().filter(l -> l.startsWith("[ERROR]")).findFirst()
                .map(l -> l.replaceAll("^(\\[ERROR\\]\\s*)+", "").replaceFirst("\\s*->\\s*\\[Help \\d+\\]\\s*$", "")
                        .replaceFirst("\\s*@\\s*$", ""))
                .orElse(output);
    }

    static List<Command> allCommands(Path root) throws IOException {
        List<Command> all = new ArrayList<>();
        for (String file : FILES) {
            all.addAll(commands(file, Files.readString(root.resolve(file))));
        }
        return all;
    }

    @Test
    void everyProjectSelectionResolves() throws Exception {
        Path root = DocsCheckTest.repositoryRoot();
        List<Command> all = allCommands(root);
        assertTrue(all.size() >= 5, "Maven commands with -pl found: " + all);
        long start = System.nanoTime();
        List<String> problems = problems(root, all);
        System.out.printf("docs-check: %d Maven commands with -pl, validated in %d ms:%s%n", all.size(),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start),
                all.stream().map(c -> "\n  " + c.where() + ": " + c.text()).reduce("", String::concat));
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    /**
     * The check, broken on purpose: the README's light install as the issue found it (the
     * starter's directory is sno-spring-boot), and the reading of blocks and spans.
     */
    @Test
    void theCheckSeesAChange() throws Exception {
        Path root = DocsCheckTest.repositoryRoot();
        String page = "text `mvn -o -q install -pl sno-mybatis` and\n```sh\n$ mvn -B install -DskipTests \\\n"
                + "    -pl sno-bom,sno-core,sno-spring-boot-starter -am   # the starter\n```\n"
                + "```java\nmvn -pl x\n```\n";
        List<Command> commands = commands("x.md", page);
        assertEquals(List.of(new Command("x.md:1", "mvn -o -q install -pl sno-mybatis", List.of("sno-mybatis"), List.of()),
                new Command("x.md:3", "mvn -B install -DskipTests -pl sno-bom,sno-core,sno-spring-boot-starter -am",
                        List.of("sno-bom", "sno-core", "sno-spring-boot-starter"), List.of())), commands);
        assertEquals(List.of("x.md:3: `mvn -B install -DskipTests -pl sno-bom,sno-core,sno-spring-boot-starter -am`:"
                + " Could not find the selected project in the reactor: sno-spring-boot-starter"),
                problems(root, List.of(commands.get(1))));
        assertEquals(new Command("y.md:1", "mvn -Pjetcd07 -pl sno-etcd test", List.of("sno-etcd"), List.of("jetcd07")),
                parse("y.md:1", "mvn -Pjetcd07 -pl sno-etcd test"));
    }
}
