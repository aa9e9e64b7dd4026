package dev.sno.jdbc.lease;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.StateStoreException;
import dev.sno.lease.LeaseListener;
import dev.sno.lease.LeaseLostException;
import dev.sno.lease.PartitionLease;
import dev.sno.lease.PartitionLeases;
import dev.sno.testsupport.LogCapture;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class JdbcPartitionLeasesTest {

    /** A holder cut off on purpose logs its failed renewal: asserted, not printed. */
    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    private final List<LeaseDb> pools = new ArrayList<>();

    @AfterEach
    void closePools() {
        pools.forEach(LeaseDb::close);
    }

    static List<String> databases() {
        return LeaseDb.all();
    }

    private LeaseDb open(String db) {
        LeaseDb d = LeaseDb.open(db, 4);
        pools.add(d);
        return d;
    }

    private LeaseDb sibling(LeaseDb db) {
        LeaseDb d = db.sibling(4);
        pools.add(d);
        return d;
    }

    private static String namespace() {
        return "t-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @ParameterizedTest
    @MethodSource("databases")
    void acquiresRenewsInTheBackgroundAndReleasesOnClose(String dbName) throws Exception {
        LeaseDb db = open(dbName);
        String ns = namespace();
        TestClock clock = new TestClock(TestClock.START);
        PartitionLeases leases = JdbcPartitionLeases.builder(db).namespace(ns).partitions(100, 199)
                .leaseDuration(Duration.ofSeconds(1)).clock(clock).build();
        SnoGenerator g = leases.acquire();
        assertEquals(100, g.partition(), "the oldest free partition, ties by number");
        SnoId first = g.next(1);
        assertEquals(100, first.partition());
        Map<String, Object> held = LeaseRows.row(db, ns, 100);
        assertEquals(1L, ((Number) held.get("epoch")).longValue());
        assertNotNull(held.get("holder_token"));
        assertEquals(ProcessHandle.current().pid(), ((Number) held.get("holder_pid")).longValue());
        assertEquals(0, ((Number) held.get("expired")).intValue());
        long horizon = ((Number) held.get("wall_hi")).longValue();
        assertTrue(horizon > first.timeUnits(), "write-ahead horizon " + horizon + " beyond the first ID's unit");

        Object renewedAt = held.get("updated_at");
        LeaseDb.await("a background renewal", 5_000, () -> !renewedAt.equals(LeaseRows.row(db, ns, 100).get("updated_at")));
        assertEquals(0, ((Number) LeaseRows.row(db, ns, 100).get("expired")).intValue());

        clock.advance(40);
        SnoId last = g.next(1);
        g.close();
        Map<String, Object> released = LeaseRows.row(db, ns, 100);
        assertNull(released.get("holder_token"));
        assertEquals(1, ((Number) released.get("expired")).intValue(), "free at once");
        assertEquals(last.timeUnits(), ((Number) released.get("wall_hi")).longValue(), "the exact final state");

        // Freed and written last: the next acquisition prefers another partition, unused longer.
        try (SnoGenerator next = leases.acquire()) {
            assertEquals(101, next.partition());
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void thirtyTwoConcurrentAcquirersGetThirtyTwoDistinctPartitions(String dbName) throws Exception {
        int n = 32;
        LeaseDb db = LeaseDb.open(dbName, n);
        pools.add(db);
        String ns = namespace();
        PartitionLeases leases = JdbcPartitionLeases.builder(db).namespace(ns).build(); // all 65,536
        CyclicBarrier start = new CyclicBarrier(n);
        ExecutorService pool = Executors.newFixedThreadPool(n);
        List<Future<SnoGenerator>> results = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            results.add(pool.submit(() -> {
                start.await();
                return leases.acquire();
            }));
        }
        Set<Integer> partitions = new HashSet<>();
        List<SnoGenerator> generators = new ArrayList<>();
        for (Future<SnoGenerator> f : results) {
            SnoGenerator g = f.get();
            generators.add(g);
            partitions.add(g.partition());
            assertEquals(1L, LeaseRows.epoch(db, ns, g.partition()));
        }
        pool.shutdown();
        assertEquals(n, partitions.size(), "distinct partitions: " + partitions);
        Set<SnoId> ids = new HashSet<>();
        for (SnoGenerator g : generators) {
            ids.add(g.next(0));
            g.close();
        }
        assertEquals(n, ids.size());
    }

    @ParameterizedTest
    @MethodSource("databases")
    void aNamespaceWithEveryPartitionHeldRefusesToAcquire(String dbName) throws Exception {
        LeaseDb db = open(dbName);
        String ns = namespace();
        PartitionLeases leases = JdbcPartitionLeases.builder(db).namespace(ns).partitions(10, 12).build();
        List<SnoGenerator> held = List.of(leases.acquire(), leases.acquire(), leases.acquire());
        IllegalStateException e = assertThrows(IllegalStateException.class, leases::acquire);
        assertEquals("No free partition in sno namespace \"" + ns + "\": all 3 partitions 10..12 are held by leases"
                + " that have not expired (table sno_partition_lease on " + (LeaseDb.H2.equals(dbName) ? "H2"
                : LeaseDb.POSTGRES.equals(dbName) ? "PostgreSQL" : LeaseDb.MYSQL.equals(dbName) ? "MySQL" : "MariaDB")
                + "); widen partitions(lo, hi) or wait for a lease to expire", e.getMessage());
        held.get(1).close();
        try (SnoGenerator again = leases.acquire()) {
            assertEquals(held.get(1).partition(), again.partition());
            assertEquals(2L, LeaseRows.epoch(db, ns, again.partition()), "a new epoch per acquisition");
        }
        held.forEach(SnoGenerator::close);
    }

    /**
     * A holder crashes (cut off from the database); once its lease has expired in database
     * time, a host whose clock is 10 s behind takes over: it restores the row's write-ahead
     * state, tick-tocks, and repeats none of the crashed holder's IDs. The old holder, back
     * online, has every write rejected and makes no ID in a new unit.
     */
    @ParameterizedTest
    @MethodSource("databases")
    void takeoverByAHostWhoseClockIsBehindTickTocksAndRepeatsNothing(String dbName) throws Exception {
        LeaseDb dbA = open(dbName);
        LeaseDb dbB = sibling(dbA);
        String ns = namespace();
        List<String> events = new CopyOnWriteArrayList<>();
        LeaseListener listener = new LeaseListener() {
            @Override
            public void renewalFailed(PartitionLease lease, Exception cause) {
                events.add("failed " + lease);
            }

            @Override
            public void leaseLost(PartitionLease lease, LeaseLostException cause) {
                events.add("lost " + lease);
            }

            @Override
            public void leaseRecovered(PartitionLease lease) {
                events.add("recovered " + lease);
            }
        };
        TestClock clockA = new TestClock(TestClock.START);
        SnoGenerator a = JdbcPartitionLeases.builder(dbA).namespace(ns).partitions(7, 7)
                .leaseDuration(Duration.ofSeconds(1)).clock(clockA).listener(listener).build().acquire();
        Set<SnoId> idsA = new HashSet<>();
        for (int i = 0; i < 3000; i++) {
            idsA.add(a.next(0));
            clockA.advance(1);
        }
        boolean tickA = a.next(0).tickTock();

        dbA.cut(true); // the crash, as the database sees it: no more writes
        LeaseDb.await("the lease to expire in database time", 10_000, () -> LeaseRows.expired(dbB, ns, 7));
        long durableHorizon = ((Number) LeaseRows.row(dbB, ns, 7).get("wall_hi")).longValue();

        TestClock clockB = new TestClock(TestClock.START + 3000 - 10_000);
        SnoGenerator b = JdbcPartitionLeases.builder(dbB).namespace(ns).partitions(7, 7)
                .leaseDuration(Duration.ofSeconds(1)).clock(clockB).build().acquire();
        assertEquals(7, b.partition());
        assertEquals(2L, LeaseRows.epoch(dbB, ns, 7));
        int repeats = 0;
        for (int i = 0; i < 3000; i++) {
            SnoId id = b.next(0);
            assertNotEquals(tickA, id.tickTock(), "the new holder tick-tocks: " + id);
            if (idsA.contains(id)) {
                repeats++;
            }
            clockB.advance(1);
        }
        assertEquals(0, repeats);
        for (SnoId id : idsA) {
            assertTrue(id.timeUnits() <= durableHorizon, "old holder's ID beyond the durable horizon: " + id);
        }

        // The old holder comes back: its first write is rejected, the loss is final.
        dbA.cut(false);
        clockA.advance(60_000);
        StateStoreException e = assertThrows(StateStoreException.class, () -> a.next(0));
        assertTrue(e.getMessage().contains("sno partition lease " + ns + "/7 (epoch 1)"), e.getMessage());
        LeaseDb.await("the rejected write", 5_000, () -> events.contains("lost sno partition lease " + ns + "/7 (epoch 1)"));
        Throwable cause = e.getCause();
        assertTrue(cause instanceof LeaseLostException || cause instanceof java.io.IOException, String.valueOf(cause));
        StateStoreException again = assertThrows(StateStoreException.class, () -> a.next(0));
        assertInstanceOf(LeaseLostException.class, again.getCause());
        assertEquals(2L, LeaseRows.epoch(dbB, ns, 7), "the row stays the new holder's");
        // Closing after the loss saves nothing and throws nothing: the new holder restored from
        // the last record the old one saved, and the loss was reported when it happened.
        assertDoesNotThrow(a::close);
        assertEquals(2L, LeaseRows.epoch(dbB, ns, 7));
        assertNotNull(LeaseRows.row(dbB, ns, 7).get("holder_token"), "the old holder's close frees nothing");
        b.close();
        // Whether the old holder's background renewal ran into the cut before its loss depends on timing.
        logs.allow(Level.WARNING, "Could not save to the sno partition lease " + ns + "/7 (epoch 1)");
    }

    /**
     * Cut off from the database, a holder stops making IDs in new time units at its fence
     * deadline, with an exception naming the lease; reconnected, it recovers by itself.
     */
    @ParameterizedTest
    @MethodSource("databases")
    void aHolderCutOffStopsAtItsFenceDeadlineAndRecoversByItself(String dbName) throws Exception {
        LeaseDb db = open(dbName);
        String ns = namespace();
        List<String> events = new CopyOnWriteArrayList<>();
        TestClock clock = new TestClock(TestClock.START);
        SnoGenerator g = JdbcPartitionLeases.builder(db).namespace(ns).partitions(3, 3)
                .leaseDuration(Duration.ofSeconds(2)).clock(clock).listener(new LeaseListener() {
                    @Override
                    public void renewalFailed(PartitionLease lease, Exception cause) {
                        events.add("failed");
                    }

                    @Override
                    public void leaseRecovered(PartitionLease lease) {
                        events.add("recovered");
                    }
                }).build().acquire();
        g.next(0);
        long cutAt = System.nanoTime();
        db.cut(true);
        StateStoreException[] fenced = {null};
        LeaseDb.await("the fence", 10_000, () -> {
            clock.advance(4);
            try {
                g.next(0);
                return false;
            } catch (StateStoreException e) {
                fenced[0] = e;
                return true;
            }
        });
        long fencedAfter = (System.nanoTime() - cutAt) / 1_000_000;
        assertTrue(fencedAfter < 2_000, "fenced before the lease could expire: " + fencedAfter + " ms");
        assertTrue(fenced[0].getMessage().contains("sno partition lease " + ns + "/3 (epoch 1)"), fenced[0].getMessage());
        assertTrue(events.contains("failed"), events.toString());
        assertFalse(events.contains("recovered"));

        db.cut(false);
        LeaseDb.await("recovery", 10_000, () -> {
            clock.advance(4);
            try {
                g.next(0);
                return true;
            } catch (StateStoreException e) {
                return false;
            }
        });
        assertTrue(events.contains("recovered"), events.toString());
        logs.expect(Level.WARNING, "is cut off from the database");
        logs.allow(Level.INFO, "works again");
        assertEquals(1L, LeaseRows.epoch(db, ns, 3), "the same lease, renewed");
        g.close();
    }

    @Test
    void builderRejectsBadSettingsNamingThem() {
        LeaseDb db = open(LeaseDb.H2);
        PartitionLeases.Builder b = JdbcPartitionLeases.builder(db);
        assertEquals("partitions must satisfy 0 <= lo <= hi <= 65535: lo=5, hi=4",
                assertThrows(IllegalArgumentException.class, () -> b.partitions(5, 4)).getMessage());
        assertEquals("partitions must satisfy 0 <= lo <= hi <= 65535: lo=-1, hi=4",
                assertThrows(IllegalArgumentException.class, () -> b.partitions(-1, 4)).getMessage());
        assertEquals("partitions must satisfy 0 <= lo <= hi <= 65535: lo=0, hi=65536",
                assertThrows(IllegalArgumentException.class, () -> b.partitions(0, 65536)).getMessage());
        assertEquals("leaseDuration must be in [PT1S, PT1H]: leaseDuration=PT0.5S",
                assertThrows(IllegalArgumentException.class, () -> b.leaseDuration(Duration.ofMillis(500))).getMessage());
        assertEquals("leaseDuration must be in [PT1S, PT1H]: leaseDuration=PT2H",
                assertThrows(IllegalArgumentException.class, () -> b.leaseDuration(Duration.ofHours(2))).getMessage());
        assertEquals("namespace must be 1 to 64 characters without control characters or unpaired surrogates: namespace=\"\"",
                assertThrows(IllegalArgumentException.class, () -> b.namespace("")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> b.namespace("x".repeat(65)));
        assertThrows(IllegalArgumentException.class, () -> b.namespace("a\nb"));
        // What a store's keys cannot spell faithfully is refused, and quoted escaped.
        assertEquals("namespace must be 1 to 64 characters without control characters or unpaired surrogates:"
                + " namespace=\"a\\u001B[2Jb\"",
                assertThrows(IllegalArgumentException.class, () -> b.namespace("a\u001b[2Jb")).getMessage());
        assertEquals("namespace must be 1 to 64 characters without control characters or unpaired surrogates:"
                + " namespace=\"x\\uD800\"",
                assertThrows(IllegalArgumentException.class, () -> b.namespace("x\uD800")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> b.namespace("\uDBFFx"));
        assertThrows(IllegalArgumentException.class, () -> b.namespace("\uDC00x"));
        assertThrows(IllegalArgumentException.class, () -> b.namespace("x\uDBFF\uDBFF\uDC00"));
        b.namespace("emoji-\uD83D\uDE00"); // a pair is a character like any other
        assertThrows(NullPointerException.class, () -> b.namespace(null));
        assertThrows(NullPointerException.class, () -> b.clock(null));
        assertThrows(NullPointerException.class, () -> JdbcPartitionLeases.builder(null));
    }

    @ParameterizedTest
    @MethodSource("databases")
    void tableExistsProbesWithoutGuessingAndCreateTableIsIdempotent(String dbName) throws Exception {
        LeaseDb db = open(dbName);
        if (LeaseDb.POSTGRES.equals(dbName)) {
            // A schema of its own, where the table cannot exist yet.
            String schema = "probe_" + UUID.randomUUID().toString().substring(0, 8);
            try (java.sql.Connection c = db.getConnection(); java.sql.Statement st = c.createStatement()) {
                st.execute("CREATE SCHEMA " + schema);
            }
            db = LeaseDb.forUrl(db.url() + (db.url().contains("?") ? "&" : "?") + "currentSchema=" + schema, 2);
            pools.add(db);
        } else if (!LeaseDb.H2.equals(dbName)) {
            // MariaDB: a database of its own.
            String schema = "probe_" + UUID.randomUUID().toString().substring(0, 8);
            try (java.sql.Connection c = db.getConnection(); java.sql.Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE " + schema);
            }
            db = LeaseDb.forUrl(db.url().replace("/sno?", "/" + schema + "?"), 2);
            pools.add(db);
        }
        assertFalse(JdbcPartitionLeases.tableExists(db), "a fresh database has no lease table");
        JdbcPartitionLeases.createTable(db);
        assertTrue(JdbcPartitionLeases.tableExists(db));
        JdbcPartitionLeases.createTable(db); // IF NOT EXISTS
        assertTrue(JdbcPartitionLeases.tableExists(db));
        try (SnoGenerator g = PartitionLeases.builder(JdbcPartitionLeases.store(db).createTable(false).build())
                .namespace(namespace()).partitions(7, 8).build().acquire()) {
            assertEquals(7, g.next(0).partition(), "a table made by createTable is usable");
            assertEquals(dev.sno.PartitionSource.LEASED, g.partitionSource());
        }
        LeaseDb cut = open(LeaseDb.H2);
        cut.cut(true);
        SQLException e = assertThrows(SQLException.class, () -> JdbcPartitionLeases.tableExists(cut),
                "no connection is an error, not a missing table");
        assertEquals("08001", e.getSQLState());
    }

    @Test
    void withoutTableCreationAMissingTableIsAnErrorNamingTheDdl() {
        LeaseDb db = open(LeaseDb.H2);
        java.io.IOException e = assertThrows(java.io.IOException.class, () -> PartitionLeases.builder(
                JdbcPartitionLeases.store(db).createTable(false).build()).build());
        assertEquals("Could not prepare the sno lease table sno_partition_lease on H2: The lease table"
                + " sno_partition_lease does not exist and the store was told not to create it (createTable(false));"
                + " create it with LeaseDialect.H2.ddl() (SQL state 42P01)", e.getMessage());
        assertInstanceOf(SQLException.class, e.getCause());
    }

    @Test
    void docsAndSpecShowTheDdlInUse() throws Exception {
        String fleet = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "fleet.md"));
        assertTrue(fleet.contains(JdbcPartitionLeases.DDL), "docs/fleet.md's DDL differs from JdbcPartitionLeases.DDL");
        String spec = java.nio.file.Files.readString(java.nio.file.Path.of("..", "SPEC.md"));
        for (String line : JdbcPartitionLeases.DDL.split("\n")) {
            String code = line.strip();
            assertTrue(spec.contains(code), "SPEC.md lacks: " + code);
        }
    }

    @Test
    void leaseDefaultsAndFenceInterval() throws Exception {
        PartitionLeases leases = JdbcPartitionLeases.builder(open(LeaseDb.H2)).partitions(0, 9).build();
        assertEquals("default", leases.namespace());
        assertEquals(Duration.ofSeconds(30), leases.leaseDuration());
        assertEquals(Duration.ofSeconds(25), leases.fenceAfter());
        assertEquals("PartitionLeases[default 0..9, lease PT30S, table sno_partition_lease on H2]", leases.toString());
    }
}
