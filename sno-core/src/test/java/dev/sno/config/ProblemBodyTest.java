package dev.sno.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The problem body the Quarkus extension and the Micronaut module answer with. */
class ProblemBodyTest {

    @Test
    void membersInOrderAndOnlyThoseKnown() {
        assertEquals("{\"type\":\"about:blank\",\"title\":\"Invalid sno ID\",\"status\":400,\"detail\":\"d\","
                + "\"instance\":\"/ids/x\",\"parameter\":\"id\",\"in\":\"path\"}",
                ProblemBody.badRequest(ProblemBody.INVALID_ID, "d", "/ids/x", "id", "path"));
        assertEquals("{\"type\":\"about:blank\",\"title\":\"Invalid time window\",\"status\":400,\"detail\":\"d\"}",
                ProblemBody.badRequest(ProblemBody.INVALID_TIME_WINDOW, "d", null, null, null));
    }

    @Test
    void clientTextIsEscapedBoundedAndQuoted() {
        String body = ProblemBody.badRequest(ProblemBody.INVALID_ID, "Invalid sno ID: \"a\\b\u001b[2J\u202E\"", "/ids/a b\"c",
                "x\ny", "query");
        assertEquals("{\"type\":\"about:blank\",\"title\":\"Invalid sno ID\",\"status\":400,"
                + "\"detail\":\"Invalid sno ID: \\\"a\\\\b\\\\u001B[2J\\\\u202E\\\"\",\"instance\":\"/ids/a%20b%22c\","
                + "\"parameter\":\"x\\\\u000Ay\",\"in\":\"query\"}", body);
        String longDetail = ProblemBody.badRequest(ProblemBody.INVALID_ID, "x".repeat(5000), null, null, null);
        assertEquals("{\"type\":\"about:blank\",\"title\":\"Invalid sno ID\",\"status\":400,\"detail\":\""
                + "x".repeat(SafeText.LIMIT) + "...\"}", longDetail);
    }
}
