package dev.sno.bench;

import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.jdbc.lease.JdbcPartitionLeases;
import dev.sno.lease.PartitionLeases;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Partition leases ({@code sno-jdbc}): the latency of {@code acquire()}, of one renewal (one
 * conditional {@code UPDATE} of the lease row through a pooled connection), and the fast path of
 * a leased generator against a plain one in the same run (16 generators each, used round-robin
 * as in {@link DurabilityBenchmark}; target: within 5%).
 *
 * <p>The database is PostgreSQL at {@code SNO_PG_URL} (or {@code -Dsno.pg.url}), as the tests use
 * it; without one, H2 in memory (then the database numbers say little about a server). Renewals
 * per holder per minute follow from the lease duration: one every 5/18 of it, 7.2 per minute at
 * the default 30 s; times the renewal latency, that is each holder's database cost.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class LeaseBenchmark {

    private static final int GENERATORS = 16;

    private Pool pool;
    private PartitionLeases leases;
    private final SnoGenerator[] leased = new SnoGenerator[GENERATORS];
    private final SnoGenerator[] plain = new SnoGenerator[GENERATORS];
    private int next;

    /** A generator whose clock jumps past its horizon before every call: each call renews. */
    private SnoGenerator renewing;
    private final AtomicLong renewingClock = new AtomicLong(System.currentTimeMillis());
    private long jumpMillis;


    @Setup(Level.Trial)
    public void setUp() throws java.io.IOException {
        String url = System.getProperty("sno.pg.url", System.getenv("SNO_PG_URL"));
        if (url == null || url.isEmpty()) {
            url = "jdbc:h2:mem:lease-bench;DB_CLOSE_DELAY=-1";
        }
        System.out.println("[lease benchmark] database " + url);
        pool = new Pool(url, 8);
        String ns = "bench-" + UUID.randomUUID().toString().substring(0, 8);
        leases = JdbcPartitionLeases.builder(pool).namespace(ns).build();
        for (int i = 0; i < GENERATORS; i++) {
            leased[i] = leases.acquire();
            plain[i] = SnoGenerator.builder().partition(60_000 + i).build();
        }
        jumpMillis = leases.fenceAfter().toMillis() * 2 / 3 + 8;
        renewing = JdbcPartitionLeases.builder(pool).namespace(ns).clock(renewingClock::get).build().acquire();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        for (int i = 0; i < GENERATORS; i++) {
            leased[i].close();
            plain[i].close();
        }
        renewing.close();
        pool.close();
    }

    /** The fast path of a leased generator. */
    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public SnoId leasedNext() {
        int i = next;
        next = (i + 1) & (GENERATORS - 1);
        return leased[i].next(1);
    }

    /** The fast path of a plain generator, for comparison. */
    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public SnoId plainNext() {
        int i = next;
        next = (i + 1) & (GENERATORS - 1);
        return plain[i].next(1);
    }

    /** One renewal: the clock passes the horizon, so {@code next} saves (and renews) first. */
    @Benchmark
    public SnoId renewal() {
        renewingClock.addAndGet(jumpMillis);
        return renewing.next(1);
    }

    /**
     * The generator acquired by the last {@link #acquire} call, released after it. A state of its
     * own, because a per-invocation fixture costs every benchmark that uses its state (JMH times
     * around each call): on the benchmark's own state it made both fast paths measure about
     * 58 ns, ±19, instead of about 32.
     */
    @State(Scope.Thread)
    public static class Acquired {
        SnoGenerator generator;

        /** Releases the lease the call took. */
        @TearDown(Level.Invocation)
        public void release() {
            if (generator != null) {
                generator.close();
                generator = null;
            }
        }
    }

    /**
     * {@code acquire()}: one transaction taking the partition unused longest.
     *
     * @param acquired  where the lease goes, to be released after the call
     * @return the leased generator
     * @throws java.io.IOException if the database fails
     */
    @Benchmark
    public SnoGenerator acquire(Acquired acquired) throws java.io.IOException {
        acquired.generator = leases.acquire();
        return acquired.generator;
    }

    /** A small fixed connection pool: renewals borrow a connection, as with any pool. */
    static final class Pool implements DataSource {
        private final String url;
        private final BlockingQueue<Connection> idle;

        Pool(String url, int size) {
            this.url = url;
            this.idle = new ArrayBlockingQueue<>(size);
        }

        @Override
        public Connection getConnection() throws SQLException {
            Connection c = idle.poll();
            Connection real = c != null ? c : DriverManager.getConnection(url);
            return (Connection) java.lang.reflect.Proxy.newProxyInstance(Connection.class.getClassLoader(),
                    new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                        if (method.getName().equals("close")) {
                            if (!idle.offer(real)) {
                                real.close();
                            }
                            return null;
                        }
                        try {
                            return method.invoke(real, args);
                        } catch (java.lang.reflect.InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }

        void close() {
            for (Connection c; (c = idle.poll()) != null;) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // closing
                }
            }
        }

        @Override
        public Connection getConnection(String username, String password) throws SQLException {
            return getConnection();
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {
        }

        @Override
        public void setLoginTimeout(int seconds) {
        }

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return false;
        }
    }
}
