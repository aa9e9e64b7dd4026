package dev.sno.jdbc.lease;

import dev.sno.SnoGenerator;
import dev.sno.StateStoreException;
import dev.sno.lease.LeaseListener;
import dev.sno.lease.LeaseLostException;
import dev.sno.lease.PartitionLease;
import dev.sno.lease.PartitionLeases;
import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * One instance of the chaos fleet ({@link LeaseChaosTest}): leases a partition, makes IDs
 * without end and appends each one's 10 bytes to its file (flushed every 256 IDs and when
 * refused), and acquires again after a loss. Prints one line per event on stdout:
 * "ACQUIRED partition epoch", "LOST lease", "FAILED lease", "RECOVERED lease", "WAITING" (every
 * partition held), "ERROR message".
 *
 * <p>Arguments: JDBC URL, namespace, partitions (lo-hi), lease duration in ms, ID file.
 */
public final class ChaosChild {

    private ChaosChild() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        LeaseDb db = LeaseDb.forUrl(args[0], 4);
        String[] range = args[2].split("-");
        LeaseListener listener = new LeaseListener() {
            @Override
            public void renewalFailed(PartitionLease lease, Exception cause) {
                out.println("FAILED " + lease);
            }

            @Override
            public void leaseLost(PartitionLease lease, LeaseLostException cause) {
                out.println("LOST " + lease);
            }

            @Override
            public void leaseRecovered(PartitionLease lease) {
                out.println("RECOVERED " + lease);
            }
        };
        PartitionLeases leases = null;
        try (OutputStream ids = new BufferedOutputStream(new FileOutputStream(args[4], true), 1 << 16)) {
            while (true) {
                SnoGenerator g;
                try {
                    if (leases == null) {
                        leases = JdbcPartitionLeases.builder(db).namespace(args[1])
                                .partitions(Integer.parseInt(range[0]), Integer.parseInt(range[1]))
                                .leaseDuration(Duration.ofMillis(Long.parseLong(args[3]))).listener(listener).build();
                    }
                    g = leases.acquire();
                } catch (IllegalStateException allHeld) {
                    out.println("WAITING");
                    LockSupport.parkNanos(200_000_000L);
                    continue;
                } catch (java.io.IOException e) {
                    out.println("ERROR " + e.getMessage().replace('\n', ' '));
                    LockSupport.parkNanos(200_000_000L);
                    continue;
                }
                PartitionLease lease = PartitionLeases.leaseOf(g).orElseThrow();
                out.println("ACQUIRED " + lease.partition() + " " + lease.epoch());
                int n = 0;
                while (true) {
                    try {
                        ids.write(g.next(n & 0xFF).toBytes());
                        if (++n % 16 == 0) { // about 16,000 IDs per second: eleven JVMs share two cores
                            LockSupport.parkNanos(1_000_000L);
                        }
                        if (n % 256 == 0) {
                            ids.flush();
                        }
                    } catch (StateStoreException e) {
                        ids.flush();
                        if (e.getCause() instanceof LeaseLostException) {
                            g.close();
                            break;
                        }
                        LockSupport.parkNanos(20_000_000L); // fenced: wait for a renewal
                    }
                }
            }
        }
    }
}
