package dev.sno.quickstart;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

@QuarkusTest
class GreetingResourceTest {

    @Inject
    SnoGenerator generator;

    @Test
    void insertsAndReadsBack() {
        String id = given().contentType(ContentType.JSON).body("{\"text\":\"Hello\"}")
                .post("/greetings").then().statusCode(201).extract().path("id");
        assertEquals(1, SnoId.parse(id).meta());
        assertEquals(PartitionSource.LEASED, generator.partitionSource());
        given().get("/greetings/" + id).then().statusCode(200)
                .body("id", equalTo(id)).body("text", equalTo("Hello"));
    }

    @Test
    void malformedIdAnswersAProblem() {
        given().get("/greetings/not-a-sno-id").then().statusCode(400)
                .contentType("application/problem+json").body("title", equalTo("Invalid sno ID"));
    }
}
