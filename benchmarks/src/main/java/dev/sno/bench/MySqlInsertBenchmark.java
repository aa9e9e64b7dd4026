package dev.sno.bench;

import com.github.f4b6a3.uuid.UuidCreator;
import dev.sno.SnoGenerator;
import dev.sno.jdbc.SnoJdbc;
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
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * Inserts on MySQL 8 with three InnoDB primary keys: sno as {@code BINARY(16)} (its 16-byte
 * image, the ID's 10 bytes and six zero bytes, bound by {@link SnoJdbc#setSnoIdBinary}: sno
 * order), uuid-creator's UUIDv7 as {@code BINARY(16)} (its 16 bytes as they are, unswapped) and
 * {@code BIGINT AUTO_INCREMENT} (the server makes the key; the client sends none). One table per
 * kind, one client, batched inserts (MySQL Connector/J with {@code rewriteBatchedStatements=true},
 * so that a batch goes as multi-row {@code INSERT}s); reports rows per second and the table's
 * size after {@code ANALYZE TABLE}: {@code data_length + index_length} from
 * {@code information_schema.TABLES}, where {@code data_length} is the primary key's B-tree (InnoDB
 * keeps the rows in it) and {@code index_length} the secondary indexes (none here).
 *
 * <pre>java -cp benchmarks.jar dev.sno.bench.MySqlInsertBenchmark JDBC_URL ROWS [OUT.md [COMMAND]]</pre>
 *
 * <p>Before each run: a fresh table, and the buffer pool's dirty pages written out, so that no run
 * pays for the one before. Keys are made inside the timed loop, as an application would. Each
 * kind runs once unmeasured (up to 100,000 rows: JIT, driver, server), then six times, in the
 * rounds of {@link #ORDER}; rate and size shown are each the median of the six (the mean of the
 * middle two). {@code benchmarks/mysql-insert.sh} starts a throwaway server and runs this.
 */
public final class MySqlInsertBenchmark {

    private static final int BATCH = 1000;

    /**
     * The order of the three kinds in each round: a balanced Latin square for an odd number of
     * kinds (Williams design: a cyclic square and its mirror), so that every kind runs twice in
     * every position and right after every other kind exactly twice.
     */
    static final int[][] ORDER = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}, {0, 2, 1}, {1, 0, 2}};

    /** How long a wait for the buffer pool's dirty pages to be written may take. */
    private static final long FLUSH_TIMEOUT_NANOS = 60_000_000_000L;

    private MySqlInsertBenchmark() {
    }

    /** One key kind: its column and where its keys come from. */
    enum Kind {
        SNO("sno, BINARY(16) (setSnoIdBinary)", "BINARY(16) NOT NULL"),
        UUID_V7("uuid-creator UUIDv7, BINARY(16)", "BINARY(16) NOT NULL"),
        AUTO_INCREMENT("BIGINT AUTO_INCREMENT (server)", "BIGINT NOT NULL AUTO_INCREMENT");

        final String label;
        final String sqlType;

        Kind(String label, String sqlType) {
            this.label = label;
            this.sqlType = sqlType;
        }
    }

    /** What one run of one kind measured; several runs' medians are summed into one too. */
    record Run(Kind kind, long rows, double seconds, long tableBytes) {
        double rowsPerSecond() {
            return rows / seconds;
        }
    }

    /**
     * Runs the benchmark.
     *
     * @param args  JDBC URL, number of rows per run, optional markdown output, optional command
     *     line to name in it
     * @throws Exception if the database or a file fails
     */
    public static void main(String[] args) throws Exception {
        long start = System.nanoTime();
        String url = args[0];
        long rows = Long.parseLong(args[1]);
        String command = args.length > 3 ? args[3] : "java -cp benchmarks/target/benchmarks.jar "
                + MySqlInsertBenchmark.class.getName() + " JDBC_URL " + rows;
        try (Connection c = DriverManager.getConnection(url + (url.contains("?") ? "&" : "?")
                + "rewriteBatchedStatements=true")) {
            String settings = settings(c);
            Kind[] kinds = Kind.values();
            for (Kind kind : kinds) {
                run(c, kind, Math.min(rows, 100_000));   // warm-up: JIT, driver, server caches; not shown
            }
            List<Run> runs = new ArrayList<>();
            for (int[] round : ORDER) {
                for (int k : round) {
                    Run r = run(c, kinds[k], rows);
                    System.out.printf(Locale.ROOT, "%-32s %,12.0f rows/s  table %,13d B%n", r.kind().label,
                            r.rowsPerSecond(), r.tableBytes());
                    runs.add(r);
                }
            }
            List<Run> medians = new ArrayList<>();
            List<String> ranges = new ArrayList<>();
            for (Kind kind : kinds) {
                List<Run> mine = new ArrayList<>(runs.stream().filter(r -> r.kind() == kind).toList());
                mine.sort((a, b) -> Double.compare(a.rowsPerSecond(), b.rowsPerSecond()));
                int lo = (mine.size() - 1) / 2;
                int hi = mine.size() / 2;
                long[] sizes = mine.stream().mapToLong(Run::tableBytes).sorted().toArray();
                medians.add(new Run(kind, mine.get(lo).rows() + mine.get(hi).rows(),
                        mine.get(lo).seconds() + mine.get(hi).seconds(), (sizes[lo] + sizes[hi]) / 2));
                ranges.add(String.format(Locale.ROOT, "%,.0f-%,.0f", mine.get(0).rowsPerSecond(),
                        mine.get(mine.size() - 1).rowsPerSecond()));
            }
            String driver = c.getMetaData().getDriverVersion().replaceFirst(" \\(Revision.*", "");
            String md = markdown(medians, ranges, rows, settings, driver, command);
            System.out.print(md);
            if (args.length > 2) {
                Files.writeString(Path.of(args[2]), md, StandardCharsets.UTF_8);
            }
            System.out.printf(Locale.ROOT, "%nThe benchmark took %.0f s.%n", (System.nanoTime() - start) / 1e9);
        }
    }

    private static Run run(Connection c, Kind kind, long rows) throws SQLException {
        String table = "bench_" + kind.name().toLowerCase(Locale.ROOT);
        c.setAutoCommit(true);
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + table);
            s.execute("CREATE TABLE " + table + " (id " + kind.sqlType + " PRIMARY KEY, n BIGINT NOT NULL) ENGINE=InnoDB");
        }
        flushDirtyPages(c);
        long statements0 = insertStatements(c);
        SnoGenerator sno = SnoGenerator.builder().partition(1).build();
        boolean server = kind == Kind.AUTO_INCREMENT;
        c.setAutoCommit(false);
        long t0 = System.nanoTime();
        try (PreparedStatement p = c.prepareStatement(server ? "INSERT INTO " + table + " (n) VALUES (?)"
                : "INSERT INTO " + table + " (id, n) VALUES (?, ?)")) {
            for (long n = 0; n < rows; n++) {
                switch (kind) {
                    case SNO -> SnoJdbc.setSnoIdBinary(p, 1, sno.next(1));
                    case UUID_V7 -> p.setBytes(1, bytes(UuidCreator.getTimeOrderedEpoch()));
                    case AUTO_INCREMENT -> { }
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
        long statements = insertStatements(c) - statements0;
        // Without the rewrite every row is a statement of its own: that is not what is measured.
        if (statements * 2 > rows) {
            throw new SQLException(rows + " rows took " + statements + " INSERT statements: the driver did not"
                    + " rewrite the batches (rewriteBatchedStatements=true)");
        }
        long count = Long.parseLong(scalar(c, "SELECT COUNT(*) FROM " + table));
        if (count != rows) {
            throw new SQLException(table + " holds " + count + " rows, not the " + rows + " inserted");
        }
        long size = tableBytes(c, table);
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE " + table);
        }
        return new Run(kind, rows, seconds, size);
    }

    /** The 16 bytes of a UUID in its own order (most significant first), as UUID_TO_BIN(u, 0) makes them. */
    static byte[] bytes(UUID u) {
        byte[] b = new byte[16];
        long msb = u.getMostSignificantBits();
        long lsb = u.getLeastSignificantBits();
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (msb >>> (56 - 8 * i));
            b[8 + i] = (byte) (lsb >>> (56 - 8 * i));
        }
        return b;
    }

    /**
     * The table's size as the server reports it: {@code data_length + index_length} after
     * {@code ANALYZE TABLE}, read with {@code information_schema_stats_expiry = 0} (MySQL 8 keeps
     * the figures for a day otherwise).
     */
    private static long tableBytes(Connection c, String table) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SET SESSION information_schema_stats_expiry = 0");
            try (ResultSet r = s.executeQuery("ANALYZE TABLE " + table)) {
                while (r.next()) {
                    if (!"OK".equals(r.getString("Msg_text")) && "status".equals(r.getString("Msg_type"))) {
                        throw new SQLException("ANALYZE TABLE " + table + ": " + r.getString("Msg_text"));
                    }
                }
            }
        }
        try (PreparedStatement p = c.prepareStatement("SELECT data_length + index_length FROM information_schema.TABLES"
                + " WHERE table_schema = DATABASE() AND table_name = ?")) {
            p.setString(1, table);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    throw new SQLException("information_schema.TABLES has no row for " + table);
                }
                return r.getLong(1);
            }
        }
    }

    /**
     * Has InnoDB write every dirty page of its buffer pool (the MySQL counterpart of PostgreSQL's
     * CHECKPOINT before each run): {@code innodb_max_dirty_pages_pct} at 0 until
     * {@code Innodb_buffer_pool_pages_dirty} reads 0, then back to what it was. Meanwhile
     * {@code innodb_io_capacity} and {@code innodb_io_capacity_max} are raised (at their defaults,
     * 200 and 2,000, the wait took about 2 s between two runs of 200,000 rows on the 2-core test
     * machine; raised, under 1 s); they too go back before the run.
     */
    private static void flushDirtyPages(Connection c) throws SQLException {
        String pct = scalar(c, "SELECT @@GLOBAL.innodb_max_dirty_pages_pct");
        String io = scalar(c, "SELECT @@GLOBAL.innodb_io_capacity");
        String ioMax = scalar(c, "SELECT @@GLOBAL.innodb_io_capacity_max");
        try (Statement s = c.createStatement()) {
            s.execute("SET GLOBAL innodb_io_capacity_max = 100000");
            s.execute("SET GLOBAL innodb_io_capacity = 100000");
            s.execute("SET GLOBAL innodb_max_dirty_pages_pct = 0");
            long deadline = System.nanoTime() + FLUSH_TIMEOUT_NANOS;
            while (status(c, "Innodb_buffer_pool_pages_dirty") > 0) {
                if (System.nanoTime() - deadline > 0) {
                    throw new SQLException("InnoDB still has " + status(c, "Innodb_buffer_pool_pages_dirty")
                            + " dirty pages after 60 s with innodb_max_dirty_pages_pct = 0");
                }
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while InnoDB wrote its dirty pages", e);
        } finally {
            try (Statement s = c.createStatement()) {
                s.execute("SET GLOBAL innodb_max_dirty_pages_pct = " + Double.parseDouble(pct));
                s.execute("SET GLOBAL innodb_io_capacity = " + Long.parseLong(io));
                s.execute("SET GLOBAL innodb_io_capacity_max = " + Long.parseLong(ioMax));
            }
        }
    }

    /** This session's INSERT statements so far (the server's Com_insert). */
    private static long insertStatements(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SHOW SESSION STATUS LIKE 'Com_insert'")) {
            r.next();
            return r.getLong(2);
        }
    }

    private static long status(Connection c, String name) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SHOW GLOBAL STATUS LIKE '" + name + "'")) {
            if (!r.next()) {
                throw new SQLException("the server has no status variable " + name);
            }
            return r.getLong(2);
        }
    }

    private static String scalar(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getString(1);
        }
    }

    /** The server's version and the settings that bear on inserts, as the server reports them. */
    private static String settings(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT @@version, @@version_comment,"
                + " @@innodb_buffer_pool_size, @@innodb_flush_log_at_trx_commit, @@log_bin, @@sync_binlog,"
                + " @@innodb_doublewrite, @@innodb_redo_log_capacity, @@innodb_page_size, @@transaction_isolation")) {
            r.next();
            return String.format(Locale.ROOT, "MySQL %s (%s): innodb_buffer_pool_size=%dM, innodb_flush_log_at_trx_commit=%s,"
                    + " log_bin=%s%s, innodb_doublewrite=%s, innodb_redo_log_capacity=%dM, innodb_page_size=%d,"
                    + " transaction_isolation=%s", r.getString(1), r.getString(2), r.getLong(3) >> 20, r.getString(4),
                    r.getInt(5) == 1 ? "ON" : "OFF", r.getInt(5) == 1 ? " (sync_binlog=" + r.getString(6) + ")" : "",
                    r.getString(7), r.getLong(8) >> 20, r.getInt(9), r.getString(10));
        }
    }

    static String markdown(List<Run> runs, List<String> ranges, long rows, String settings, String driver,
            String command) {
        StringBuilder sb = new StringBuilder();
        sb.append("# Inserts on MySQL 8: sno, UUIDv7 and AUTO_INCREMENT primary keys\n\n");
        sb.append(String.format(Locale.ROOT, "Measured %s on %s (%d cores), JDK %s, with `%s`.%n%n",
                LocalDate.now(ZoneOffset.UTC), PgInsertBenchmark.cpu(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), command));
        sb.append(String.format(Locale.ROOT, "Server: %s; a throwaway server (scripts/mysql-test-server.sh).%n%n", settings));
        sb.append(String.format(Locale.ROOT, "%,d rows per run, InnoDB tables `(id <key> PRIMARY KEY, n BIGINT NOT NULL)`,"
                + " one client, batches of %d committed one by one (%s, rewriteBatchedStatements=true), keys made in the"
                + " timed loop; a fresh table and a clean buffer pool before each run; the median of 6 runs per kind (each"
                + " kind twice in every position, after a warm-up). Table: data_length + index_length from"
                + " information_schema.TABLES after ANALYZE TABLE (InnoDB keeps the rows in the primary key's B-tree; there"
                + " is no secondary index).%n%n", rows, BATCH, driver));
        sb.append("| primary key | rows/s (median) | rows/s (all runs) | table (median) | bytes per row |\n"
                + "|---|---|---|---|---|\n");
        for (int i = 0; i < runs.size(); i++) {
            Run r = runs.get(i);
            sb.append(String.format(Locale.ROOT, "| %s | %,.0f | %s | %,d B | %.1f |%n", r.kind().label, r.rowsPerSecond(),
                    ranges.get(i), r.tableBytes(), (double) r.tableBytes() / rows));
        }
        Run sno = find(runs, Kind.SNO);
        Run v7 = find(runs, Kind.UUID_V7);
        Run auto = find(runs, Kind.AUTO_INCREMENT);
        double rate = sno.rowsPerSecond() / v7.rowsPerSecond();
        double size = (double) sno.tableBytes() / v7.tableBytes();
        double autoRate = sno.rowsPerSecond() / auto.rowsPerSecond();
        double autoSize = (double) sno.tableBytes() / auto.tableBytes();
        sb.append("\n| target | measured | holds |\n|---|---|---|\n");
        sb.append(String.format(Locale.ROOT, "| sno insert rate >= UUIDv7's | %.2fx UUIDv7's | %s |%n",
                rate, rate >= 1 ? "yes" : "no"));
        sb.append(String.format(Locale.ROOT, "| sno table <= UUIDv7's | %.2fx UUIDv7's (%+,d B) | %s |%n",
                size, sno.tableBytes() - v7.tableBytes(), size <= 1 ? "yes" : "no"));
        sb.append(String.format(Locale.ROOT, "| sno insert rate against AUTO_INCREMENT's (no target: the server makes"
                + " that key, 8 bytes) | %.2fx AUTO_INCREMENT's | - |%n", autoRate));
        sb.append(String.format(Locale.ROOT, "| sno table against AUTO_INCREMENT's (no target) | %.2fx AUTO_INCREMENT's"
                + " (%+,d B) | - |%n", autoSize, sno.tableBytes() - auto.tableBytes()));
        return sb.toString();
    }

    private static Run find(List<Run> runs, Kind kind) {
        return runs.stream().filter(r -> r.kind() == kind).findFirst().orElseThrow();
    }
}
