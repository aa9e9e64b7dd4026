package dev.sno.example;

import static dev.sno.example.ExampleHttpTest.get;
import static dev.sno.example.ExampleHttpTest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hostile text sent where a sno ID belongs is never echoed raw, nor at length (issue 30, finding
 * 4): over HTTP to the example application (Spring MVC; Boot 3.5 and 4), in a JSON body, a request
 * parameter and a path variable. The problem's decoded {@code detail} holds no control or
 * formatting character and is at most 208 characters (200 and an escape, then {@code ...}); its
 * {@code instance} at most 103. (Tomcat refuses some query bytes itself, with a fixed page that
 * echoes nothing.) Before,
 * the detail held the raw ESC and BEL of a body's value, about 1,000 characters of it, and the
 * instance the whole 6,000-character path.
 *
 * <p>Seeded and randomized: the seed is printed on failure and set with {@code -Dsno.seed}.
 */
class HostileInputHttpTest {

    private static final long SEED = Long.getLong("sno.seed", System.nanoTime());
    private static final Pattern FIELD = Pattern.compile("\"(detail|instance)\":\"((?:[^\"\\\\]|\\\\.)*)\"");

    @BeforeAll
    static void startOnH2() {
        ExampleHttpTest.start("--spring.datasource.url=jdbc:h2:mem:hostile;DB_CLOSE_DELAY=-1");
    }

    @AfterAll
    static void stop() {
        ExampleHttpTest.stop();
    }

    /** A hostile value: control and formatting characters, surrogates, quotes, and plain text, up to 6,000 chars. */
    static String hostile(Random r) {
        int n = r.nextInt(4) == 0 ? 1000 + r.nextInt(5000) : r.nextInt(40);
        StringBuilder b = new StringBuilder(n);
        while (b.length() < n) {
            switch (r.nextInt(8)) {
                case 0 -> b.append((char) r.nextInt(0x20));
                case 1 -> b.append((char) (0x7F + r.nextInt(0x21)));
                case 2 -> b.append("\u001b[2J\u001b[31mHACKED\u0007");
                case 3 -> b.append(new char[] {'\u202E', '\u2028', '\u2029', '\u200B', '\uFEFF'}[r.nextInt(5)]);
                case 4 -> b.append(r.nextBoolean() ? "\uD83D\uDE00" : "\uD800");
                case 5 -> b.append(r.nextBoolean() ? '"' : '\\');
                default -> b.append((char) ('a' + r.nextInt(26)));
            }
        }
        return b.toString();
    }

    /** s as a JSON string literal, every character outside printable ASCII as an escape. */
    static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7E) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }

    /** A JSON string literal's content, decoded. */
    static String decode(String literal) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char e = literal.charAt(++i);
            switch (e) {
                case 'u' -> {
                    b.append((char) Integer.parseInt(literal.substring(i + 1, i + 5), 16));
                    i += 4;
                }
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                default -> b.append(e);
            }
        }
        return b.toString();
    }

    /** What is wrong with a problem answer, or nothing. */
    static List<String> problems(String what, HttpResponse<String> r) {
        List<String> p = new ArrayList<>();
        if (r.statusCode() != 400) {
            p.add(what + ": status " + r.statusCode());
        }
        Matcher m = FIELD.matcher(r.body());
        boolean detail = false;
        while (m.find()) {
            String value = decode(m.group(2));
            int limit = m.group(1).equals("detail") ? 208 : 103;
            detail |= m.group(1).equals("detail");
            if (value.length() > limit) {
                p.add(what + ": " + m.group(1) + " of " + value.length() + " characters");
            }
            for (int i = 0; i < value.length(); i++) {
                int type = Character.getType(value.charAt(i));
                if (type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                        || type == Character.PARAGRAPH_SEPARATOR) {
                    p.add(what + ": " + m.group(1) + " holds U+" + String.format("%04X", (int) value.charAt(i))
                            + " at " + i);
                    break;
                }
            }
        }
        boolean tomcat = r.body().startsWith("<!doctype html>") && r.body().contains("HTTP Status 400");
        if (!detail && !tomcat) {
            // Tomcat itself refuses some query bytes with its own fixed page, which echoes nothing
            p.add(what + ": no detail in " + r.body());
        }
        return p;
    }

    @Test
    void hostileValuesAreEscapedAndBoundedInTheProblem() throws Exception {
        Random r = new Random(SEED);
        List<String> found = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String value = hostile(r);
            found.addAll(problems("body " + i, post("/notes", "{\"body\":\"x\",\"author\":" + json(value) + "}")));
            String query = URLEncoder.encode(value.replace("\uD800", "?"), StandardCharsets.UTF_8);
            found.addAll(problems("parameter " + i, get("/notes?author=" + query)));
        }
        assertEquals(List.of(), found, "seed " + SEED + " (rerun with -Dsno.seed=" + SEED + ")");
    }

    @Test
    void aLongPathVariableIsNotEchoedWhole() throws Exception {
        String id = "x".repeat(6000);
        HttpResponse<String> r = get("/people/" + id);
        assertEquals(List.of(), problems("path", r));
        assertTrue(r.body().length() < 1000, () -> r.body().length() + " bytes: " + r.body());
    }
}
