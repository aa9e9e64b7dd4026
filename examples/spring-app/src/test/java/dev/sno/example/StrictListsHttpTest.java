package dev.sno.example;

import static dev.sno.example.ExampleHttpTest.get;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sno.SnoId;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code @RequestParam List<SnoId>} is as strict as a single {@code SnoId} (issue 30, finding 3),
 * over HTTP to the example application (Spring MVC; Boot 3.5 and 4): a list with one element
 * that is not a sno ID as sent (a space around it, an empty element, a control character, a
 * short one) answers 400 with the starter's problem, in the comma form ({@code ?ids=a,b}) and the
 * repeated form ({@code ?ids=a&ids=b}); a list of valid IDs answers 200. Before, Spring's
 * collection conversion trimmed {@code %202222222222222222} into an ID and turned
 * {@code 2222222222222222,,} and {@code %1b} into nulls, with 200.
 *
 * <p>Seeded and randomized: the seed is printed on failure and set with {@code -Dsno.seed}.
 */
class StrictListsHttpTest {

    private static final long SEED = Long.getLong("sno.seed", System.nanoTime());

    @BeforeAll
    static void startOnH2() {
        ExampleHttpTest.start("--spring.datasource.url=jdbc:h2:mem:lists;DB_CLOSE_DELAY=-1");
    }

    @AfterAll
    static void stop() {
        ExampleHttpTest.stop();
    }

    private static final List<String> DEFECTS = List.of(" %s", "%s ", "", "\u001b", "%s\t", "2222", "%s,");

    @Test
    void theIssuesOwnReproductionsAnswer400() throws Exception {
        for (String query : List.of("ids=%202222222222222222", "ids=2222222222222222,,", "ids=%1b",
                "ids=2222222222222222&ids=", "ids=")) {
            HttpResponse<String> r = get("/people/names?" + query);
            assertEquals(400, r.statusCode(), query + " -> " + r.body());
        }
        assertEquals(200, get("/people/names?ids=2222222222222222,2222222222222223").statusCode());
    }

    @Test
    void aListWithAnyDefectiveElementAnswers400AndAValidOne200() throws Exception {
        Random r = new Random(SEED);
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            int n = 1 + r.nextInt(5);
            List<String> elements = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                elements.add(SnoId.fromBytes(randomBytes(r)).toString());
            }
            boolean defective = r.nextBoolean();
            if (defective) {
                int at = r.nextInt(n);
                elements.set(at, String.format(DEFECTS.get(r.nextInt(DEFECTS.size())), elements.get(at)));
            }
            String query;
            if (r.nextBoolean()) {
                query = "ids=" + URLEncoder.encode(String.join(",", elements), StandardCharsets.UTF_8);
            } else {
                List<String> params = new ArrayList<>();
                for (String e : elements) {
                    params.add("ids=" + URLEncoder.encode(e, StandardCharsets.UTF_8));
                }
                query = String.join("&", params);
            }
            HttpResponse<String> response = get("/people/names?" + query);
            int expected = defective ? 400 : 200;
            if (response.statusCode() != expected || defective && !response.body().contains("Invalid sno ID")) {
                wrong.add(query + " -> " + response.statusCode() + " " + response.body());
            }
        }
        assertEquals(List.of(), wrong, "seed " + SEED + " (rerun with -Dsno.seed=" + SEED + ")");
    }

    private static byte[] randomBytes(Random r) {
        byte[] b = new byte[10];
        r.nextBytes(b);
        return b;
    }
}
