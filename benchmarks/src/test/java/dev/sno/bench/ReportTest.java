package dev.sno.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checked-in report files are what {@link Report} makes of the checked-in JMH JSON: nobody
 * edited a number by hand, and no run left one file behind the others.
 */
class ReportTest {

    private static final Path RESULTS = Path.of("").toAbsolutePath().getParent().resolve("benchmarks/results");

    private static List<Report.Run> runs() throws IOException {
        List<Report.Run> runs = new ArrayList<>();
        for (Path json : Report.jsons(RESULTS)) {
            runs.add(Report.read(json));
        }
        return runs;
    }

    private static String read(String name) throws IOException {
        return Files.readString(RESULTS.resolve(name), StandardCharsets.UTF_8);
    }

    @Test
    void resultsAndHeadlineAreGeneratedFromTheCheckedInRuns() throws IOException {
        List<Report.Run> runs = runs();
        assertEquals(List.of("jmh-17.json", "jmh-25.json"),
                Report.jsons(RESULTS).stream().map(p -> p.getFileName().toString()).toList(), "ordered by JDK");
        String note = Report.note(read("results.md"));
        assertTrue(note.startsWith("Measured "), note);
        assertEquals(read("results.md"), Report.markdown(runs, note),
                "results.md differs from its JSON: run benchmarks/run.sh --report");
        assertEquals(read("headline.md"), Headline.markdown(runs, note, Report.databaseResults(RESULTS)),
                "headline.md differs from the results: run benchmarks/run.sh --report");
    }

    @Test
    void headlineCarriesDateCpuAndJdks() throws IOException {
        String headline = read("headline.md");
        assertTrue(headline.contains("Date: 2026-11-23. CPU: AMD EPYC, 2 cores. JDKs: 17.0.15 (OpenJDK"), headline);
        assertTrue(headline.contains("| `SnoGenerator.next` per ID | 31.48 ns | 32.31 ns |"), headline);
        assertTrue(headline.contains("| sno (UUID image) rows/s (median) | 575,506 rows/s |"), headline);
        assertTrue(headline.contains("Server: PostgreSQL 18.1."), headline);
        assertTrue(headline.contains("Server: MySQL 8.0.33. Date and CPU: 2026-11-29, AMD EPYC, 2 cores."), headline);
        assertTrue(headline.contains("| sno, BINARY(16) (setSnoIdBinary) rows/s (median) | 202,910 rows/s |"), headline);
    }

    @Test
    void regenerateRewritesFromTheFilesAlone(@TempDir Path dir) throws IOException {
        for (String name : List.of("jmh-17.json", "jmh-25.json", "results.md", "pg-insert.md")) {
            Files.copy(RESULTS.resolve(name), dir.resolve(name));
        }
        Files.writeString(dir.resolve("headline.md"), "stale");
        Report.regenerate(dir);
        assertEquals(read("results.md"), Files.readString(dir.resolve("results.md")));
        assertEquals(read("chart.svg"), Files.readString(dir.resolve("chart.svg")));
        String headline = Files.readString(dir.resolve("headline.md"));
        assertTrue(headline.contains("## Database inserts (pg-insert.md)"), headline);
        assertTrue(!headline.contains("pg18-insert.md"), "only the database files present: " + headline);
    }

    @Test
    void databaseHeadlineReadsTheDateWhenTheBenchmarkRecordedIt() {
        String md = "Measured 2026-12-01 on AMD EPYC (2 cores), JDK 17.0.15. 10,000 rows per key kind, one client; "
                + "PostgreSQL 15.18 (Debian)\n\n| primary key | rows/s (median) |\n|---|---|\n"
                + "| sno (UUID image) | 575,506 | 1 | 2 | 3 |\n";
        String headline = Headline.database("pg-insert.md", md);
        assertTrue(headline.contains("Server: PostgreSQL 15.18. Date and CPU: 2026-12-01, AMD EPYC, 2 cores. "
                + "Rows per key kind: 10,000."), headline);
        assertTrue(headline.contains("| sno (UUID image) rows/s (median) | 575,506 rows/s |"), headline);
    }
}
