package dev.sno.bench;

import dev.sno.jdbc.SnoJdbc;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Part of {@link PgInsertBenchmark} on PostgreSQL 18: the cost of reading the time out of keys on
 * the server, {@code sno_time(id)} (sno-jdbc's functions) on sno keys against the
 * built-in {@code uuid_extract_timestamp(id)} on {@code uuidv7()} keys, over the same number of
 * rows, serially (no parallel workers), each the best of three after a warm-up scan.
 * {@link SqlFunctionsBenchmark} measures the SQL functions in more detail, interleaved.
 */
final class ReadTimes {

    private ReadTimes() {
    }

    /**
     * Times the two functions over rows rows each.
     *
     * @param url   the JDBC URL of a PostgreSQL 18 server
     * @param rows  rows per table
     * @return a markdown section with the times
     * @throws SQLException if the database fails
     */
    static String measure(String url, long rows) throws SQLException {
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setURL(url);
        SnoJdbc.installFunctions(dataSource);
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("SET max_parallel_workers_per_gather = 0");
            s.execute("DROP TABLE IF EXISTS read_sno, read_v7");
            // sno keys one 4 ms unit apart (sno_lower of consecutive units), uuidv7() keys.
            s.execute("CREATE TABLE read_sno AS SELECT sno_lower(timestamptz '2026-11-25 18:00:00+00'"
                    + " + i * interval '4 milliseconds') AS id FROM generate_series(1, " + rows + ") i");
            s.execute("CREATE TABLE read_v7 AS SELECT uuidv7() AS id FROM generate_series(1, " + rows + ")");
            s.execute("VACUUM ANALYZE read_sno");
            s.execute("VACUUM ANALYZE read_v7");
            double scan = best(s, "SELECT count(id) FROM read_sno");
            double sno = best(s, "SELECT max(sno_time(id)) FROM read_sno");
            double extracted = best(s, "SELECT max(uuid_extract_timestamp(id)) FROM read_v7");
            s.execute("DROP TABLE read_sno, read_v7");
            StringBuilder sb = new StringBuilder();
            sb.append(String.format(Locale.ROOT, "%nReading the time on the server, %,d rows, one backend, best of 3:%n%n", rows));
            sb.append("| query | time | per row |\n|---|---|---|\n");
            row(sb, "`count(id)` (the scan alone)", scan, rows);
            row(sb, "`max(uuid_extract_timestamp(id))` on `uuidv7()` keys", extracted, rows);
            row(sb, "`max(sno_time(id))` on sno keys", sno, rows);
            return sb.toString();
        }
    }

    private static void row(StringBuilder sb, String label, double seconds, long rows) {
        sb.append(String.format(Locale.ROOT, "| %s | %.0f ms | %.0f ns |%n", label, seconds * 1e3, seconds * 1e9 / rows));
    }

    /** The fastest of three runs of sql, after one unmeasured run. */
    private static double best(Statement s, String sql) throws SQLException {
        s.executeQuery(sql).close();
        double best = Double.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long t0 = System.nanoTime();
            s.executeQuery(sql).close();
            best = Math.min(best, (System.nanoTime() - t0) / 1e9);
        }
        return best;
    }
}
