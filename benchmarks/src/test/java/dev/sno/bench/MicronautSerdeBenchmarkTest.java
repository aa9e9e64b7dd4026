package dev.sno.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Both sides of {@link MicronautSerdeBenchmark} do the same work: each record is written as a JSON
 * object with a string {@code id} and the same two other fields, and read back into an equal
 * record; and micronaut-serde.md is what {@link PairReport} makes of the checked-in JMH JSON. No
 * benchmark runs here.
 */
class MicronautSerdeBenchmarkTest {

    @Test
    void bothSidesWriteTheSameShapeAndReadBackEqualRecords() throws Exception {
        MicronautSerdeBenchmark bench = new MicronautSerdeBenchmark();
        bench.start();
        try {
            MicronautSerdeBenchmark.WithSno sno = bench.roundTripSno();
            MicronautSerdeBenchmark.WithUuid uuid = bench.roundTripUuid();
            assertEquals("widget", sno.name());
            assertEquals(42, sno.count());
            assertEquals(sno.name(), uuid.name());
            assertEquals(sno.count(), uuid.count());
            assertNotSame(bench.roundTripSno(), sno);
            String snoJson = bench.json(sno);
            String uuidJson = bench.json(uuid);
            assertEquals("{\"id\":\"" + sno.id() + "\",\"name\":\"widget\",\"count\":42}", snoJson);
            assertEquals("{\"id\":\"" + uuid.id() + "\",\"name\":\"widget\",\"count\":42}", uuidJson);
            assertEquals(16, sno.id().toString().length());
        } finally {
            bench.stop();
        }
    }

    @Test
    void reportIsGeneratedFromTheCheckedInRuns() throws IOException {
        KotlinxJsonBenchmarkTest.assertGenerated(PairReport.MICRONAUT_SERDE);
    }
}
