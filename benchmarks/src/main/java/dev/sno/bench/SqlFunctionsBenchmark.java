package dev.sno.bench;

import dev.sno.jdbc.SnoJdbc;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.mariadb.jdbc.MariaDbDataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The cost of sno-jdbc's SQL functions on the server, against what the database does natively
 * on as many rows: on PostgreSQL 18, {@code max(sno_time(id))} against
 * {@code max(uuid_extract_timestamp(id))} on {@code uuidv7()} keys (and {@code sno_time}'s two
 * halves, validation and arithmetic, and the PL/pgSQL {@code sno_time} it replaced); on MariaDB
 * 11.4, {@code max(sno_time(id))} on a {@code BINARY(16)} column against the same arithmetic
 * written in the query, and an empty stored function (what any call costs).
 *
 * <pre>java -cp benchmarks.jar dev.sno.bench.SqlFunctionsBenchmark PG18_URL MARIADB_URL PG_ROWS MARIADB_ROWS REPS [OUT.md]</pre>
 *
 * <p>One connection per database, serial plans (no parallel workers), queries interleaved: each
 * repetition runs every query once, starting one query further along the list than the previous
 * repetition, after one unmeasured round; each time shown is the median of the repetitions, and a
 * ratio is the ratio of two medians of the same run. {@code benchmarks/sql-functions.sh} starts
 * throwaway servers and runs this.
 */
public final class SqlFunctionsBenchmark {

    /** sno_time's arithmetic alone, as its PostgreSQL 18 body has it (no validation). */
    private static final String PG_ARITHMETIC = "(timestamp '2010-01-01 00:00:00'"
            + " + (substring(uuid_send(id) FROM 1 FOR 5)::bigint >> 1) * interval '4 milliseconds')"
            + " AT TIME ZONE interval '00:00'";

    /** sno_time's validation alone, as its body has it, with a constant for the reading. */
    private static final String PG_VALIDATION = "CASE WHEN substring(uuid_send(id) FROM 11) <> decode('000000000000', 'hex')"
            + " THEN sno_invalid(id, NULL::timestamptz) ELSE timestamptz '2010-01-01 00:00:00+00' END";

    /** The PL/pgSQL sno_time of sno-jdbc before its readers became SQL expressions, for comparison. */
    private static final String PG_BEFORE = """
            CREATE OR REPLACE FUNCTION bench_sno_time_plpgsql(u uuid) RETURNS timestamptz
            LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
            DECLARE
              b bytea := uuid_send(u);
              units bigint;
            BEGIN
              IF substring(b FROM 11 FOR 6) <> decode('000000000000', 'hex') THEN
                RAISE EXCEPTION 'Invalid sno ID UUID: % (bytes 10..15 must be zero in the image of a sno ID)', u
                  USING ERRCODE = '22023';
              END IF;
              units := (get_byte(b, 0)::bigint << 31) | (get_byte(b, 1)::bigint << 23) | (get_byte(b, 2)::bigint << 15)
                     | (get_byte(b, 3)::bigint << 7) | (get_byte(b, 4)::bigint >> 1);
              RETURN timestamptz '2010-01-01 00:00:00+00' + units * interval '4 milliseconds';
            END
            $fn$""";

    /** sno_time's arithmetic on MariaDB, written in the query. */
    private static final String MARIADB_ARITHMETIC = "TIMESTAMPADD(MICROSECOND,"
            + " (CAST(CONV(HEX(LEFT(id, 5)), 16, 10) AS UNSIGNED) >> 1) * 4000, TIMESTAMP'2010-01-01 00:00:00')";

    /** The MariaDB sno_time before this change: it called sno_bytes, which checked the UUID text form first. */
    private static final String[] MARIADB_BEFORE = {"""
            CREATE OR REPLACE FUNCTION bench_before_bytes(u VARBINARY(255)) RETURNS BINARY(10)
            DETERMINISTIC NO SQL
            BEGIN
              IF u IS NULL THEN
                RETURN NULL;
              END IF;
              IF LENGTH(u) = 36 AND u REGEXP '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN
                SET u = UNHEX(REPLACE(u, '-', ''));
              END IF;
              IF LENGTH(u) <> 16 OR SUBSTR(u, 11) <> x'000000000000' THEN
                SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = 'not a sno image';
              END IF;
              RETURN LEFT(u, 10);
            END""", """
            CREATE OR REPLACE FUNCTION bench_before_time(u VARBINARY(255)) RETURNS DATETIME(3)
            DETERMINISTIC NO SQL
            BEGIN
              DECLARE b BINARY(10) DEFAULT bench_before_bytes(u);
              DECLARE units BIGINT UNSIGNED DEFAULT (CAST(CONV(HEX(LEFT(b, 5)), 16, 10) AS UNSIGNED) >> 1);
              RETURN TIMESTAMPADD(MICROSECOND, units * 4000, TIMESTAMP'2010-01-01 00:00:00');
            END""", """
            CREATE OR REPLACE FUNCTION bench_empty(u VARBINARY(255)) RETURNS INT
            DETERMINISTIC NO SQL
            RETURN 1"""};

    private SqlFunctionsBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 5) {
            System.err.println("usage: SqlFunctionsBenchmark PG18_URL MARIADB_URL PG_ROWS MARIADB_ROWS REPS [OUT.md]");
            System.exit(2);
        }
        long pgRows = Long.parseLong(args[2]);
        long mariaRows = Long.parseLong(args[3]);
        int reps = Integer.parseInt(args[4]);
        StringBuilder md = new StringBuilder("# sno-jdbc's SQL functions on the server\n\n"
                + "`benchmarks/sql-functions.sh`: each database on its own throwaway server, on the machine that runs it"
                + " (times spread when other work shares it; ratios come from medians of the same run).\n\n");
        md.append(postgres(args[0], pgRows, reps));
        md.append(mariadb(args[1], mariaRows, reps));
        System.out.print(md);
        if (args.length > 5) {
            Files.writeString(Path.of(args[5]), md, StandardCharsets.UTF_8);
        }
    }

    private static String postgres(String url, long rows, int reps) throws SQLException {
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setURL(url);
        SnoJdbc.installFunctions(dataSource);
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            String version = scalar(s, "SHOW server_version");
            s.execute("SET max_parallel_workers_per_gather = 0");
            s.execute(PG_BEFORE);
            s.execute("DROP TABLE IF EXISTS read_sno, read_v7");
            // sno keys one 4 ms unit apart (sno_lower), with bytes 5..8 (metabyte, partition, half
            // the sequence) from a hash of the row number; uuidv7() keys.
            s.execute("CREATE TABLE read_sno AS SELECT encode(overlay(uuid_send(sno_lower(timestamptz '2026-11-25 18:00:00+00'"
                    + " + i * interval '4 milliseconds')) PLACING int4send(hashint4(i)) FROM 6 FOR 4), 'hex')::uuid AS id"
                    + " FROM generate_series(1, " + rows + ") i");
            s.execute("CREATE TABLE read_v7 AS SELECT uuidv7() AS id FROM generate_series(1, " + rows + ")");
            s.execute("VACUUM ANALYZE read_sno");
            s.execute("VACUUM ANALYZE read_v7");
            Map<String, String> queries = new LinkedHashMap<>();
            queries.put("`count(id)` (the scan alone)", "SELECT count(id) FROM read_sno");
            queries.put("`max(uuid_extract_timestamp(id))` on `uuidv7()` keys", "SELECT max(uuid_extract_timestamp(id)) FROM read_v7");
            queries.put("`max(sno_time(id))` on sno keys", "SELECT max(sno_time(id)) FROM read_sno");
            queries.put("sno_time's arithmetic alone", "SELECT max(" + PG_ARITHMETIC + ") FROM read_sno");
            queries.put("sno_time's validation alone", "SELECT max(" + PG_VALIDATION + ") FROM read_sno");
            queries.put("the PL/pgSQL `sno_time` it replaced", "SELECT max(bench_sno_time_plpgsql(id)) FROM read_sno");
            queries.put("`max(uuid_extract_version(id))` on `uuidv7()` keys", "SELECT max(uuid_extract_version(id)) FROM read_v7");
            queries.put("`max(sno_meta(id))` on sno keys", "SELECT max(sno_meta(id)) FROM read_sno");
            queries.put("`max(sno_sequence(id))` on sno keys", "SELECT max(sno_sequence(id)) FROM read_sno");
            queries.put("`count(*) FILTER (WHERE sno_is_valid(id))` on sno keys",
                    "SELECT count(*) FILTER (WHERE sno_is_valid(id)) FROM read_sno");
            queries.put("`max(sno_text(id))` on sno keys (PL/pgSQL)", "SELECT max(sno_text(id)) FROM read_sno");
            Map<String, double[]> times = interleaved(s, queries, reps);
            s.execute("DROP TABLE read_sno, read_v7");
            s.execute("DROP FUNCTION bench_sno_time_plpgsql(uuid)");

            List<String> labels = new ArrayList<>(queries.keySet());
            double nativeTime = median(times.get(labels.get(1)));
            double snoTime = median(times.get(labels.get(2)));
            double scan = median(times.get(labels.get(0)));
            StringBuilder sb = new StringBuilder();
            sb.append(String.format(Locale.ROOT, "PostgreSQL %s, %,d rows per table, one backend (no parallel workers),"
                    + " the median of %d interleaved repetitions (after one unmeasured round).%n%n", version(version), rows, reps));
            table(sb, labels, times, rows, nativeTime, "`uuid_extract_timestamp`");
            double ratio = snoTime / nativeTime;
            sb.append(String.format(Locale.ROOT, "%n| target | measured | holds |%n|---|---|---|%n"
                    + "| `sno_time` <= 2x `uuid_extract_timestamp` (PostgreSQL) | %.2fx | %s |%n",
                    ratio, ratio <= 2.0 ? "yes" : "no"));
            sb.append(String.format(Locale.ROOT, "%nBeyond the scan, per row: `uuid_extract_timestamp` %.0f ns,"
                    + " `sno_time` %.0f ns (its validation alone %.0f ns, its arithmetic alone %.0f ns).%n",
                    (nativeTime - scan) * 1e9 / rows, (snoTime - scan) * 1e9 / rows,
                    (median(times.get(labels.get(4))) - scan) * 1e9 / rows,
                    (median(times.get(labels.get(3))) - scan) * 1e9 / rows));
            return sb.toString();
        }
    }

    private static String version(String v) {
        return v.split(" ")[0];
    }

    private static String mariadb(String url, long rows, int reps) throws SQLException {
        MariaDbDataSource dataSource = new MariaDbDataSource(url);
        SnoJdbc.installFunctions(dataSource);
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            String version = scalar(s, "SELECT VERSION()");
            for (String sql : MARIADB_BEFORE) {
                s.execute(sql);
            }
            s.execute("DROP TABLE IF EXISTS read_sno");
            s.execute("CREATE TABLE read_sno (id BINARY(16) NOT NULL)");
            // One 4 ms unit apart, a payload that changes from row to row; seq_1_to_N is MariaDB's
            // sequence engine.
            s.execute("INSERT INTO read_sno SELECT UNHEX(CONCAT(LPAD(HEX(((" + unitsOf("2026-11-25 18:00:00")
                    + " + seq) << 1) | (seq & 1)), 10, '0'), LPAD(HEX((seq * 2654435761) & 0xFFFFFFFFFF), 10, '0'),"
                    + " '000000000000')) FROM seq_1_to_" + rows);
            s.execute("ANALYZE TABLE read_sno");
            Map<String, String> queries = new LinkedHashMap<>();
            queries.put("`count(id)` (the scan alone)", "SELECT count(id) FROM read_sno");
            queries.put("`sno_time`'s arithmetic written in the query", "SELECT max(" + MARIADB_ARITHMETIC + ") FROM read_sno");
            queries.put("`max(sno_time(id))`", "SELECT max(sno_time(id)) FROM read_sno");
            queries.put("an empty stored function, `max(f(id))`", "SELECT max(bench_empty(id)) FROM read_sno");
            queries.put("the `sno_time` it replaced (calling `sno_bytes`)", "SELECT max(bench_before_time(id)) FROM read_sno");
            queries.put("`ASCII(SUBSTR(id, 6, 1))` in the query", "SELECT max(ASCII(SUBSTR(id, 6, 1))) FROM read_sno");
            queries.put("`max(sno_meta(id))`", "SELECT max(sno_meta(id)) FROM read_sno");
            queries.put("`max(sno_text(id))`", "SELECT max(sno_text(id)) FROM read_sno");
            Map<String, double[]> times = interleaved(s, queries, reps);
            s.execute("DROP TABLE read_sno");
            for (String f : List.of("bench_before_time", "bench_before_bytes", "bench_empty")) {
                s.execute("DROP FUNCTION " + f);
            }
            List<String> labels = new ArrayList<>(queries.keySet());
            double inline = median(times.get(labels.get(1)));
            StringBuilder sb = new StringBuilder();
            sb.append(String.format(Locale.ROOT, "%nMariaDB %s, %,d rows (`BINARY(16)`), one connection, the median of %d"
                    + " interleaved repetitions (after one unmeasured round). MariaDB does not inline stored functions:"
                    + " the comparison is the same arithmetic written in the query.%n%n", version.split("-")[0], rows, reps));
            table(sb, labels, times, rows, inline, "the arithmetic in the query");
            return sb.toString();
        }
    }

    /** The sno time units (4 ms since 2010-01-01 UTC) of a UTC time, as SQL. */
    private static String unitsOf(String utc) {
        return "(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'2010-01-01 00:00:00', TIMESTAMP'" + utc + "') DIV 4000)";
    }

    private static void table(StringBuilder sb, List<String> labels, Map<String, double[]> times, long rows,
            double reference, String referenceName) {
        sb.append("| query | median | per row | all runs | vs " + referenceName + " |\n|---|---|---|---|---|\n");
        for (String label : labels) {
            double[] t = times.get(label);
            double m = median(t);
            double[] sorted = t.clone();
            Arrays.sort(sorted);
            sb.append(String.format(Locale.ROOT, "| %s | %.1f ms | %.0f ns | %.1f-%.1f ms | %.2fx |%n", label, m * 1e3,
                    m * 1e9 / rows, sorted[0] * 1e3, sorted[sorted.length - 1] * 1e3, m / reference));
        }
    }

    /**
     * Runs every query reps times, interleaved (repetition r starts at query r), after one
     * unmeasured round; the seconds of each run by query.
     */
    private static Map<String, double[]> interleaved(Statement s, Map<String, String> queries, int reps)
            throws SQLException {
        List<String> labels = new ArrayList<>(queries.keySet());
        for (String label : labels) {
            s.executeQuery(queries.get(label)).close();
        }
        Map<String, double[]> times = new LinkedHashMap<>();
        for (String label : labels) {
            times.put(label, new double[reps]);
        }
        for (int r = 0; r < reps; r++) {
            for (int k = 0; k < labels.size(); k++) {
                String label = labels.get((r + k) % labels.size());
                long t0 = System.nanoTime();
                s.executeQuery(queries.get(label)).close();
                times.get(label)[r] = (System.nanoTime() - t0) / 1e9;
            }
        }
        return times;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static String scalar(Statement s, String sql) throws SQLException {
        try (var rows = s.executeQuery(sql)) {
            rows.next();
            return rows.getString(1);
        }
    }
}
