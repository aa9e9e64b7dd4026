import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes the SVG diagrams of docs/ from the descriptions below. Run from the repository root:
 *
 * <pre>
 * java docs/diagrams/Diagrams.java           # rewrites docs/diagrams/*.svg
 * java docs/diagrams/Diagrams.java --check   # exit status 1 if a checked-in SVG differs
 * </pre>
 *
 * The docs-check module runs the second form in the build.
 */
public class Diagrams {

    /** A field of the ID: its name, its width in bits, its range, its colour. */
    record Field(String name, int bits, String range, String fill) {
    }

    /** The byte layout of SPEC.md section 1, most significant bit first. */
    static final List<Field> LAYOUT = List.of(
            new Field("time: 4 ms units since 2010-01-01", 39, "0 .. 2^39-1", "#cfe2f3"),
            new Field("tick-tock", 1, "0, 1", "#f4cccc"),
            new Field("metabyte", 8, "0..255", "#d9ead3"),
            new Field("partition", 16, "0..65535", "#fff2cc"),
            new Field("sequence", 16, "0..65535", "#ead1dc"));

    /** A state of a partition lease as its holder sees it (SPEC.md 11.2), with its box's centre. */
    record State(String id, String title, String detail, int x, int y) {
    }

    /** A transition; a self-loop when from equals to. */
    record Edge(String from, String to, String label) {
    }

    static final List<State> STATES = List.of(
            new State("free", "free", "released, or expired by the database's clock", 170, 130),
            new State("held", "held", "next() makes IDs; renewed every 5/18 L", 830, 130),
            new State("fenced", "fenced", "no new 4 ms unit: next() throws", 830, 330),
            new State("lost", "lost", "taken over; this generator stays refused", 170, 330));

    static final List<Edge> EDGES = List.of(
            new Edge("free", "held", "acquire(): epoch + 1"),
            new Edge("held", "held", "renewal (fenced UPDATE)"),
            new Edge("held", "fenced", "5/6 L since the last save (renewalFailed fired at the first failed one)"),
            new Edge("fenced", "held", "a save succeeds (leaseRecovered)"),
            new Edge("fenced", "lost", "save rejected: new epoch (leaseLost)"),
            new Edge("held", "free", "close(); after a crash, the row expires after L"));

    static final String FONT = "font-family=\"Helvetica, Arial, sans-serif\"";

    public static void main(String[] args) throws IOException {
        boolean check = args.length == 1 && args[0].equals("--check");
        Path dir = Path.of("docs", "diagrams");
        Map<String, String> files = Map.of("sno-layout.svg", layout(), "lease-states.svg", leaseStates());
        int differ = 0;
        for (var e : files.entrySet()) {
            Path file = dir.resolve(e.getKey());
            if (check) {
                if (!Files.exists(file) || !Files.readString(file, StandardCharsets.UTF_8).equals(e.getValue())) {
                    System.err.println(file + " differs from what docs/diagrams/Diagrams.java writes;"
                            + " run: java docs/diagrams/Diagrams.java");
                    differ++;
                }
            } else {
                Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
                System.out.println("wrote " + file);
            }
        }
        System.exit(differ == 0 ? 0 : 1);
    }

    static String layout() {
        int bit = 11;
        int left = 20;
        int top = 60;
        int height = 44;
        int width = left * 2 + 80 * bit;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"190\""
                + " viewBox=\"0 0 %d 190\" %s font-size=\"12\">%n", width, width, FONT));
        svg.append("<title>The 80 bits of a sno ID (SPEC.md section 1)</title>\n");
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"24\" font-size=\"14\" font-weight=\"bold\">"
                + "A sno ID: 80 bits, 10 bytes, big-endian</text>%n", left));
        int at = 0;
        for (Field f : LAYOUT) {
            int x = left + at * bit;
            int w = f.bits() * bit;
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\""
                    + " stroke=\"#333333\"/>%n", x, top, w, height, f.fill()));
            boolean narrow = f.bits() < 4;
            int cx = x + w / 2;
            if (narrow) {
                // Label the one-bit field above the bar.
                svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                        cx, top - 8, f.name()));
            } else {
                svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                        cx, top + 19, f.name()));
                svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#555555\""
                        + " font-size=\"10\">%d bits, %s</text>%n", cx, top + 35, f.bits(), f.range()));
            }
            at += f.bits();
        }
        // Byte boundaries and numbers below the bar.
        for (int b = 0; b <= 10; b++) {
            int x = left + b * 8 * bit;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333333\"/>%n",
                    x, top + height, x, top + height + 10));
            if (b < 10) {
                svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#555555\">"
                        + "byte %d</text>%n", x + 4 * bit, top + height + 24, b));
            }
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">Text: 16 characters of"
                + " 23456789abcdefghijklmnopqrstuvwx, 5 bits each, most significant first."
                + " UUID image: these 10 bytes, then 6 zero bytes.</text>%n", left, top + height + 54));
        svg.append("</svg>\n");
        return svg.toString();
    }

    static String leaseStates() {
        int boxW = 300;
        int boxH = 56;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1100\" height=\"400\""
                + " viewBox=\"0 0 1100 400\" %s font-size=\"12\">%n", FONT));
        svg.append("<title>A partition lease as its holder sees it (SPEC.md section 11.2)</title>\n");
        svg.append("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"8\""
                + " markerHeight=\"8\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#333333\"/>"
                + "</marker></defs>\n");
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        svg.append("<text x=\"20\" y=\"24\" font-size=\"14\" font-weight=\"bold\">A partition lease, L = lease duration"
                + " (default 30 s)</text>\n");
        for (Edge e : EDGES) {
            State a = state(e.from());
            State b = state(e.to());
            if (a == b) {
                int x = a.x();
                int y = a.y() - boxH / 2;
                svg.append(String.format(Locale.ROOT, "<path d=\"M%d,%d C%d,%d %d,%d %d,%d\" fill=\"none\""
                        + " stroke=\"#333333\" marker-end=\"url(#arrow)\"/>%n",
                        x - 40, y, x - 40, y - 36, x + 40, y - 36, x + 40, y));
                svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>%n",
                        x + 50, y - 16, e.label()));
                continue;
            }
            // Two edges between the same pair run side by side, offset across their direction.
            boolean reverseExists = EDGES.stream().anyMatch(o -> o.from().equals(e.to()) && o.to().equals(e.from()));
            int offset = reverseExists ? 14 : 0;
            double dx = b.x() - a.x();
            double dy = b.y() - a.y();
            double len = Math.hypot(dx, dy);
            double nx = -dy / len * offset;
            double ny = dx / len * offset;
            double[] p = edgePoint(a, b.x() + nx - (a.x() + nx), b.y() + ny - (a.y() + ny), boxW, boxH);
            double[] q = edgePoint(b, -dx, -dy, boxW, boxH);
            double x1 = a.x() + nx + p[0];
            double y1 = a.y() + ny + p[1];
            double x2 = b.x() + nx + q[0];
            double y2 = b.y() + ny + q[1];
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\""
                    + " stroke=\"#333333\" marker-end=\"url(#arrow)\"/>%n", x1, y1, x2, y2));
            String anchor = "middle";
            double lx = (x1 + x2) / 2;
            double ly = (y1 + y2) / 2 + ny * 0.9 + (offset == 0 ? -6 : 4);
            if (dy != 0) {
                // Beside a vertical line: on its left when it runs on the left of the pair.
                anchor = nx < 0 ? "end" : "start";
                lx = x1 + (nx < 0 ? -8 : 8);
                ly = (y1 + y2) / 2 + 4;
            }
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>%n",
                    lx, ly, anchor, e.label()));
        }
        for (State s : STATES) {
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"8\""
                    + " fill=\"#f3f6fa\" stroke=\"#333333\"/>%n", s.x() - boxW / 2, s.y() - boxH / 2, boxW, boxH));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-weight=\"bold\""
                    + " font-size=\"13\">%s</text>%n", s.x(), s.y() - 6, s.title()));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"11\""
                    + " fill=\"#444444\">%s</text>%n", s.x(), s.y() + 14, s.detail()));
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    static State state(String id) {
        return STATES.stream().filter(s -> s.id().equals(id)).findFirst().orElseThrow();
    }

    /** Where a ray from a box's centre in direction (dx, dy) leaves the box, relative to the centre. */
    static double[] edgePoint(State s, double dx, double dy, int w, int h) {
        double tx = dx == 0 ? Double.MAX_VALUE : (w / 2.0) / Math.abs(dx);
        double ty = dy == 0 ? Double.MAX_VALUE : (h / 2.0) / Math.abs(dy);
        double t = Math.min(tx, ty);
        return new double[] {dx * t, dy * t};
    }
}
