package dev.sno.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Both sides of {@link KotlinxJsonBenchmark} do the same work: the same JSON text from the same
 * values, read back into equal objects; and kotlinx-json.md is what {@link PairReport}
 * makes of the checked-in JMH JSON (as {@link PairReport} makes it). No benchmark runs here.
 */
class KotlinxJsonBenchmarkTest {

    private static final Path RESULTS = Path.of("").toAbsolutePath().getParent().resolve("benchmarks/results");

    @Test
    void bothSidesWriteTheSameJsonAndReadBackEqualObjects() throws Exception {
        KotlinxJsonBenchmark bench = new KotlinxJsonBenchmark();
        String kotlinx = bench.json.encodeToString(bench.serializer, bench.kotlinxOrder);
        String jackson = bench.mapper.writeValueAsString(bench.jacksonOrder);
        assertEquals(jackson, kotlinx);
        assertEquals("{\"id\":\"" + bench.kotlinxOrder.getId() + "\",\"name\":\"widget\",\"count\":42}", kotlinx);
        assertEquals(bench.kotlinxOrder.getId(), bench.jacksonOrder.id());

        KotlinxOrder k = bench.kotlinxRoundTrip();
        KotlinxJsonBenchmark.JacksonOrder j = bench.jackson2RoundTrip();
        assertEquals(bench.kotlinxOrder, k);
        assertNotSame(bench.kotlinxOrder, k);
        assertEquals(bench.jacksonOrder, j);
        assertNotSame(bench.jacksonOrder, j);
        assertEquals(k.getId(), j.id());
        assertEquals(k.getName(), j.name());
        assertEquals(k.getCount(), j.count());
        // Each side reads the other's text too.
        assertEquals(bench.jacksonOrder, bench.mapper.readValue(kotlinx, KotlinxJsonBenchmark.JacksonOrder.class));
        assertEquals(bench.kotlinxOrder, bench.json.decodeFromString(bench.serializer, jackson));
    }

    @Test
    void reportIsGeneratedFromTheCheckedInRuns() throws IOException {
        assertGenerated(PairReport.KOTLINX_JSON);
    }

    /** The pair's checked-in markdown is what PairReport makes of the JMH JSON beside it. */
    static void assertGenerated(PairReport.Pair pair) throws IOException {
        List<Path> jsons;
        try (Stream<Path> files = Files.list(RESULTS)) {
            jsons = files.filter(f -> f.getFileName().toString().matches(pair.name() + "-\\d+\\.json"))
                    .sorted().toList();
        }
        assertTrue(!jsons.isEmpty(), "no " + pair.name() + "-*.json in " + RESULTS);
        List<Report.Run> runs = new ArrayList<>();
        for (Path json : jsons) {
            runs.add(Report.read(json));
        }
        String md = Files.readString(RESULTS.resolve(pair.name() + ".md"), StandardCharsets.UTF_8);
        String note = md.lines().filter(l -> l.startsWith("Measured ")).findFirst().orElse("");
        assertTrue(!note.isEmpty(), md);
        assertEquals(md, PairReport.markdown(pair, runs, note), pair.name() + ".md differs from its JSON");
    }
}
