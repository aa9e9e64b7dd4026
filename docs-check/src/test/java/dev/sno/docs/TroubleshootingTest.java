package dev.sno.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/troubleshooting.md knows the messages sno throws. In the main code of every library module,
 * each {@code throw} of an exception with a message of its own belongs to a family, named by the
 * constant leading words of its message (the first run of at least three words in its string
 * literals, up to a value, a quote or a colon; five words at most); each family appears in
 * troubleshooting.md word for word, unless its exception type or the family is in the allow-lists
 * below, each entry with its reason. A throw whose message is built elsewhere (a helper, a cause's
 * message) has no family of its own: the test lists them, it does not hide them.
 */
class TroubleshootingTest {

    static final String PAGE = "docs/troubleshooting.md";
    private static final Pattern THROW = Pattern.compile("throw\\s+(?:new\\s+)?([\\w.]+(?:Exception|Error))\\s*\\(");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern TEMPLATE = Pattern.compile("\\$\\{[^}]*\\}|\\$\\w+|%[-#+ 0,(]*\\d*(?:\\.\\d+)?[a-zA-Z]");
    private static final Pattern CUT = Pattern.compile("[\\\\\"(:=\\[$%]");

    /** Exception types whose messages the page leaves out, and why. */
    static final Map<String, String> TYPES_LEFT_OUT = Map.of(
            "IllegalArgumentException", "a wrong argument to a sno method: the message names the argument, quotes"
                    + " the value and states the constraint, and the method's Javadoc says what it refuses",
            "NullPointerException", "a null argument to a sno method, named by the message",
            "NoSuchElementException", "an empty range asked for its first or last ID (the Javadoc says so)",
            "AssertionError", "sno-lease-tck's test failures, read in the report of the store developer's own tests",
            "UsageException", "the CLI's usage errors, printed with the usage itself (cli.md)",
            "InvalidObjectException", "Java serialization's guard against a forged stream",
            "ExceptionInInitializerError", "the JVM lacks a required algorithm; not sno's message");

    /** Families the page leaves out, and why: no user can make them happen without a bug in sno. */
    static final Map<String, String> FAMILIES_LEFT_OUT = Map.of(
            "arguments for more placeholders in", "sno-jdbc's own SQL templates, checked by its tests",
            "arguments for", "sno-jdbc's own SQL templates, checked by its tests",
            "script ends inside a statement", "sno-jdbc's own SQL function scripts, checked by its tests",
            "SHA-1 is a required algorithm", "every JVM has SHA-1 (java.security.MessageDigest's contract)",
            "SnoProblemDetailConverter only writes problem details", "Spring never asks this converter to read",
            "is missing from sno-jdbc", "a resource of sno-jdbc's own jar",
            "cannot read resource", "a resource of sno-jdbc's own jar",
            "it is closed", "the CLI's stand-in for a closed standard input, which the CLI itself reports");

    /** One throw: its exception type, its family (empty when its message is built elsewhere), where it is. */
    record Throw(String type, String family, String where) {
    }

    /** The family of a throw's arguments: see the class comment. */
    static String family(String arguments) {
        List<String> segments = new ArrayList<>();
        Matcher m = LITERAL.matcher(arguments);
        while (m.find()) {
            // Kotlin's templates ($name, ${...}) and format specifiers (%08X) are values too.
            String literal = TEMPLATE.matcher(m.group(1)).replaceAll("\"");
            for (String segment : CUT.split(literal)) {
                segments.add(segment.replaceFirst("^[^\\p{L}\\p{N}@]+", "").strip());
            }
        }
        String key = segments.stream().filter(c -> words(c) >= 3).findFirst()
                .orElse(segments.stream().reduce("", (a, b) -> words(b) > words(a) ? b : a));
        String[] words = key.isEmpty() ? new String[0] : key.split("\\s+");
        return String.join(" ", List.of(words).subList(0, Math.min(5, words.length)));
    }

    private static int words(String s) {
        return s.isBlank() ? 0 : s.strip().split("\\s+").length;
    }

    /** The arguments of the call whose opening parenthesis ends at {@code from}, string literals skipped. */
    static String arguments(String source, int from) {
        int depth = 1;
        boolean quoted = false;
        for (int j = from; j < source.length(); j++) {
            char c = source.charAt(j);
            if (quoted) {
                if (c == '\\') {
                    j++;
                } else if (c == '"') {
                    quoted = false;
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return source.substring(from, j);
            }
        }
        return source.substring(from);
    }

    /** The throws of one source file. */
    static List<Throw> throwsOf(String where, String source) {
        List<Throw> out = new ArrayList<>();
        Matcher t = THROW.matcher(source);
        while (t.find()) {
            String type = t.group(1).substring(t.group(1).lastIndexOf('.') + 1);
            int line = (int) source.substring(0, t.start()).chars().filter(c -> c == '\n').count() + 1;
            out.add(new Throw(type, family(arguments(source, t.end())), where + ":" + line));
        }
        return out;
    }

    /** Every throw in the main code of the library modules. */
    static List<Throw> allThrows(Path root) throws IOException {
        List<Throw> out = new ArrayList<>();
        for (Build.Module m : Build.libraryModules(root)) {
            Path main = root.resolve(m.dir()).resolve("src/main");
            if (!Files.isDirectory(main)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(main)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java") || p.toString().endsWith(".kt"))
                        .sorted().toList()) {
                    out.addAll(throwsOf(root.relativize(f).toString(), Files.readString(f)));
                }
            }
        }
        return out;
    }

    /** The families missing from the page, each with the places that throw it. */
    static List<String> missing(List<Throw> all, String page) {
        Map<String, List<String>> missing = new TreeMap<>();
        for (Throw t : all) {
            if (t.family().isEmpty() || TYPES_LEFT_OUT.containsKey(t.type())
                    || FAMILIES_LEFT_OUT.containsKey(t.family()) || page.contains(t.family())) {
                continue;
            }
            missing.computeIfAbsent("\"" + t.family() + "\" (" + t.type() + ")", k -> new ArrayList<>()).add(t.where());
        }
        List<String> out = new ArrayList<>();
        missing.forEach((family, where) -> out.add(family + " at " + String.join(", ", where)));
        return out;
    }

    @Test
    void everyMessageFamilyIsOnThePage() throws IOException {
        Path root = DocsCheckTest.repositoryRoot();
        List<Throw> all = allThrows(root);
        assertTrue(all.size() > 150, "throws found: " + all.size());
        List<String> stale = new ArrayList<>(FAMILIES_LEFT_OUT.keySet());
        stale.removeAll(all.stream().map(Throw::family).toList());
        assertEquals(List.of(), stale, "families left out that no code throws any more: remove them");
        List<Throw> elsewhere = all.stream().filter(t -> t.family().isEmpty()).toList();
        System.out.printf("docs-check: %d throws in the library modules' main code, %d families; %d of them build"
                + " their message elsewhere (checked where it is built, if it is a throw):%s%n", all.size(),
                all.stream().map(Throw::family).distinct().count(), elsewhere.size(),
                elsewhere.stream().map(t -> "\n  " + t.where() + " " + t.type()).reduce("", String::concat));
        List<String> missing = missing(all, Files.readString(root.resolve(PAGE)));
        if (!missing.isEmpty()) {
            fail(missing.size() + " message families are not in " + PAGE + " (add them, or to an allow-list here with"
                    + " the reason):\n" + String.join("\n", missing));
        }
    }

    /** The check, broken on purpose: a new message in main code, and an entry taken off the page. */
    @Test
    void theCheckSeesAChange() throws IOException {
        Path root = DocsCheckTest.repositoryRoot();
        String page = Files.readString(root.resolve(PAGE));
        List<Throw> added = throwsOf("sno-x/src/main/java/X.java", "class X {\n  void f(int n) throws IOException {\n"
                + "    throw new java.io.IOException(\"The frobnicator of partition \" + n + \" broke: \" + why(\"(\"));\n"
                + "    throw new IllegalArgumentException(\"n must be positive: n=\" + n);\n"
                + "    throw new IllegalStateException(message(n), cause);\n  }\n}\n");
        assertEquals(List.of(new Throw("IOException", "The frobnicator of partition", "sno-x/src/main/java/X.java:3"),
                new Throw("IllegalArgumentException", "n must be positive", "sno-x/src/main/java/X.java:4"),
                new Throw("IllegalStateException", "", "sno-x/src/main/java/X.java:5")), added);
        assertEquals(List.of("\"The frobnicator of partition\" (IOException) at sno-x/src/main/java/X.java:3"),
                missing(added, page));

        List<Throw> all = allThrows(root);
        assertEquals(List.of(), missing(all, page));
        String without = page.replace("is set but empty", "is empty");
        assertEquals(List.of("\"is set but empty\" (SettingsException) at sno-core/src/main/java/dev/sno/config/"
                + "Settings.java:115"), missing(all, without));
    }
}
