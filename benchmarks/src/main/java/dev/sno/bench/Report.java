package dev.sno.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns JMH's JSON results of one or more runs (one per JDK) into a markdown table with one
 * column group per JDK, the targets of issue 13 as time ratios (lower is better), an SVG bar
 * chart ({@link ReportChart}), and the README section between {@code <!-- bench:start -->} and
 * {@code <!-- bench:end -->}, and {@code headline.md} ({@link Headline}): the numbers README.md
 * and docs/ quote, with the database benchmark's from {@code pg-insert.md} and
 * {@code pg18-insert.md} in the same directory.
 *
 * <pre>java -cp benchmarks.jar dev.sno.bench.Report outDir README.md|- note run1.json [run2.json ...]
 * java -cp benchmarks.jar dev.sno.bench.Report --regenerate benchmarks/results</pre>
 *
 * The second form measures nothing: it rewrites results.md, chart.svg and headline.md from the
 * JMH JSON files already in the directory ({@code jmh-*.json}, by JDK feature version), keeping
 * the note (date, CPU, JDKs, load) that the first paragraph of the existing results.md holds.
 */
public final class Report {

    /** Capacity of one generator: 65,536 IDs per 4 ms. */
    static final double CAPACITY = 65536 / 0.004;

    private Report() {
    }

    /** One benchmark's result; {@code aux} holds JMH's secondary metrics other than -prof gc's. */
    record Result(String name, String mode, double score, double error, String unit, double allocPerOp, int threads,
            Map<String, Double> aux) {
    }

    /** One JMH run: its JDK, VM name and results by short name ({@code Class.method}). */
    record Run(String jdk, String vm, Map<String, Result> results) {
        double score(String name) {
            Result x = results.get(name);
            return x == null ? Double.NaN : x.score();
        }

        double alloc(String name) {
            Result x = results.get(name);
            return x == null ? Double.NaN : x.allocPerOp();
        }

        double aux(String name, String metric) {
            Result x = results.get(name);
            return x == null ? Double.NaN : x.aux().getOrDefault(metric, Double.NaN);
        }

        /** Time per operation in ns, also for throughput results (1 / score). */
        double nanos(String name) {
            Result x = results.get(name);
            if (x == null) {
                return Double.NaN;
            }
            return x.mode().equals("thrpt") ? 1e9 / x.score() : x.score();
        }
    }

    /**
     * Runs the report.
     *
     * @param args  output directory, README path or "-", note, one JMH JSON file per JDK
     * @throws IOException if a file cannot be read or written
     */
    public static void main(String[] args) throws IOException {
        if (args[0].equals("--regenerate")) {
            System.out.print(regenerate(Path.of(args[1])));
            return;
        }
        Path out = Path.of(args[0]);
        List<Run> runs = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            runs.add(read(Path.of(args[i])));
        }
        String md = write(out, runs, args[2]);
        if (!args[1].equals("-")) {
            replaceSection(Path.of(args[1]), "bench", md);
        }
        System.out.print(md);
    }

    /**
     * Rewrites results.md, chart.svg and headline.md in {@code dir} from the JMH JSON files there,
     * keeping results.md's note.
     *
     * @param dir  a results directory
     * @return results.md's new text
     * @throws IOException if a file cannot be read or written
     */
    static String regenerate(Path dir) throws IOException {
        String note = note(Files.readString(dir.resolve("results.md"), StandardCharsets.UTF_8));
        List<Run> runs = new ArrayList<>();
        for (Path json : jsons(dir)) {
            runs.add(read(json));
        }
        return write(dir, runs, note);
    }

    /** Writes results.md, chart.svg and headline.md into {@code out}; returns results.md's text. */
    static String write(Path out, List<Run> runs, String note) throws IOException {
        if (runs.isEmpty()) {
            throw new IOException("no JMH results to report");
        }
        String md = markdown(runs, note);
        Files.createDirectories(out);
        Files.writeString(out.resolve("results.md"), md, StandardCharsets.UTF_8);
        Files.writeString(out.resolve("chart.svg"), ReportChart.svg(runs), StandardCharsets.UTF_8);
        Files.writeString(out.resolve("headline.md"), Headline.markdown(runs, note, databaseResults(out)),
                StandardCharsets.UTF_8);
        return md;
    }

    /** The database benchmark's files in {@code dir} that exist, as {name, text} pairs. */
    static List<String[]> databaseResults(Path dir) throws IOException {
        List<String[]> pg = new ArrayList<>();
        for (String name : List.of("pg-insert.md", "pg18-insert.md", "mysql-insert.md")) {
            Path file = dir.resolve(name);
            if (Files.exists(file)) {
                pg.add(new String[] {name, Files.readString(file, StandardCharsets.UTF_8)});
            }
        }
        return pg;
    }

    /** The note of an existing results.md: its first paragraph, or "" when it starts with the table. */
    static String note(String resultsMd) {
        if (resultsMd.startsWith("|")) {
            return "";
        }
        int end = resultsMd.indexOf("\n\n");
        return end < 0 ? resultsMd.strip() : resultsMd.substring(0, end);
    }

    /** The JMH JSON files of a results directory, {@code jmh-<feature>.json}, by feature version. */
    static List<Path> jsons(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().matches("jmh-\\d+\\.json"))
                    .sorted(Comparator.comparingInt(f -> Integer.parseInt(f.getFileName().toString().replaceAll("\\D", ""))))
                    .toList();
        }
    }

    /**
     * Replaces the text between {@code <!-- name:start -->} and {@code <!-- name:end -->}.
     *
     * @param file  the markdown file
     * @param name  the section's name
     * @param text  the new text
     * @throws IOException if the file cannot be read or written, or lacks the markers
     */
    static void replaceSection(Path file, String name, String text) throws IOException {
        String all = Files.readString(file, StandardCharsets.UTF_8);
        String open = "<!-- " + name + ":start -->";
        int start = all.indexOf(open);
        int end = all.indexOf("<!-- " + name + ":end -->");
        if (start < 0 || end < start) {
            throw new IOException(file + " has no " + open + " ... <!-- " + name + ":end --> section");
        }
        Files.writeString(file, all.substring(0, start) + open + "\n" + text + all.substring(end), StandardCharsets.UTF_8);
    }

    static Run read(Path json) throws IOException {
        Map<String, Result> results = new LinkedHashMap<>();
        String jdk = "?";
        String vm = "?";
        for (JsonNode b : new ObjectMapper().readTree(json.toFile())) {
            jdk = b.path("jdkVersion").asText("?");
            vm = b.path("vmName").asText("?") + " " + b.path("vmVersion").asText("");
            String full = b.get("benchmark").asText();
            String name = full.substring(full.lastIndexOf('.', full.lastIndexOf('.') - 1) + 1);
            JsonNode primary = b.get("primaryMetric");
            Map<String, Double> aux = new LinkedHashMap<>();
            b.path("secondaryMetrics").properties().forEach(e -> aux.put(e.getKey(), e.getValue().get("score").asDouble()));
            Double alloc = aux.get("gc.alloc.rate.norm");
            results.put(name, new Result(name, b.get("mode").asText(), primary.get("score").asDouble(),
                    primary.get("scoreError").asDouble(), primary.get("scoreUnit").asText(),
                    alloc == null ? Double.NaN : alloc, b.get("threads").asInt(), aux));
        }
        return new Run(jdk, vm.strip(), results);
    }

    static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (Math.abs(v) >= 1e6) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f" : "%.2f", v);
    }

    static String markdown(List<Run> runs, String note) {
        StringBuilder sb = new StringBuilder();
        if (!note.isEmpty()) {
            sb.append(note).append("\n\n");
        }
        sb.append("| target (time ratio: lower is better) |");
        for (Run run : runs) {
            sb.append(" JDK ").append(run.jdk()).append(" | holds |");
        }
        sb.append("\n|---|").append("---|---|".repeat(runs.size())).append('\n');
        for (Target t : Target.all()) {
            sb.append("| ").append(t.what()).append(" |");
            for (Run run : runs) {
                Target.Value v = t.measure().apply(run);
                sb.append(' ').append(v.text()).append(" | ").append(v.holds()).append(" |");
            }
            sb.append('\n');
        }
        sb.append("\n| benchmark | threads | unit |");
        for (Run run : runs) {
            sb.append(" JDK ").append(run.jdk()).append(" | error | B/op |");
        }
        sb.append("\n|---|---|---|").append("---|---|---|".repeat(runs.size())).append('\n');
        Set<String> names = new LinkedHashSet<>();
        runs.forEach(r -> names.addAll(r.results().keySet()));
        for (String name : names) {
            Result first = runs.stream().map(r -> r.results().get(name)).filter(x -> x != null).findFirst().orElseThrow();
            sb.append("| ").append(name).append(" | ").append(first.threads()).append(" | ").append(first.unit()).append(" |");
            for (Run run : runs) {
                Result x = run.results().get(name);
                sb.append(' ').append(x == null ? "not run" : fmt(x.score())).append(" | ")
                        .append(x == null ? "" : fmt(x.error())).append(" | ")
                        .append(x == null ? "" : fmt(x.allocPerOp())).append(" |");
            }
            sb.append('\n');
            for (Map.Entry<String, Double> aux : first.aux().entrySet()) {
                if (aux.getKey().startsWith("gc.")) {
                    continue;
                }
                sb.append("| ").append(name).append(':').append(aux.getKey()).append(" | | ").append(first.unit()).append(" |");
                for (Run run : runs) {
                    Result x = run.results().get(name);
                    sb.append(' ').append(x == null ? "not run" : fmt(x.aux().getOrDefault(aux.getKey(), Double.NaN)))
                            .append(" | | |");
                }
                sb.append('\n');
            }
        }
        sb.append("\nSize of one object (its allocation under `-prof gc`, no referenced objects): SnoId ")
                .append(fmt(runs.get(0).alloc("CodecBenchmark.sizeOfSnoId"))).append(" B, UUID ")
                .append(fmt(runs.get(0).alloc("CodecBenchmark.sizeOfUuid"))).append(" B.\n");
        return sb.toString();
    }
}
