package dev.sno.jdbc.lease;

import dev.sno.testsupport.FaultProxy;
import dev.sno.testsupport.LogCapture;
import dev.sno.testsupport.PartitionDrill;
import java.time.Duration;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Network partitions between a holder and its database (test-support's {@link PartitionDrill}),
 * on the build's PostgreSQL and MariaDB: holder A's pool reaches the server through a
 * {@link FaultProxy}, B's directly; lease 3 s. The store bounds each statement by a third of the
 * lease (1 s) and the holder waits for a call no longer than its fence deadline, but a call on a
 * connection that never answers returns only when the driver gives up: A's URL sets the
 * driver's socket and connect timeouts to 2 s, so that a hung renewal ends and the next one can
 * start (a pool's connect timeout should match, SPEC.md 11.6). A blackholed connection is reset by
 * the proxy when the link heals (its stream lost bytes).
 */
class NetworkPartitionTest {

    static final Duration LEASE = Duration.ofSeconds(3);

    private static final Pattern HOST_PORT = Pattern.compile("//([^/:?]+)(?::(\\d+))?");

    /** The scenarios, on a database given by its URL. */
    abstract static class OnDatabase {

        @RegisterExtension
        final LogCapture logs = new LogCapture("dev.sno");

        private FaultProxy proxy;
        private LeaseDb dbA;
        private LeaseDb dbB;

        /** The database's URL, as test-support's TestServers gives it. */
        abstract String url();

        /** The name, for the summary. */
        abstract String name();

        /** URL parameters setting the driver's socket and connect timeouts to 2 s. */
        abstract String timeouts();

        abstract int defaultPort();

        @BeforeEach
        void start() {
            String url = url();
            Matcher m = HOST_PORT.matcher(url);
            if (!m.find()) {
                throw new AssertionError("no host in the URL " + url);
            }
            int port = m.group(2) == null ? defaultPort() : Integer.parseInt(m.group(2));
            proxy = new FaultProxy(m.group(1), port);
            String proxied = url.substring(0, m.start()) + "//" + proxy.address() + url.substring(m.end());
            dbA = LeaseDb.forUrl(proxied + (proxied.contains("?") ? "&" : "?") + timeouts(), 2);
            dbB = LeaseDb.forUrl(url, 2);
        }

        @AfterEach
        void stop() {
            dbA.close();
            dbB.close();
            proxy.close();
            PartitionDrill.allowHolderLogs(logs);
        }

        private PartitionDrill drill(String scenario) throws Exception {
            return new PartitionDrill(name(), proxy, JdbcPartitionLeases.store(dbA).build(),
                    JdbcPartitionLeases.store(dbB).build(), LEASE,
                    scenario + "-" + UUID.randomUUID().toString().substring(0, 8));
        }

        @Test
        void aHolderCutOffFromTheDatabaseEntersNoNewUnitOnceItsPartitionIsTakenOver() throws Exception {
            drill("cut").cutAndTakeover();
        }

        /** A third of the lease: the next renewal (5/18 of the lease after the last) falls in it. */
        @Test
        void aHolderWhoseLinkDropsForLessThanTheFenceKeepsItsLease() throws Exception {
            drill("drop").shortDrop(LEASE.dividedBy(3));
        }

        @Test
        void aHolderOnASlowLinkEntersNoNewUnitOnceItsPartitionIsTakenOver() throws Exception {
            drill("slow").slowLink();
        }
    }

    /** PostgreSQL 15: pgjdbc's timeouts are in seconds. */
    @Nested
    class PostgreSql extends OnDatabase {
        @Override
        String url() {
            return LeaseDb.pgUrl();
        }

        @Override
        String name() {
            return "PostgreSQL";
        }

        @Override
        String timeouts() {
            return "socketTimeout=2&connectTimeout=2&loginTimeout=2";
        }

        @Override
        int defaultPort() {
            return 5432;
        }
    }

    /** MariaDB 11.4 through MariaDB Connector/J: its timeouts are in milliseconds. */
    @Nested
    class MariaDb extends OnDatabase {
        @Override
        String url() {
            return LeaseDb.mariaDbUrl();
        }

        @Override
        String name() {
            return "MariaDB";
        }

        @Override
        String timeouts() {
            return "socketTimeout=2000&connectTimeout=2000";
        }

        @Override
        int defaultPort() {
            return 3306;
        }
    }

    /** MySQL 8.0 through MySQL Connector/J: its timeouts are in milliseconds too. */
    @Nested
    class MySql extends OnDatabase {
        @Override
        String url() {
            return LeaseDb.mysqlUrl();
        }

        @Override
        String name() {
            return "MySQL";
        }

        @Override
        String timeouts() {
            return "socketTimeout=2000&connectTimeout=2000";
        }

        @Override
        int defaultPort() {
            return 3306;
        }
    }
}
