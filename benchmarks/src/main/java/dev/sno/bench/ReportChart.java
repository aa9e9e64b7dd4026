package dev.sno.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The README's chart: horizontal bars of time per operation (shorter is better), one panel per
 * group, one bar per JDK for each benchmark; sno's bars in blue, the others in grey, the later
 * JDK in the darker shade.
 */
final class ReportChart {

    private static final String[][] COLORS = {{"#7fb2d6", "#cfcfcf"}, {"#1f5f8b", "#8a8a8a"}};

    private ReportChart() {
    }

    static String svg(List<Report.Run> runs) {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        for (Report.Run run : runs) {
            for (Report.Result x : run.results().values()) {
                if (!x.mode().equals("avgt") || x.name().startsWith("CodecBenchmark.sizeOf")) {
                    continue;
                }
                String group = x.name().substring(0, x.name().indexOf('.')).replace("Benchmark", "");
                if (group.equals("Codec")) {
                    group = x.name().contains(".encode") ? "Encode" : "Decode";
                }
                List<String> names = groups.computeIfAbsent(group, g -> new ArrayList<>());
                if (!names.contains(x.name())) {
                    names.add(x.name());
                }
            }
        }
        int width = 780;
        int barLeft = 230;
        int bar = 11;
        int y = 30;
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < runs.size(); i++) {
            body.append(String.format(Locale.ROOT,
                    "<rect x=\"%d\" y=\"8\" width=\"12\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"17\">JDK %s</text>%n",
                    barLeft + 120 * i, COLORS[Math.min(i, 1)][0], barLeft + 120 * i + 16, runs.get(i).jdk()));
        }
        y += 6;
        for (Map.Entry<String, List<String>> g : groups.entrySet()) {
            double max = 0;
            for (String name : g.getValue()) {
                for (Report.Run run : runs) {
                    double s = run.score(name);
                    max = Double.isNaN(s) ? max : Math.max(max, s);
                }
            }
            body.append(String.format(Locale.ROOT,
                    "<text x=\"10\" y=\"%d\" font-weight=\"bold\">%s (ns/op, shorter is better)</text>%n", y, g.getKey()));
            y += 8;
            for (String name : g.getValue()) {
                String label = name.substring(name.indexOf('.') + 1);
                boolean sno = label.toLowerCase(Locale.ROOT).contains("sno");
                body.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n",
                        barLeft - 6, y + bar + 3, label));
                for (int i = 0; i < runs.size(); i++) {
                    double s = runs.get(i).score(name);
                    double w = Double.isNaN(s) ? 0 : Math.max((width - barLeft - 90) * s / max, 1);
                    body.append(String.format(Locale.ROOT,
                            "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>"
                                    + "<text x=\"%.1f\" y=\"%d\" font-size=\"10\">%s</text>%n",
                            barLeft, y, w, bar - 1, COLORS[Math.min(i, 1)][sno ? 0 : 1],
                            barLeft + w + 4, y + bar - 2, Double.isNaN(s) ? "not run" : Report.fmt(s)));
                    y += bar;
                }
                y += 6;
            }
            y += 16;
        }
        return String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "font-family=\"sans-serif\" font-size=\"12\">%n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n",
                width, y) + body + "</svg>\n";
    }
}
