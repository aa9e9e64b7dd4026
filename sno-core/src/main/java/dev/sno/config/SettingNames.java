package dev.sno.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code sno.*} setting names a framework module reads, and what to say of a name in the
 * application's own configuration that it does not read: a misspelt {@code sno.partiton=7} would
 * otherwise be ignored and the application would take a random partition, which two instances
 * can share. The Spring Boot starter and the Quarkus extension each pass the names they read and
 * the {@code sno.*} keys of the application's own configuration (its files and command line: not
 * system properties or environment variables, where unrelated {@code sno.*} names such as a build's
 * {@code -Dsno.version} are common), and refuse to start on the messages this returns.
 *
 * <p>Names are compared as the frameworks bind them: case, {@code -} and {@code _} do not count
 * ({@code sno.lease.initializeSchema} and {@code sno.lease.initialize_schema} are
 * {@code sno.lease.initialize-schema}); a list index ({@code [0]}) counts as its list.
 */
public final class SettingNames {

    private SettingNames() {
    }

    /**
     * One message per given key that is not a known name, in the order given, each naming the
     * key, where it came from, and the nearest known name when one is close.
     *
     * @param given the application's own {@code sno.*} keys, each with where it came from (a file
     *              name, "the command line"); keys outside {@code sno.} are not looked at
     * @param known the names the framework reads, such as {@code sno.lease.namespace}; one ending
     *              in {@code .*} stands for every name below it (a map)
     * @return the messages; empty when every key is known
     * @throws NullPointerException if an argument, key or name is null
     */
    public static List<String> unknown(Map<String, String> given, Collection<String> known) {
        return check(given, known, false);
    }

    /**
     * As {@link #unknown}, for a configuration read by exact name, as plain Java reads system
     * properties ({@code sno.partition}) and environment variables ({@code SNO_PARTITION}): a key
     * is known only as written, so {@code sno.Partition} is reported, with the name it resembles.
     * A key {@code SNO_...} is compared with the variables of the known names
     * ({@link Settings#variable}).
     *
     * @param given the {@code sno.*} and {@code SNO_*} keys, each with where it came from; others
     *              are not looked at
     * @param known the names read, as {@code sno.lease.namespace}
     * @return the messages; empty when every key is known
     * @throws NullPointerException if an argument, key or name is null
     */
    public static List<String> unread(Map<String, String> given, Collection<String> known) {
        Objects.requireNonNull(given, "given");
        Map<String, String> properties = new LinkedHashMap<>();
        Map<String, String> variables = new LinkedHashMap<>();
        given.forEach((k, v) -> (Objects.requireNonNull(k, "a given key").startsWith("SNO_") ? variables : properties)
                .put(k, v));
        List<String> messages = new ArrayList<>(check(properties, known, true));
        List<String> knownVariables = new ArrayList<>();
        for (String k : known) {
            knownVariables.add(Settings.variable(Objects.requireNonNull(k, "a known name")));
        }
        Map<String, String> lowered = new LinkedHashMap<>();
        variables.forEach((k, v) -> lowered.put("sno." + k.substring(4), v));
        List<String> variableMessages = check(lowered, knownVariables.stream().map(n -> "sno." + n.substring(4))
                .toList(), true);
        for (String m : variableMessages) { // back to the variables' own spelling
            messages.add(m.replace("Unknown sno setting sno.", "Unknown sno setting SNO_").replace("did you mean sno.",
                    "did you mean SNO_"));
        }
        return messages;
    }

    private static List<String> check(Map<String, String> given, Collection<String> known, boolean exact) {
        Objects.requireNonNull(given, "given");
        List<String> names = new ArrayList<>();
        List<String> prefixes = new ArrayList<>();
        for (String k : known) {
            String n = Objects.requireNonNull(k, "a known name");
            n = exact ? n : normalize(n);
            if (n.endsWith(".*")) {
                prefixes.add(n.substring(0, n.length() - 1));
            } else {
                names.add(n);
            }
        }
        List<String> messages = new ArrayList<>();
        for (Map.Entry<String, String> e : given.entrySet()) {
            String key = Objects.requireNonNull(e.getKey(), "a given key");
            String n = exact ? key : normalize(key);
            if (!n.startsWith("sno.") || names.contains(n) || prefixes.stream().anyMatch(n::startsWith)) {
                continue;
            }
            StringBuilder m = new StringBuilder("Unknown sno setting ").append(SafeText.of(key)).append(" in ")
                    .append(e.getValue());
            String nearest = nearest(normalize(key), known);
            if (nearest != null) {
                m.append(": did you mean ").append(nearest).append('?');
            } else {
                m.append(": no sno setting has a name like it");
            }
            messages.add(m.toString());
        }
        return messages;
    }

    /**
     * The known name (as written) closest to n, if it differs by at most a third of n's length; of
     * names equally close, the first in alphabetical order, whatever the order of {@code known}.
     */
    private static String nearest(String n, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            String candidate = k.endsWith(".*") ? k.substring(0, k.length() - 2) : k;
            int d = distance(n, normalize(candidate));
            if (d < bestDistance || d == bestDistance && candidate.compareTo(best) < 0) {
                bestDistance = d;
                best = candidate;
            }
        }
        return bestDistance <= Math.max(2, n.length() / 3) ? best : null;
    }

    /**
     * The startup failure for unknown names, worded once for every framework.
     *
     * @param messages  the messages of {@link #unknown}, not empty
     * @return the exception naming the setting {@code sno}
     */
    public static SettingsException refusal(List<String> messages) {
        return new SettingsException(String.join("\n", messages) + ".", "Correct the name, or remove the setting:"
                + " sno refuses to start rather than ignore a setting that may have been meant to fix the"
                + " partition.", "sno");
    }

    static String normalize(String name) {
        return name.replaceAll("\\[[^\\]]*\\]", "").replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
    }

    /** Levenshtein's edit distance. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }
}
