package dev.sno.bench;

import com.github.f4b6a3.tsid.TsidCreator;
import com.github.f4b6a3.uuid.UuidCreator;
import dev.sno.SnoGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * The database side: inserts rows into PostgreSQL with primary keys from sno (its UUID image),
 * {@code UUID.randomUUID()}, uuid-creator's UUIDv7 and tsid-creator's TSID (a bigint), and on
 * PostgreSQL 18 also keys the server makes ({@code DEFAULT uuidv7()}), one table per kind, one
 * client, batched inserts; reports rows per second, the size of the key's index
 * ({@code pg_relation_size}) and the WAL written: per row, the inserts' own records
 * ({@code pg_walinspect}), and in all ({@code pg_current_wal_lsn} difference). On PostgreSQL 18
 * it also times {@code sno_time} against {@code uuid_extract_timestamp} over as many rows.
 *
 * <pre>java -cp benchmarks.jar dev.sno.bench.PgInsertBenchmark JDBC_URL ROWS [OUT.md [README.md]]</pre>
 *
 * <p>Before each kind: a fresh table and a {@code CHECKPOINT}, so that every kind pays for its
 * own full-page images. Keys are made inside the timed loop, as an application would. Each key
 * kind runs four times, in the rounds of {@link #ORDER}, after an unmeasured warm-up run of each
 * kind (up to 100,000 rows); rate, index size and WAL shown are each the median of the four
 * runs (the mean of the middle two).
 * {@code benchmarks/pg-insert.sh} starts a throwaway server and runs this.
 */
public final class PgInsertBenchmark {

    private static final int BATCH = 1000;

    /**
     * The order of the four client-side kinds in each round: a balanced Latin square (Williams
     * design), so that every kind runs once in every position and right after every other kind
     * exactly once; a run after a random-UUID run, which leaves the server the most work, is no
     * one's privilege.
     */
    private static final int[][] ORDER = {{0, 1, 3, 2}, {1, 2, 0, 3}, {2, 3, 1, 0}, {3, 0, 2, 1}};

    /**
     * With the server's {@code uuidv7()} as a fifth kind: a cyclic Latin square, every kind once
     * in every position (five kinds have no single balanced square).
     */
    private static final int[][] ORDER_5 = {{0, 1, 2, 3, 4}, {1, 2, 3, 4, 0}, {2, 3, 4, 0, 1}, {3, 4, 0, 1, 2},
        {4, 0, 1, 2, 3}};

    private PgInsertBenchmark() {
    }

    /** One key kind: its column type and where its keys come from. */
    private enum Kind {
        SNO("sno (UUID image)", "uuid"),
        UUID_V7("uuid-creator UUIDv7", "uuid"),
        UUID_RANDOM("UUID.randomUUID()", "uuid"),
        TSID("tsid-creator TSID", "bigint"),
        /** PostgreSQL 18's uuidv7() as the column default: the client sends no key. */
        SERVER_UUID_V7("PostgreSQL 18 uuidv7() (server)", "uuid DEFAULT uuidv7()");

        final String label;
        final String sqlType;

        Kind(String label, String sqlType) {
            this.label = label;
            this.sqlType = sqlType;
        }
    }

    /** What one run of one kind measured. */
    record Run(Kind kind, long rows, double seconds, long indexBytes, long walBytes, double walPerRow) {
        double rowsPerSecond() {
            return rows / seconds;
        }
    }

    /**
     * Runs the benchmark.
     *
     * @param args  JDBC URL, number of rows, optional markdown output, optional README to update
     * @throws Exception if the database or a file fails
     */
    public static void main(String[] args) throws Exception {
        String url = args[0];
        long rows = Long.parseLong(args[1]);
        List<Run> best = new ArrayList<>();
        List<String> ranges = new ArrayList<>();
        List<String> walRanges = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url + (url.contains("?") ? "&" : "?")
                + "reWriteBatchedInserts=true")) {
            String server = scalar(c, "SELECT version()");
            String fpw = scalar(c, "SHOW full_page_writes");
            try (Statement s = c.createStatement()) {
                s.execute("CREATE EXTENSION IF NOT EXISTS pg_walinspect");
            }
            List<Run> runs = new ArrayList<>();
            boolean pg18 = c.getMetaData().getDatabaseMajorVersion() >= 18;
            Kind[] kinds = pg18 ? Kind.values() : Arrays.copyOf(Kind.values(), 4);
            for (Kind kind : kinds) {
                run(c, kind, Math.min(rows, 100_000));   // warm-up: JIT, driver, server caches; not shown
            }
            for (int[] round : pg18 ? ORDER_5 : ORDER) {
                for (int k : round) {
                    Kind kind = kinds[k];
                    Run r = run(c, kind, rows);
                    System.out.printf(Locale.ROOT, "%-22s %,12.0f rows/s  index %,13d B  WAL %,14d B  per row %.3f B%n",
                            kind.label, r.rowsPerSecond(), r.indexBytes(), r.walBytes(), r.walPerRow());
                    runs.add(r);
                }
            }
            for (Kind kind : kinds) {
                List<Run> mine = new ArrayList<>(runs.stream().filter(r -> r.kind() == kind).toList());
                mine.sort((a, b) -> Double.compare(a.rowsPerSecond(), b.rowsPerSecond()));
                // Medians, each metric on its own: of four runs the middle two together, of five
                // the middle one.
                int lo = (mine.size() - 1) / 2;
                int hi = mine.size() / 2;
                Run low = mine.get(lo);
                Run high = mine.get(hi);
                long[] index = mine.stream().mapToLong(Run::indexBytes).sorted().toArray();
                long[] wal = mine.stream().mapToLong(Run::walBytes).sorted().toArray();
                double[] perRow = mine.stream().mapToDouble(Run::walPerRow).sorted().toArray();
                best.add(new Run(kind, low.rows() + high.rows(), low.seconds() + high.seconds(),
                        (index[lo] + index[hi]) / 2, (wal[lo] + wal[hi]) / 2, (perRow[lo] + perRow[hi]) / 2));
                walRanges.add(String.format(Locale.ROOT, "%.3f-%.3f", perRow[0], perRow[perRow.length - 1]));
                ranges.add(String.format(Locale.ROOT, "%,.0f-%,.0f", mine.get(0).rowsPerSecond(),
                        mine.get(mine.size() - 1).rowsPerSecond()));
            }
            String md = markdown(best, ranges, walRanges, rows, server, fpw);
            if (pg18) {
                md += ReadTimes.measure(url, rows);
            }
            System.out.print(md);
            if (args.length > 2) {
                Files.writeString(Path.of(args[2]), md, StandardCharsets.UTF_8);
            }
            if (args.length > 3) {
                Report.replaceSection(Path.of(args[3]), "pg", md);
            }
        }
    }

    private static Run run(Connection c, Kind kind, long rows) throws SQLException {
        String table = "bench_" + kind.name().toLowerCase(Locale.ROOT);
        c.setAutoCommit(true);
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + table);
            s.execute("CREATE TABLE " + table + " (id " + kind.sqlType + " PRIMARY KEY, n bigint NOT NULL)"
                    + " WITH (autovacuum_enabled = false)");
            s.execute("CHECKPOINT");
        }
        String lsn0 = scalar(c, "SELECT pg_current_wal_lsn()");
        SnoGenerator sno = SnoGenerator.builder().partition(1).build();
        c.setAutoCommit(false);
        long t0 = System.nanoTime();
        boolean server = kind == Kind.SERVER_UUID_V7;
        try (PreparedStatement p = c.prepareStatement(server ? "INSERT INTO " + table + " (n) VALUES (?)"
                : "INSERT INTO " + table + " (id, n) VALUES (?, ?)")) {
            for (long n = 0; n < rows; n++) {
                switch (kind) {
                    case SNO -> p.setObject(1, sno.next(1).toUuid());
                    case UUID_V7 -> p.setObject(1, UuidCreator.getTimeOrderedEpoch());
                    case UUID_RANDOM -> p.setObject(1, UUID.randomUUID());
                    case TSID -> p.setLong(1, TsidCreator.getTsid().toLong());
                    case SERVER_UUID_V7 -> { }
                    default -> throw new AssertionError(kind);
                }
                p.setLong(server ? 1 : 2, n);
                p.addBatch();
                if ((n + 1) % BATCH == 0 || n + 1 == rows) {
                    p.executeBatch();
                    c.commit();
                }
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        c.setAutoCommit(true);
        sno.close();
        String lsn1 = scalar(c, "SELECT pg_current_wal_lsn()");
        long wal = Long.parseLong(scalar(c, "SELECT pg_wal_lsn_diff('" + lsn1 + "', '" + lsn0 + "')::bigint"));
        double walPerRow = walPerRow(c, lsn0, lsn1);
        long index = Long.parseLong(scalar(c, "SELECT pg_relation_size('" + table + "_pkey')"));
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE " + table);
        }
        return new Run(kind, rows, seconds, index, wal, walPerRow);
    }

    /**
     * The WAL of the inserts themselves per inserted row, between two positions: the records of
     * the heap, the B-tree and the commits, full-page images included, divided by the heap
     * insert records among them ({@code pg_walinspect}). Per row, because {@code pg_walinspect}
     * (PostgreSQL 15) left a few dozen of the million rows' records out of every window, a
     * different number each run, which made totals differ by kilobytes between runs of one key
     * kind; every record kind has one size per key kind, so the ratio does not depend on how
     * many were counted. The server's own background records (such as the running transactions
     * logged every 15 seconds) depend on how long a run took, not on its keys, and are left out.
     */
    private static double walPerRow(Connection c, String from, String to) throws SQLException {
        // pg_walinspect reads only flushed WAL, and with synchronous_commit=off the last commits
        // may not be flushed yet: a switch to the next WAL segment flushes everything before it.
        // On PostgreSQL 18 the window was sometimes still empty right after the switch (a 10,000-row
        // smoke run): ask again, briefly.
        String sql = "SELECT sum(combined_size)::float8 / sum(count) FILTER (WHERE \"resource_manager/record_type\" LIKE 'Heap/INSERT%')"
                + " FROM pg_get_wal_stats('" + from + "', '" + to + "', true)"
                + " WHERE split_part(\"resource_manager/record_type\", '/', 1) IN ('Heap', 'Heap2', 'Btree', 'Transaction')";
        for (int attempt = 0; attempt < 50; attempt++) {
            scalar(c, "SELECT pg_switch_wal()");
            String perRow = scalar(c, sql);
            if (perRow != null) {
                return Double.parseDouble(perRow);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while waiting for the WAL of " + from + ".." + to, e);
            }
        }
        throw new SQLException("pg_walinspect found no heap inserts between " + from + " and " + to + " after 5 s");
    }

    private static String scalar(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getString(1);
        }
    }

    /** The CPU's model name from /proc/cpuinfo, as run.sh reports it for the JMH runs. */
    static String cpu() {
        try (var lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("model name")).findFirst()
                    .map(l -> l.substring(l.indexOf(':') + 1).strip()).orElse("an unknown CPU");
        } catch (IOException | UncheckedIOException e) {
            return "an unknown CPU";
        }
    }

    static String markdown(List<Run> runs, List<String> ranges, List<String> walRanges, long rows, String server,
            String fullPageWrites) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Measured %s on %s (%d cores), JDK %s. ", LocalDate.now(ZoneOffset.UTC), cpu(),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version")));
        sb.append(String.format(Locale.ROOT, "%,d rows per key kind, one client, batches of %d (pgjdbc, "
                + "reWriteBatchedInserts), the median of %s; %s; full_page_writes=%s, fsync=off. "
                + "WAL per row: the heap, B-tree and commit records with their full-page images (pg_walinspect), per heap insert record; "
                + "all WAL: the pg_current_wal_lsn difference, which adds the server's background records.%n%n",
                rows, BATCH, runs.size() == 5 ? "5 runs (every kind once in every position, after a warm-up)"
                        : "4 runs (a balanced order, after a warm-up)", server.replaceAll(" on .*", ""), fullPageWrites));
        sb.append("| primary key | rows/s (median) | rows/s (all runs) | key index (median) | WAL per row (median) "
                + "| WAL per row (all runs) | all WAL (median) |\n|---|---|---|---|---|---|---|\n");
        for (int i = 0; i < runs.size(); i++) {
            Run r = runs.get(i);
            sb.append(String.format(Locale.ROOT, "| %s | %,.0f | %s | %,d B | %.3f B | %s B | %,d B |%n",
                    r.kind().label, r.rowsPerSecond(), ranges.get(i), r.indexBytes(), r.walPerRow(),
                    walRanges.get(i), r.walBytes()));
        }
        Run sno = find(runs, Kind.SNO);
        Run v7 = find(runs, Kind.UUID_V7);
        if (sno != null && v7 != null) {
            sb.append("\n| target | measured | holds |\n|---|---|---|\n");
            double rate = sno.rowsPerSecond() / v7.rowsPerSecond();
            double index = (double) sno.indexBytes() / v7.indexBytes();
            double wal = sno.walPerRow() / v7.walPerRow();
            sb.append(String.format(Locale.ROOT, "| sno insert rate >= UUIDv7's | %.2fx UUIDv7's | %s |%n",
                    rate, rate >= 1 ? "yes" : "no"));
            sb.append(String.format(Locale.ROOT, "| sno key index <= UUIDv7's | %.2fx UUIDv7's (%+,d B) | %s |%n",
                    index, sno.indexBytes() - v7.indexBytes(), index <= 1 ? "yes" : "no"));
            sb.append(String.format(Locale.ROOT, "| sno WAL per row <= UUIDv7's | %.4fx UUIDv7's (%+.3f B) | %s |%n",
                    wal, sno.walPerRow() - v7.walPerRow(), milli(sno.walPerRow()) <= milli(v7.walPerRow()) ? "yes" : "no"));
            Run serverV7 = find(runs, Kind.SERVER_UUID_V7);
            if (serverV7 != null) {
                double serverRate = sno.rowsPerSecond() / serverV7.rowsPerSecond();
                double serverIndex = (double) sno.indexBytes() / serverV7.indexBytes();
                sb.append(String.format(Locale.ROOT, "| sno insert rate >= server uuidv7()'s | %.2fx server uuidv7()'s | %s |%n",
                        serverRate, serverRate >= 1 ? "yes" : "no"));
                sb.append(String.format(Locale.ROOT, "| sno key index <= server uuidv7()'s | %.2fx server uuidv7()'s (%+,d B) | %s |%n",
                        serverIndex, sno.indexBytes() - serverV7.indexBytes(), serverIndex <= 1 ? "yes" : "no"));
            }
        }
        return sb.toString();
    }

    /**
     * Bytes per row in thousandths, the resolution shown: a difference below it is below one
     * kilobyte per million rows, less than the commit records' share moves as the few records
     * {@code pg_walinspect} leaves out of a window fall among them or among the inserts.
     */
    private static long milli(double bytesPerRow) {
        return Math.round(bytesPerRow * 1000);
    }

    private static Run find(List<Run> runs, Kind kind) {
        return runs.stream().filter(r -> r.kind() == kind).findFirst().orElse(null);
    }
}
