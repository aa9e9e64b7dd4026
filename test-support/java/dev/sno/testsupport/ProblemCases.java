package dev.sno.testsupport;

import java.util.List;

/**
 * Requests with a malformed sno ID and the problem body each must answer, the same in the Quarkus
 * extension ({@code sno-quarkus-deployment}'s {@code HttpTest}) and the Micronaut module
 * ({@code sno-micronaut}'s {@code SameProblemsTest}): both test apps have the same endpoints
 * ({@code /ids/path/{id}}, {@code /ids/query?id=}, {@code /ids/header} with {@code X-Sno-Id},
 * {@code /ids/body} of {@code {"id":...,"name":...}}, {@code /ids/party} of a
 * {@code @SnoPolymorphic} type with subtypes of metabytes 1 and 2). The Micronaut module also
 * writes the request's path as {@code instance}, which a test removes before comparing.
 */
public final class ProblemCases {

    /**
     * One request and the body it answers with 400 {@code application/problem+json}.
     *
     * @param method    GET or POST
     * @param target    the path and query, as sent
     * @param header    an extra header line, or null
     * @param json      the JSON body of a POST, or null
     * @param expected  the whole problem body
     */
    public record Case(String method, String target, String header, String json, String expected) {
    }

    private static final String INVALID = "{\"type\":\"about:blank\",\"title\":\"Invalid sno ID\",\"status\":400,\"detail\":\"";
    private static final String TYPE = "Cannot deserialize value of type `dev.sno.SnoId` from ";

    /** The cases. */
    public static final List<Case> CASES = List.of(
            new Case("GET", "/ids/path/not-a-sno-id", null, null, INVALID
                    + "Invalid sno ID: \\\"not-a-sno-id\\\" (length 12, expected 16)\",\"parameter\":\"id\",\"in\":\"path\"}"),
            new Case("GET", "/ids/query?id=2222222222222222!", null, null, INVALID
                    + "Invalid sno ID: \\\"2222222222222222!\\\" (length 17, expected 16)\",\"parameter\":\"id\",\"in\":\"query\"}"),
            new Case("GET", "/ids/query?id=%1B%5B31m%E2%80%AEx", null, null, INVALID
                    + "Invalid sno ID: \\\"\\\\u001B[31m\\\\u202Ex\\\" (length 7, expected 16)\",\"parameter\":\"id\",\"in\":\"query\"}"),
            new Case("GET", "/ids/header", "X-Sno-Id: short", null, INVALID
                    + "Invalid sno ID: \\\"short\\\" (length 5, expected 16)\",\"parameter\":\"X-Sno-Id\",\"in\":\"header\"}"),
            new Case("POST", "/ids/body", null, "{\"id\":\"nope\",\"name\":\"a\"}", INVALID + TYPE
                    + "String \\\"nope\\\": Invalid sno ID: \\\"nope\\\" (length 4, expected 16)\",\"parameter\":\"id\",\"in\":\"body\"}"),
            new Case("POST", "/ids/body", null, "{\"id\":\"\\u2028zz\",\"name\":\"a\"}", INVALID + TYPE
                    + "String \\\"\\\\u2028zz\\\": Invalid sno ID: \\\"\\\\u2028zz\\\" (length 3, expected 16)\",\"parameter\":\"id\","
                    + "\"in\":\"body\"}"),
            new Case("POST", "/ids/party", null, "{\"name\":\"x\"}", INVALID + "Missing sno ID: the property \\\"id\\\" of %PARTY%"
                    + " is missing, null or not a string (known: @SnoMeta(1) Person, @SnoMeta(2) Company)\",\"in\":\"body\"}"),
            new Case("POST", "/ids/party", null, "{\"id\":\"29gfem22372im222\"}", INVALID + "Unknown metabyte: the sno ID"
                    + " \\\"29gfem22372im222\\\" has metabyte 9, which no subtype of %PARTY% has (known: @SnoMeta(1) Person,"
                    + " @SnoMeta(2) Company)\",\"in\":\"body\"}"),
            // A number or a boolean where the polymorphic id belongs is read as its text, as
            // Jackson reads a scalar type id
            new Case("POST", "/ids/party", null, "{\"id\":42}", INVALID
                    + "Invalid sno ID: \\\"42\\\" (length 2, expected 16)\",\"in\":\"body\"}"),
            new Case("POST", "/ids/party", null, "{\"id\":true}", INVALID
                    + "Invalid sno ID: \\\"true\\\" (length 4, expected 16)\",\"in\":\"body\"}"));

    private ProblemCases() {
    }
}
