package dev.sno.example.quarkus;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

/** The example on H2 in memory, with sno.partition=21. */
@QuarkusTest
@TestProfile(H2Profile.class)
class PeopleTest {

    @Test
    void createAndReadOverHttp() {
        PeopleFlow.createAndRead(21);
    }

    @Test
    void malformedIdsAre400Problems() {
        PeopleFlow.malformedIds();
    }

    @Test
    void healthIsUpAndMetersArePresent() {
        PeopleFlow.healthAndMeters("configured");
    }
}
