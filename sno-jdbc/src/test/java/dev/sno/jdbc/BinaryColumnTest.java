package dev.sno.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * IDs in {@code BINARY(16)} columns, where MariaDB keeps them in sno order (SPEC.md 10.4), bound
 * with {@link SnoJdbc#setSnoIdBinary} and {@link SnoJdbc#setSnoIdRangeBinary}: seeded random IDs
 * and the edges are read back equal by {@link SnoJdbc#getSnoId}, come back in sno order, and 20
 * time windows return exactly the IDs {@link SnoIdRange#contains} accepts. On MariaDB in strict
 * mode, {@link SnoJdbc#setSnoId} into the same column fails ({@code Data too long}): the reason
 * the binary binder exists; on MySQL 8.0, whose default sql_mode is strict, too. On H2 as well, so that tests of MariaDB apps on H2 bind the same way.
 */
class BinaryColumnTest {

    @ParameterizedTest
    @ValueSource(strings = {Databases.MARIADB, Databases.MYSQL, Databases.H2})
    void binaryImagesRoundTripInSnoOrderAndServeTimeWindows(String db) throws SQLException {
        long seed = FunctionCases.seed();
        List<SnoId> cases = FunctionCases.idsWithEdges(seed);
        // 2,000 random IDs and the 267 edges that follow them
        List<SnoId> distinct = cases.stream().skip(cases.size() - 267).collect(Collectors.toCollection(ArrayList::new));
        distinct.addAll(cases.subList(0, 2_000));
        distinct = distinct.stream().distinct().sorted().toList();
        boolean mysql = Databases.MYSQL.equals(db);
        String database = Databases.MARIADB.equals(db) ? MariaDb.createDatabase("sno_bin")
                : mysql ? MySql.createDatabase("sno_bin") : null;
        try (Connection c = database == null ? Databases.connect(db)
                : DriverManager.getConnection(mysql ? MySql.url(database) : MariaDb.url(database))) {
            try (Statement s = c.createStatement()) {
                if (Databases.MARIADB.equals(db)) {
                    s.execute("SET SESSION sql_mode = 'STRICT_ALL_TABLES'"); // MySQL 8.0's default is strict
                }
                s.execute("DROP TABLE IF EXISTS sno_binary_ids");
                s.execute("CREATE TABLE sno_binary_ids (id BINARY(16) PRIMARY KEY, note VARCHAR(8))");
            }
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO sno_binary_ids (id) VALUES (?)")) {
                for (SnoId id : distinct) {
                    SnoJdbc.setSnoIdBinary(insert, 1, id);
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            List<SnoId> read = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT id FROM sno_binary_ids ORDER BY id")) {
                while (r.next()) {
                    read.add(SnoJdbc.getSnoId(r, 1));
                }
            }
            assertEquals(distinct, read, db + ": the IDs read back in ORDER BY id, " + FunctionCases.replay(seed));

            SplittableRandom random = new SplittableRandom(seed);
            try (PreparedStatement q = c.prepareStatement("SELECT id FROM sno_binary_ids WHERE id >= ? AND id < ? ORDER BY id")) {
                for (int w = 0; w < 20; w++) {
                    SnoId a = distinct.get(random.nextInt(distinct.size()));
                    SnoId b = distinct.get(random.nextInt(distinct.size()));
                    Instant from = a.compareTo(b) <= 0 ? a.time() : b.time();
                    Instant to = a.compareTo(b) <= 0 ? b.time() : a.time();
                    SnoIdRange window = SnoIdRange.timeWindow(from, to);
                    SnoJdbc.setSnoIdRangeBinary(q, 1, window);
                    List<SnoId> found = new ArrayList<>();
                    try (ResultSet r = q.executeQuery()) {
                        while (r.next()) {
                            found.add(SnoJdbc.getSnoId(r, 1));
                        }
                    }
                    assertEquals(distinct.stream().filter(window::contains).toList(), found,
                            db + ": window " + window + ", " + FunctionCases.replay(seed));
                }
            }

            try (PreparedStatement insert = c.prepareStatement("INSERT INTO sno_binary_ids (id, note) VALUES (?, 'x')");
                    PreparedStatement nullable = c.prepareStatement("SELECT ? IS NULL")) {
                SnoJdbc.setSnoIdBinary(nullable, 1, null);
                try (ResultSet r = nullable.executeQuery()) {
                    assertTrue(r.next() && r.getBoolean(1), db + ": null binds SQL NULL");
                }
                if (database != null) {
                    SnoJdbc.setSnoId(insert, 1, SnoId.parse("29gfem22232im222"));
                    SQLException e = assertThrows(SQLException.class, insert::executeUpdate,
                            db + ": a UUID bound into BINARY(16): the driver sends 36 characters of text");
                    assertTrue(e.getMessage().contains("Data too long"), e.getMessage());
                }
            }
        } finally {
            if (mysql) {
                MySql.dropDatabase(database);
            } else if (database != null) {
                MariaDb.dropDatabase(database);
            }
        }
    }
}
