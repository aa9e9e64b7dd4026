package dev.sno.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.bench.MicronautStartup.Machine;
import dev.sno.bench.MicronautStartup.Run;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;

/** The startup benchmark's own logic, without starting anything. */
class MicronautStartupTest {

    @Test
    void readsMicronautsLineAsSlf4jSimplePrintsIt() {
        Matcher m = MicronautStartup.STARTED.matcher("[main] INFO io.micronaut.runtime.Micronaut - Startup completed"
                + " in 7283ms. Server Running: http://127.0.0.1:35285");
        assertTrue(m.find());
        assertEquals("7283", m.group(1));
        assertEquals("http://127.0.0.1:35285", m.group(2));
    }

    @Test
    void theMedianIsTheMiddleRun() {
        assertEquals(612, MicronautStartup.median(List.of(700L, 598L, 612L, 640L, 601L)));
        assertEquals(610, MicronautStartup.median(List.of(600L, 620L)));
    }

    @Test
    void theClassPathsMayDifferBySnosJarsAlone() {
        String with = "/w/examples/micronaut-app/target/classes:/w/sno-core/target/sno-core-0.1.0-SNAPSHOT.jar:"
                + "/w/sno-micronaut/target/sno-micronaut-0.1.0-SNAPSHOT.jar:/m2/micronaut-core-4.10.15.jar";
        String without = "/w/benchmarks/micronaut-startup-uuid/target/classes:/m2/micronaut-core-4.10.15.jar";
        assertEquals(List.of("sno-core-0.1.0-SNAPSHOT.jar", "sno-micronaut-0.1.0-SNAPSHOT.jar"),
                MicronautStartup.snoJars(with, without));
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                () -> MicronautStartup.snoJars(with + ":/m2/micrometer-core-1.15.0.jar", without));
        assertTrue(other.getMessage().contains("only with sno [micrometer-core-1.15.0.jar]"), other.getMessage());
        IllegalArgumentException noSno = assertThrows(IllegalArgumentException.class,
                () -> MicronautStartup.snoJars(without, without));
        assertTrue(noSno.getMessage().contains("sno's jars []"), noSno.getMessage());
    }

    @Test
    void theReportHoldsEveryRunAndTheMediansDifferenceAndRatio() {
        List<Run> runs = List.of(new Run("sno", 620, 900), new Run("uuid", 600, 880), new Run("sno", 640, 930),
                new Run("uuid", 590, 870), new Run("sno", 610, 910), new Run("uuid", 605, 890));
        String md = MicronautStartup.markdown(runs, new Machine(Instant.parse("2026-11-29T03:50:00Z"), "AMD EPYC", 2,
                "OpenJDK 17", "0.10 0.20 0.30", "0.40 0.50 0.60", "PostgreSQL 15.15"),
                List.of("sno-core-0.1.0-SNAPSHOT.jar"), 52, "benchmarks/micronaut-startup.sh");
        assertTrue(md.contains("| sno | 620 ms | 910 ms |"), md);
        assertTrue(md.contains("| uuid | 600 ms | 880 ms |"), md);
        assertTrue(md.contains("| difference (sno - uuid) | +20 ms | +30 ms |"), md);
        assertTrue(md.contains("| ratio (sno / uuid) | 1.03x | 1.03x |"), md);
        assertTrue(md.contains("| 4 | uuid | 590 ms | 870 ms |"), md);
        assertTrue(md.contains("0.10 0.20 0.30 at the start, 0.40 0.50 0.60 at the end"), md);
        assertTrue(md.contains("then 3 starts of each"), md);
        assertTrue(md.contains("Command: `benchmarks/micronaut-startup.sh`"), md);
    }
}
