package dev.sno.jdbc.lease;

import dev.sno.SnoGenerator;
import dev.sno.StateStoreException;
import dev.sno.lease.LeaseListener;
import dev.sno.lease.LeaseLostException;
import dev.sno.lease.PartitionLease;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * The child JVM of {@link ZombieTest}: acquires a lease, prints every ID it returns ("ID x"),
 * every refusal ("REFUSED message"), and what its listener hears, until its standard input
 * closes; then closes the generator ("CLOSED" or "CLOSE-FAILED message").
 *
 * <p>Arguments: JDBC URL, namespace, partition, lease duration in milliseconds.
 */
public final class ZombieChild {

    private ZombieChild() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        LeaseDb db = LeaseDb.forUrl(args[0], 2);
        int partition = Integer.parseInt(args[2]);
        SnoGenerator g = JdbcPartitionLeases.builder(db).namespace(args[1]).partitions(partition, partition)
                .leaseDuration(Duration.ofMillis(Long.parseLong(args[3]))).listener(new LeaseListener() {
                    @Override
                    public void renewalFailed(PartitionLease lease, Exception cause) {
                        line(out, "FAILED " + lease);
                    }

                    @Override
                    public void leaseLost(PartitionLease lease, LeaseLostException cause) {
                        line(out, "LOST " + lease);
                    }

                    @Override
                    public void leaseRecovered(PartitionLease lease) {
                        line(out, "RECOVERED " + lease);
                    }
                }).build().acquire();
        line(out, "ACQUIRED " + g.partition());
        Thread quit = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                while (in.readLine() != null) {
                    // until EOF
                }
            } catch (java.io.IOException e) {
                // EOF
            }
        });
        quit.setDaemon(true);
        quit.start();
        String lastRefusal = null;
        while (quit.isAlive()) {
            try {
                line(out, "ID " + g.next(0));
                lastRefusal = null;
            } catch (StateStoreException e) {
                if (!e.getMessage().equals(lastRefusal)) {
                    line(out, "REFUSED " + e.getMessage().replace('\n', ' '));
                    lastRefusal = e.getMessage();
                }
                LockSupport.parkNanos(1_000_000);
            }
            LockSupport.parkNanos(200_000);
        }
        try {
            g.close();
            line(out, "CLOSED");
        } catch (RuntimeException e) {
            line(out, "CLOSE-FAILED " + e.getMessage().replace('\n', ' '));
        }
        out.flush();
    }

    private static synchronized void line(PrintStream out, String s) {
        out.println(s);
        out.flush();
    }
}
