package dev.sno.jdbc.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoGenerator;
import dev.sno.lease.PartitionLeases;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * Issue 30, finding 2, on the JDBC store: an acquisition whose COMMIT reached the database but
 * whose answer was lost (the connection reset after the commit) fails for its caller, yet the
 * database holds the lease for a token nobody has. {@link PartitionLeases} gives it back
 * ({@code LeaseStore.abandon}) before the failure reaches the caller, so the next acquisition
 * takes the partition at once, at the next epoch, instead of waiting for the lease to expire.
 */
class AbandonTest {

    /** H2, whose connections lose the answer to the next commit when told to: the commit is done. */
    private static DataSource losingCommitAnswers(AtomicBoolean loseNext) {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:abandon-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        return (DataSource) Proxy.newProxyInstance(AbandonTest.class.getClassLoader(), new Class<?>[] {DataSource.class},
                (proxy, m, args) -> {
                    Object r = invoke(h2, m, args);
                    if (!"getConnection".equals(m.getName())) {
                        return r;
                    }
                    Connection real = (Connection) r;
                    return Proxy.newProxyInstance(AbandonTest.class.getClassLoader(), new Class<?>[] {Connection.class},
                            (p, cm, cargs) -> {
                                Object cr = invoke(real, cm, cargs);
                                if ("commit".equals(cm.getName()) && loseNext.getAndSet(false)) {
                                    throw new SQLException("connection reset after COMMIT (the test's)", "08006");
                                }
                                return cr;
                            });
                });
    }

    private static Object invoke(Object target, java.lang.reflect.Method m, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @Test
    void anAcquisitionWhoseCommitAnswerWasLostIsGivenBackAtOnce() throws Exception {
        AtomicBoolean loseNext = new AtomicBoolean();
        DataSource ds = losingCommitAnswers(loseNext);
        PartitionLeases leases = JdbcPartitionLeases.builder(ds).namespace("abandon").partitions(0, 0)
                .leaseDuration(Duration.ofSeconds(30)).build();
        loseNext.set(true);
        IOException lost = assertThrows(IOException.class, leases::acquire);
        assertTrue(lost.getMessage().contains("connection reset after COMMIT"), lost.getMessage());
        try (Connection c = ds.getConnection(); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT epoch, holder_token FROM sno_partition_lease"
                        + " WHERE namespace = 'abandon' AND partition_no = 0")) {
            assertTrue(r.next());
            assertEquals(1, r.getLong(1), "the commit was done: epoch 1 was granted");
            assertEquals(null, r.getString(2), "and given back");
        }
        SnoGenerator g = leases.acquire(); // before the fix: "No free partition", for 30 s
        assertEquals(2L, PartitionLeases.leaseOf(g).orElseThrow().epoch());
        g.close();
    }
}
