package dev.sno.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code benchmarks/results/headline.md}: the few numbers that README.md and docs/ quote, in one
 * small table per source, each with the date, CPU and JDK (or server) it was measured on. Written
 * by {@link Report} from the JMH runs and the database benchmark's markdown files
 * ({@code pg-insert.md}, {@code pg18-insert.md}, {@code mysql-insert.md}); every number is formatted as in
 * {@code results.md}, so a quote can be checked against either file as it stands.
 */
final class Headline {

    private static final Pattern MEASURED = Pattern.compile("^Measured (\\d{4}-\\d{2}-\\d{2}) on (.+?) \\((\\d+) cores\\)");

    private static final Pattern SERVER = Pattern.compile("(PostgreSQL|MySQL) (\\d+(?:\\.\\d+)+)");

    /** The key kinds' first cells, as PgInsertBenchmark and MySqlInsertBenchmark write them. */
    private static final List<String> KINDS = List.of("sno (UUID image)", "uuid-creator UUIDv7", "UUID.randomUUID()",
            "tsid-creator TSID", "PostgreSQL 18 uuidv7() (server)", "sno, BINARY(16) (setSnoIdBinary)",
            "uuid-creator UUIDv7, BINARY(16)", "BIGINT AUTO_INCREMENT (server)");

    private Headline() {
    }

    /** One row of the JMH table: what it is, and how one run gives it. */
    private record Row(String what, Function<Report.Run, String> value) {
    }

    private static List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("`SnoGenerator.next` per ID", run -> ns(run.nanos("GenerationBenchmark.snoNext"))));
        rows.add(new Row("`SnoGenerator.next` allocation per ID", run -> bytes(run.alloc("GenerationBenchmark.snoNext"))));
        rows.add(new Row("`nextBatch(meta, 1000)` per ID", run -> ns(run.nanos("BatchBenchmark.nextBatch1000"))));
        rows.add(new Row("`System.currentTimeMillis()` (the clock, same run)",
                run -> ns(run.nanos("GenerationBenchmark.currentTimeMillis"))));
        rows.add(new Row("uuid-creator UUIDv7 per ID", run -> peer(run, "GenerationBenchmark.uuidV7")));
        rows.add(new Row("`UUID.randomUUID()` per ID", run -> peer(run, "GenerationBenchmark.uuidRandom")));
        rows.add(new Row("ulid-creator monotonic ULID per ID", run -> peer(run, "GenerationBenchmark.ulidMonotonic")));
        rows.add(new Row("tsid-creator TSID per ID (`TsidFactory`, an instance as `SnoGenerator` is)",
                run -> peer(run, "GenerationBenchmark.tsidFactory")));
        rows.add(new Row("`SnoId.toString()` against `UUID.toString()`",
                run -> ratio(run, "CodecBenchmark.encodeSnoToString", "CodecBenchmark.encodeUuidToString")));
        rows.add(new Row("`SnoId.parse` against `UUID.fromString`",
                run -> ratio(run, "CodecBenchmark.decodeSnoParse", "CodecBenchmark.decodeUuidFromString")));
        rows.add(new Row("`SnoId.parse` allocation", run -> bytes(run.alloc("CodecBenchmark.decodeSnoParse"))));
        rows.add(new Row("JSON round trip, object with a `SnoId` against one with a `UUID`", run -> {
            double sno = run.score("JsonBenchmark.writeSno") + run.score("JsonBenchmark.readSno");
            double uuid = run.score("JsonBenchmark.writeUuid") + run.score("JsonBenchmark.readUuid");
            return Double.isNaN(sno) || Double.isNaN(uuid) ? "not measured"
                    : String.format(Locale.ROOT, "%.2fx (%s vs %s ns)", sno / uuid, Report.fmt(sno), Report.fmt(uuid));
        }));
        rows.add(new Row("one generator, one thread, saturated: IDs/s (share of 16,384,000)", run -> {
            double perSecond = run.score("SaturatedBenchmark.oneThread");
            return Double.isNaN(perSecond) ? "not measured" : String.format(Locale.ROOT, "%s IDs/s (%.2f %%)",
                    Report.fmt(perSecond), perSecond / Report.CAPACITY * 100);
        }));
        rows.add(new Row("size of one object: `SnoId` / `UUID`", run -> bytes(run.alloc("CodecBenchmark.sizeOfSnoId"))
                + " / " + bytes(run.alloc("CodecBenchmark.sizeOfUuid"))));
        return rows;
    }

    private static String ns(double v) {
        return Double.isNaN(v) ? "not measured" : Report.fmt(v) + " ns";
    }

    private static String bytes(double v) {
        return Double.isNaN(v) ? "not measured" : Report.fmt(v) + " B";
    }

    private static String peer(Report.Run run, String name) {
        double t = run.nanos(name);
        return Double.isNaN(t) ? "not measured" : ns(t) + ", " + bytes(run.alloc(name));
    }

    private static String ratio(Report.Run run, String sno, String other) {
        double s = run.nanos(sno);
        double o = run.nanos(other);
        return Double.isNaN(s) || Double.isNaN(o) ? "not measured"
                : String.format(Locale.ROOT, "%.2fx (%s vs %s ns)", s / o, Report.fmt(s), Report.fmt(o));
    }

    /**
     * The headline file.
     *
     * @param runs  the JMH runs, one per JDK
     * @param note  the JMH runs' note as {@code run.sh} writes it ("Measured DATE on CPU (N cores), ...")
     * @param pg    the database benchmark's markdown files by label, null where absent
     * @return the markdown
     */
    static String markdown(List<Report.Run> runs, String note, List<String[]> pg) {
        StringBuilder sb = new StringBuilder();
        sb.append("# Headline numbers\n\n");
        sb.append("Generated by `dev.sno.bench.Report` from the files beside this one; do not edit. "
                + "README.md and docs/ quote these numbers (docs-check's NumbersFromResultsTest checks that every "
                + "measured number in README.md and docs/performance.md appears in benchmarks/results/, "
                + "benchmarks' QuotedNumbersTest the other pages' benchmark numbers).\n\n");
        Matcher m = MEASURED.matcher(note);
        boolean found = m.find();
        String date = found ? m.group(1) : "not recorded";
        String cpu = found ? m.group(2) + ", " + m.group(3) + " cores" : "not recorded";
        sb.append("## JMH (one fork; time per operation, lower is better)\n\n");
        sb.append("Date: ").append(date).append(". CPU: ").append(cpu).append(". JDKs: ");
        sb.append(String.join(", ", runs.stream().map(r -> r.jdk() + " (" + r.vm() + ")").toList())).append(".\n\n");
        sb.append("| what |");
        runs.forEach(r -> sb.append(" JDK ").append(r.jdk()).append(" |"));
        sb.append("\n|---|").append("---|".repeat(runs.size())).append('\n');
        for (Row row : rows()) {
            sb.append("| ").append(row.what()).append(" |");
            runs.forEach(r -> sb.append(' ').append(row.value().apply(r)).append(" |"));
            sb.append('\n');
        }
        for (String[] file : pg) {
            sb.append('\n').append(database(file[0], file[1]));
        }
        return sb.toString();
    }

    /**
     * The database benchmark's headline from its markdown (as PgInsertBenchmark or
     * MySqlInsertBenchmark writes it): the server, date, CPU and rows are read from the text
     * before its first table, so a file with a title line reads as one without.
     */
    static String database(String fileName, String md) {
        String note = String.join("\n", md.lines().takeWhile(l -> !l.startsWith("|")).toList());
        Matcher server = SERVER.matcher(note);
        Matcher measured = Pattern.compile(MEASURED.pattern(), Pattern.MULTILINE).matcher(note);
        StringBuilder sb = new StringBuilder();
        sb.append("## Database inserts (").append(fileName).append(")\n\n");
        sb.append("Server: ").append(server.find() ? server.group(1) + " " + server.group(2) : "not recorded");
        sb.append(". Date and CPU: ").append(measured.find() ? measured.group(1) + ", " + measured.group(2)
                + ", " + measured.group(3) + " cores" : "not recorded in " + fileName);
        Matcher rows = Pattern.compile("([\\d,]+) rows per (?:key kind|run)").matcher(note);
        sb.append(". Rows per key kind: ").append(rows.find() ? rows.group(1) : "not recorded").append(".\n\n");
        sb.append("| what | measured |\n|---|---|\n");
        for (String kind : KINDS) {
            String[] cells = row(md, kind);
            if (cells != null) {
                sb.append("| ").append(kind).append(" rows/s (median) | ").append(cells[1]).append(" rows/s |\n");
            }
        }
        String[] sno = row(md, "sno (UUID image)");
        if (sno != null) {
            sb.append("| sno key index (median) | ").append(sno[3]).append(" |\n");
            sb.append("| sno WAL per row (median) | ").append(sno[4]).append(" |\n");
        }
        String[] snoBinary = row(md, "sno, BINARY(16) (setSnoIdBinary)");
        if (snoBinary != null) {
            sb.append("| sno table (median) | ").append(snoBinary[3]).append(" |\n");
        }
        for (String target : List.of("sno insert rate >= UUIDv7's", "sno insert rate >= server uuidv7()'s",
                "sno table <= UUIDv7's")) {
            String[] cells = row(md, target);
            if (cells != null) {
                sb.append("| ").append(target.replace(" >= ", " against ").replace(" <= ", " against "))
                        .append(" | ").append(cells[1]).append(" |\n");
            }
        }
        return sb.toString();
    }

    /** The cells of the table row whose first cell is {@code first}, or null. */
    private static String[] row(String md, String first) {
        String prefix = "| " + first + " |";
        return md.lines().filter(l -> l.startsWith(prefix)).findFirst()
                .map(l -> l.substring(2, l.length() - 2).split(" \\| ", -1)).orElse(null);
    }
}
