package dev.sno.jdbc.lease;

import static dev.sno.jdbc.lease.LeaseDialect.TABLE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Instances preparing at once on a new H2 database. H2 shows a table to other sessions as soon as
 * {@code CREATE TABLE} has added it, before its primary key, and removes it again, with every row
 * written into it, when adding the key fails: two preparers that had found the table (created by a
 * concurrent one) and written the same rows into it without a key made it fail, and one of them
 * then found no table ("Table not found (this database is empty)") or wrote into a removed one
 * ("The database has been closed"): 5 of 2,400 rounds of 12 preparers at once on fresh databases
 * failed so, none of 2,400 once a preparer waits for the key. Here that creation runs in slow
 * motion, so that it fails every time without the wait: the creator's first
 * {@code CREATE TABLE} makes the table without its key, waits until the two other preparers have
 * found it and written their rows or are waiting for the key, then drops it and fails, as H2 does;
 * its second try creates the table whole.
 */
class ConcurrentFirstPrepareTest {

    private static final int HI = 63;
    private static final String CREATOR = "a";
    private static final List<String> FOLLOWERS = List.of("b", "c");
    private static final long WAIT_SECONDS = 10;

    /** The namespace of the preparer on this thread, which is also its part in the scene. */
    private static final ThreadLocal<String> ROLE = new ThreadLocal<>();

    private final CountDownLatch followersLooking = new CountDownLatch(FOLLOWERS.size());
    private final CountDownLatch tableVisible = new CountDownLatch(1);
    private final CountDownLatch followersSettled = new CountDownLatch(FOLLOWERS.size());
    private final Set<String> settled = ConcurrentHashMap.newKeySet();
    private volatile boolean creationFaked;

    @Test
    void aPreparerDoesNotWriteIntoATableWhoseCreationHasNotFinished() throws Exception {
        LeaseDb db = LeaseDb.open(LeaseDb.H2, 10);
        ExecutorService pool = Executors.newFixedThreadPool(1 + FOLLOWERS.size());
        try {
            JdbcLeaseStore store = JdbcLeaseStore.builder(slowCreation(db)).dialect(LeaseDialect.H2).build();
            List<Future<?>> done = new ArrayList<>();
            for (String ns : List.of(CREATOR, FOLLOWERS.get(0), FOLLOWERS.get(1))) {
                done.add(pool.submit(() -> {
                    ROLE.set(ns);
                    try {
                        store.prepare(ns, 0, HI);
                    } finally {
                        settled(ns);
                        ROLE.remove();
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
            assertTrue(creationFaked, "the creator's CREATE TABLE was not slowed down");
            Map<String, Long> rows = new TreeMap<>();
            try (Connection c = db.getConnection(); Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("SELECT namespace, COUNT(*) FROM " + TABLE + " GROUP BY namespace")) {
                while (r.next()) {
                    rows.put(r.getString(1), r.getLong(2));
                }
            }
            assertEquals(Map.of("a", HI + 1L, "b", HI + 1L, "c", HI + 1L), rows,
                    "rows of a prepare that returned were lost with the table");
        } finally {
            pool.shutdownNow();
            db.close();
        }
    }

    private void settled(String ns) {
        if (FOLLOWERS.contains(ns) && settled.add(ns)) {
            followersSettled.countDown();
        }
    }

    /** The data source, whose statements of the store play the scene. */
    private TestDataSource slowCreation(LeaseDb db) {
        return new TestDataSource() {
            @Override
            public Connection getConnection() throws SQLException {
                Connection real = db.getConnection();
                return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
                        new Class<?>[] {Connection.class}, (proxy, m, args) -> {
                            Object result = call(real, m, args);
                            return result instanceof Statement s && m.getName().equals("createStatement")
                                    ? statement(s) : result;
                        });
            }
        };
    }

    private Statement statement(Statement real) {
        return (Statement) Proxy.newProxyInstance(Statement.class.getClassLoader(), new Class<?>[] {Statement.class},
                (proxy, m, args) -> {
                    String sql = args != null && args.length > 0 && args[0] instanceof String text ? text : "";
                    String role = ROLE.get();
                    if (m.getName().equals("executeQuery") && sql.contains("WHERE 1 = 0") && !CREATOR.equals(role)) {
                        // A follower, whose count found no table, looks again once the table is there.
                        followersLooking.countDown();
                        await(tableVisible);
                    } else if (m.getName().equals("executeQuery") && sql.contains("TABLE_CONSTRAINTS") && role != null) {
                        settled(role);
                    } else if (m.getName().equals("execute") && sql.startsWith("CREATE TABLE") && CREATOR.equals(role)
                            && !creationFaked) {
                        creationFaked = true;
                        await(followersLooking);
                        real.execute(sql.replace(",\n    PRIMARY KEY (namespace, partition_no)", ""));
                        tableVisible.countDown();
                        await(followersSettled);
                        real.execute("DROP TABLE " + TABLE);
                        throw new SQLException("adding the primary key failed (as H2's CREATE TABLE may)", "23505");
                    }
                    return call(real, m, args);
                });
    }

    private static void await(CountDownLatch latch) throws InterruptedException {
        assertTrue(latch.await(WAIT_SECONDS, TimeUnit.SECONDS), "the scene did not unfold");
    }

    private static Object call(Object target, Method m, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
