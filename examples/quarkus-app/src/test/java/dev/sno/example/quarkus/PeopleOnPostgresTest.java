package dev.sno.example.quarkus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.sno.PartitionSource;
import dev.sno.Sno;
import dev.sno.SnoGenerator;
import dev.sno.jdbc.lease.JdbcPartitionLeases;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * The example on a real PostgreSQL (the build's, or the user's: {@link PostgresProfile}) with a
 * leased partition.
 */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PeopleOnPostgresTest {

    @Inject
    SnoGenerator generator;

    @Inject
    AgroalDataSource dataSource;

    @Test
    void createAndReadWithLeasedPartition() throws Exception {
        assertEquals(PartitionSource.LEASED, generator.partitionSource());
        assertSame(generator, Sno.generator());
        PeopleFlow.createAndRead(generator.partition());
        PeopleFlow.malformedIds();
        PeopleFlow.healthAndMeters("leased");
        // Another holder of the same namespace never gets this instance's partition.
        try (SnoGenerator other = dev.sno.lease.PartitionLeases.builder(JdbcPartitionLeases.store(dataSource).createTable(false).build())
                .namespace("quarkus-example").build().acquire()) {
            assertNotEquals(generator.partition(), other.partition());
        }
    }
}
