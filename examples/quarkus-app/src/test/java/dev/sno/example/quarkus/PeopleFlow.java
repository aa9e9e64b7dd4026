package dev.sno.example.quarkus;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.Sno;
import dev.sno.SnoId;
import io.restassured.http.ContentType;
import java.util.List;

/** The HTTP exchanges both database runs make, printed so that the build log shows them. */
final class PeopleFlow {

    private PeopleFlow() {
    }

    /** Creates two people, reads one back, lists by ID; returns the first ID. */
    static SnoId createAndRead(int partition) {
        String first = given().contentType(ContentType.JSON).body("{\"name\":\"Ada\"}")
                .log().method().log().uri().log().body()
                .post("/people").then().log().status().log().body().statusCode(201)
                .body("name", equalTo("Ada")).extract().path("id");
        SnoId id = SnoId.parse(first);
        assertEquals(Person.META, id.meta());
        if (partition >= 0) {
            assertEquals(partition, id.partition());
        }
        String second = given().contentType(ContentType.JSON)
                .body("{\"name\":\"Grace\",\"referrer\":\"" + id + "\"}").post("/people").then().statusCode(201)
                .body("referrer", equalTo(id.toString())).extract().path("id");
        given().log().method().log().uri().get("/people/" + id).then().log().status().log().body()
                .statusCode(200).body("id", equalTo(id.toString())).body("name", equalTo("Ada"));
        List<String> after = given().queryParam("after", id.toString()).get("/people").then().statusCode(200)
                .extract().path("id");
        assertTrue(after.contains(second) && !after.contains(id.toString()), after.toString());
        given().get("/people/" + Sno.next(Person.META)).then().statusCode(404);
        return id;
    }

    /** Malformed IDs in the path, the query and the body answer 400 problems. */
    static void malformedIds() {
        given().log().method().log().uri().get("/people/not-a-sno-id").then().log().status().log().body()
                .statusCode(400).contentType("application/problem+json")
                .body("title", equalTo("Invalid sno ID")).body("in", equalTo("path"))
                .body("detail", containsString("not-a-sno-id"));
        given().queryParam("after", "2222").get("/people").then().log().status().log().body().statusCode(400)
                .contentType("application/problem+json").body("parameter", equalTo("after"))
                .body("in", equalTo("query"));
        // issue 30: an empty ?after= answered 200 with everyone
        given().get("/people?after=").then().log().status().log().body().statusCode(400)
                .contentType("application/problem+json").body("parameter", equalTo("after"))
                .body("detail", equalTo("Invalid sno ID: \"\" (length 0, expected 16)"));
        given().contentType(ContentType.JSON).body("{\"name\":\"X\",\"referrer\":\"bogus\"}")
                .log().method().log().uri().log().body().post("/people").then().log().status().log().body()
                .statusCode(400).contentType("application/problem+json").body("parameter", equalTo("referrer"))
                .body("in", equalTo("body")).body("detail", containsString("bogus"));
    }

    /** Readiness UP with the sno check; the meters are there. */
    static void healthAndMeters(String source) {
        given().log().method().log().uri().get("/q/health/ready").then().log().status().log().body()
                .statusCode(200).body("status", equalTo("UP"))
                .body("checks.find { it.name == 'sno' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'sno' }.data.source", equalTo(source));
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        for (String meter : List.of("sno_generator_ids_total{", "sno_generator_regressions_total{",
                "sno_generator_overflow_stalls_total{", "sno_generator_unit_ids{", "sno_generator_unit_capacity{",
                "sno_generator_closed{")) {
            assertTrue(metrics.contains(meter), meter);
        }
    }
}
