package dev.sno.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns JMH's JSON results into a markdown table with the targets of issue 6, an SVG bar chart,
 * and the README section between the markers {@code <!-- bench:start -->} and
 * {@code <!-- bench:end -->}.
 *
 * <pre>java -cp benchmarks.jar dev.sno.bench.Report results.json outDir [README.md] [note]</pre>
 */
public final class Report {

    /** Capacity of one generator: 65,536 IDs per 4 ms. */
    static final double CAPACITY = 65536 / 0.004;

    private Report() {
    }

    /** One benchmark's result. */
    record Result(String name, String mode, double score, double error, String unit, double allocPerOp, int threads) {
    }

    /**
     * Runs the report.
     *
     * @param args  results.json, output directory, optional README path, optional note
     * @throws IOException if a file cannot be read or written
     */
    public static void main(String[] args) throws IOException {
        Path json = Path.of(args[0]);
        Path out = Path.of(args[1]);
        Map<String, Result> results = read(json);
        String note = args.length > 3 ? args[3] : "";
        String table = markdown(results, note);
        Files.createDirectories(out);
        Files.writeString(out.resolve("results.md"), table, StandardCharsets.UTF_8);
        Files.writeString(out.resolve("chart.svg"), svg(results), StandardCharsets.UTF_8);
        if (args.length > 2) {
            Path readme = Path.of(args[2]);
            String text = Files.readString(readme, StandardCharsets.UTF_8);
            int start = text.indexOf("<!-- bench:start -->");
            int end = text.indexOf("<!-- bench:end -->");
            if (start >= 0 && end > start) {
                text = text.substring(0, start) + "<!-- bench:start -->\n" + table + text.substring(end);
                Files.writeString(readme, text, StandardCharsets.UTF_8);
            }
        }
        System.out.print(table);
    }

    static Map<String, Result> read(Path json) throws IOException {
        Map<String, Result> results = new LinkedHashMap<>();
        for (JsonNode b : new ObjectMapper().readTree(json.toFile())) {
            String full = b.get("benchmark").asText();
            String name = full.substring(full.lastIndexOf('.', full.lastIndexOf('.') - 1) + 1);
            JsonNode primary = b.get("primaryMetric");
            JsonNode alloc = b.path("secondaryMetrics").path("gc.alloc.rate.norm");
            results.put(name, new Result(name, b.get("mode").asText(), primary.get("score").asDouble(),
                    primary.get("scoreError").asDouble(), primary.get("scoreUnit").asText(),
                    alloc.isMissingNode() ? Double.NaN : alloc.get("score").asDouble(), b.get("threads").asInt()));
        }
        return results;
    }

    private static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (Math.abs(v) >= 1e6) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f" : "%.2f", v);
    }

    private static double score(Map<String, Result> r, String name) {
        Result x = r.get(name);
        return x == null ? Double.NaN : x.score();
    }

    static String markdown(Map<String, Result> r, String note) {
        StringBuilder sb = new StringBuilder();
        if (!note.isEmpty()) {
            sb.append(note).append("\n\n");
        }
        sb.append("| benchmark | threads | score | error | unit | allocated B/op |\n|---|---|---|---|---|---|\n");
        for (Result x : r.values()) {
            sb.append("| ").append(x.name()).append(" | ").append(x.threads()).append(" | ").append(fmt(x.score()))
                    .append(" | ").append(fmt(x.error())).append(" | ").append(x.unit()).append(" | ")
                    .append(fmt(x.allocPerOp())).append(" |\n");
        }
        sb.append("\n| target | measured | holds |\n|---|---|---|\n");
        double clock = score(r, "GenerationBenchmark.currentTimeMillis");
        double next = score(r, "GenerationBenchmark.snoNext");
        target(sb, "fast-path `next` <= 1.25x `currentTimeMillis`", next / clock, "x", next / clock <= 1.25);
        for (String peer : List.of("tsidCreator", "tsidFactory", "ulidMonotonic", "uuidV7", "uuidRandom")) {
            double p = score(r, "GenerationBenchmark." + peer);
            target(sb, "`next` faster than " + peer, p / next, "x faster", next < p);
        }
        double one = score(r, "SaturatedBenchmark.oneThread") / CAPACITY;
        double two = score(r, "SaturatedBenchmark.twoThreads") / CAPACITY;
        target(sb, "saturated, 1 thread >= 97% of 16,384,000/s", one * 100, "%", one >= 0.97);
        target(sb, "saturated, 2 threads >= 97% of 16,384,000/s", two * 100, "%", two >= 0.97);
        double enc = score(r, "CodecBenchmark.encodeUuidToString") / score(r, "CodecBenchmark.encodeSnoToString");
        target(sb, "`toString` speed >= 0.7x `UUID.toString`", enc, "x", enc >= 0.7);
        double dec = score(r, "CodecBenchmark.decodeUuidFromString") / score(r, "CodecBenchmark.decodeSnoParse");
        target(sb, "`parse` speed >= 0.5x `UUID.fromString`", dec, "x", dec >= 0.5);
        double json = (score(r, "JsonBenchmark.writeSno") + score(r, "JsonBenchmark.readSno"))
                / (score(r, "JsonBenchmark.writeUuid") + score(r, "JsonBenchmark.readUuid"));
        target(sb, "JSON round trip with SnoId <= with UUID", json, "x the UUID time", json <= 1.0);
        double idSize = alloc(r, "CodecBenchmark.sizeOfSnoId");
        alloc(sb, "`next` allocates only the ID", alloc(r, "GenerationBenchmark.snoNext"), idSize);
        alloc(sb, "`parse` allocates only the ID", alloc(r, "CodecBenchmark.decodeSnoParse"), idSize);
        alloc(sb, "`encodeTo` allocates nothing", alloc(r, "CodecBenchmark.encodeSnoEncodeTo"), 0);
        sb.append("\nSize of one object (its allocation under `-prof gc`, no referenced objects): SnoId ")
                .append(fmt(idSize)).append(" B, UUID ").append(fmt(alloc(r, "CodecBenchmark.sizeOfUuid"))).append(" B.\n");
        return sb.toString();
    }

    private static double alloc(Map<String, Result> r, String name) {
        Result x = r.get(name);
        return x == null ? Double.NaN : x.allocPerOp();
    }

    private static void target(StringBuilder sb, String what, double value, String unit, boolean holds) {
        sb.append("| ").append(what).append(" | ").append(fmt(value)).append(' ').append(unit).append(" | ")
                .append(Double.isNaN(value) ? "not measured" : holds ? "yes" : "no").append(" |\n");
    }

    private static void alloc(StringBuilder sb, String what, double bytes, double limit) {
        sb.append("| ").append(what).append(" | ").append(fmt(bytes)).append(" B/op | ")
                .append(Double.isNaN(bytes) ? "not measured" : bytes <= limit + 0.5 ? "yes" : "no").append(" |\n");
    }

    /** Horizontal bars, one panel per group, time per operation (shorter is better). */
    static String svg(Map<String, Result> r) {
        Map<String, List<Result>> groups = new LinkedHashMap<>();
        for (Result x : r.values()) {
            if (!x.mode().equals("avgt") || x.name().startsWith("CodecBenchmark.sizeOf")) {
                continue;
            }
            String group = x.name().substring(0, x.name().indexOf('.')).replace("Benchmark", "");
            if (group.equals("Codec")) {
                group = x.name().contains(".encode") ? "Encode" : "Decode";
            }
            groups.computeIfAbsent(group, g -> new ArrayList<>()).add(x);
        }
        int width = 760;
        int barLeft = 230;
        int row = 22;
        int y = 30;
        StringBuilder body = new StringBuilder();
        for (Map.Entry<String, List<Result>> g : groups.entrySet()) {
            double max = g.getValue().stream().mapToDouble(Result::score).max().orElse(1);
            body.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\" font-weight=\"bold\">%s (ns/op, shorter is better)</text>%n",
                    y, g.getKey()));
            y += 8;
            for (Result x : g.getValue()) {
                double w = (width - barLeft - 90) * x.score() / max;
                String label = x.name().substring(x.name().indexOf('.') + 1);
                boolean sno = label.toLowerCase(Locale.ROOT).contains("sno");
                body.append(String.format(Locale.ROOT,
                        "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>"
                                + "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"16\" fill=\"%s\"/>"
                                + "<text x=\"%.1f\" y=\"%d\">%s</text>%n",
                        barLeft - 6, y + 13, label, barLeft, y, Math.max(w, 1), sno ? "#2a7ab0" : "#b8b8b8",
                        barLeft + Math.max(w, 1) + 4, y + 13, fmt(x.score())));
                y += row;
            }
            y += 18;
        }
        return String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "font-family=\"sans-serif\" font-size=\"12\">%n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n",
                width, y) + body + "</svg>\n";
    }
}
