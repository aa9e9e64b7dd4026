package dev.sno.bench;

import com.github.f4b6a3.tsid.TsidCreator;
import com.github.f4b6a3.uuid.UuidCreator;
import dev.sno.SnoGenerator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * The database side: inserts rows into PostgreSQL with primary keys from sno (its UUID image),
 * {@code UUID.randomUUID()}, uuid-creator's UUIDv7 and tsid-creator's TSID (a bigint), one table
 * per kind, one client, batched inserts; reports rows per second, the size of the key's index
 * ({@code pg_relation_size}) and the WAL written ({@code pg_current_wal_lsn} difference).
 *
 * <pre>java -cp benchmarks.jar dev.sno.bench.PgInsertBenchmark JDBC_URL ROWS [OUT.md [README.md]]</pre>
 *
 * <p>Before each kind: a fresh table and a {@code CHECKPOINT}, so that every kind pays for its
 * own full-page images. Keys are made inside the timed loop, as an application would. Each key
 * kind runs twice, in alternating order (sno first, then last), and the faster of its two runs
 * is reported; index size and WAL are the same in both runs up to a few pages.
 * {@code benchmarks/pg-insert.sh} starts a throwaway server and runs this.
 */
public final class PgInsertBenchmark {

    private static final int BATCH = 1000;

    private PgInsertBenchmark() {
    }

    /** One key kind: its column type and where its keys come from. */
    private enum Kind {
        SNO("sno (UUID image)", "uuid"),
        UUID_V7("uuid-creator UUIDv7", "uuid"),
        UUID_RANDOM("UUID.randomUUID()", "uuid"),
        TSID("tsid-creator TSID", "bigint");

        final String label;
        final String sqlType;

        Kind(String label, String sqlType) {
            this.label = label;
            this.sqlType = sqlType;
        }
    }

    /** What one run of one kind measured. */
    record Run(Kind kind, long rows, double seconds, long indexBytes, long walBytes) {
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
        try (Connection c = DriverManager.getConnection(url + (url.contains("?") ? "&" : "?")
                + "reWriteBatchedInserts=true")) {
            String server = scalar(c, "SELECT version()");
            String fpw = scalar(c, "SHOW full_page_writes");
            List<Run> runs = new ArrayList<>();
            Kind[] kinds = Kind.values();
            for (int round = 0; round < 2; round++) {
                for (int k = 0; k < kinds.length; k++) {
                    Kind kind = kinds[round == 0 ? k : kinds.length - 1 - k];
                    Run r = run(c, kind, rows);
                    System.out.printf(Locale.ROOT, "%-22s %,12.0f rows/s  index %,13d B  WAL %,14d B%n",
                            kind.label, r.rowsPerSecond(), r.indexBytes(), r.walBytes());
                    runs.add(r);
                }
            }
            for (Kind kind : kinds) {
                runs.stream().filter(r -> r.kind() == kind)
                        .max((a, b) -> Double.compare(a.rowsPerSecond(), b.rowsPerSecond()))
                        .ifPresent(best::add);
            }
            String md = markdown(best, rows, server, fpw);
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
            s.execute("CREATE TABLE " + table + " (id " + kind.sqlType + " PRIMARY KEY, n bigint NOT NULL)");
            s.execute("CHECKPOINT");
        }
        String lsn0 = scalar(c, "SELECT pg_current_wal_lsn()");
        SnoGenerator sno = SnoGenerator.builder().partition(1).build();
        c.setAutoCommit(false);
        long t0 = System.nanoTime();
        try (PreparedStatement p = c.prepareStatement("INSERT INTO " + table + " (id, n) VALUES (?, ?)")) {
            for (long n = 0; n < rows; n++) {
                switch (kind) {
                    case SNO -> p.setObject(1, sno.next(1).toUuid());
                    case UUID_V7 -> p.setObject(1, UuidCreator.getTimeOrderedEpoch());
                    case UUID_RANDOM -> p.setObject(1, UUID.randomUUID());
                    case TSID -> p.setLong(1, TsidCreator.getTsid().toLong());
                    default -> throw new AssertionError(kind);
                }
                p.setLong(2, n);
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
        long wal = Long.parseLong(scalar(c, "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '" + lsn0 + "')::bigint"));
        long index = Long.parseLong(scalar(c, "SELECT pg_relation_size('" + table + "_pkey')"));
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE " + table);
        }
        return new Run(kind, rows, seconds, index, wal);
    }

    private static String scalar(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getString(1);
        }
    }

    static String markdown(List<Run> runs, long rows, String server, String fullPageWrites) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%,d rows per key kind, one client, batches of %d (pgjdbc, "
                + "reWriteBatchedInserts), the faster of two runs; %s; full_page_writes=%s, fsync=off.%n%n",
                rows, BATCH, server.replaceAll(" on .*", ""), fullPageWrites));
        sb.append("| primary key | rows/s | key index (pg_relation_size) | WAL bytes |\n|---|---|---|---|\n");
        for (Run r : runs) {
            sb.append(String.format(Locale.ROOT, "| %s | %,.0f | %,d B | %,d B |%n",
                    r.kind().label, r.rowsPerSecond(), r.indexBytes(), r.walBytes()));
        }
        Run sno = find(runs, Kind.SNO);
        Run v7 = find(runs, Kind.UUID_V7);
        if (sno != null && v7 != null) {
            sb.append("\n| target | measured | holds |\n|---|---|---|\n");
            double rate = sno.rowsPerSecond() / v7.rowsPerSecond();
            double index = (double) sno.indexBytes() / v7.indexBytes();
            double wal = (double) sno.walBytes() / v7.walBytes();
            sb.append(String.format(Locale.ROOT, "| sno insert rate >= UUIDv7's | %.2fx UUIDv7's | %s |%n",
                    rate, rate >= 1 ? "yes" : "no"));
            sb.append(String.format(Locale.ROOT, "| sno key index <= UUIDv7's | %.2fx UUIDv7's | %s |%n",
                    index, index <= 1 ? "yes" : "no"));
            sb.append(String.format(Locale.ROOT, "| sno WAL <= UUIDv7's | %.2fx UUIDv7's | %s |%n",
                    wal, wal <= 1 ? "yes" : "no"));
        }
        return sb.toString();
    }

    private static Run find(List<Run> runs, Kind kind) {
        return runs.stream().filter(r -> r.kind() == kind).findFirst().orElse(null);
    }
}
