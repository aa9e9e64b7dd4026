package dev.sno.testsupport;

import dev.sno.SnoGenerator;
import dev.sno.StateStoreException;
import dev.sno.lease.LeaseListener;
import dev.sno.lease.LeaseLostException;
import dev.sno.lease.PartitionLease;
import dev.sno.lease.PartitionLeases;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * The body of a child JVM of a store's chaos test ({@link ChaosFleet}): holds a lease and makes
 * IDs, writing each one's 10 bytes to a file, until its standard input closes; then closes its
 * generator. A lost lease is closed and a new one acquired. It prints what happens, one line
 * each: "ACQUIRED partition epoch", "FAILED partition epoch cause", "LOST partition epoch",
 * "RECOVERED partition epoch", "CLOSED ids". A store's child class makes its client and its
 * builder, and calls {@link #run}.
 *
 * <p>Arguments, as {@link ChaosFleet#spawn} passes them: the store's URL, namespace, first and
 * last partition, lease duration in ms, ID file, clock skew in ms (the child's clock is the
 * system's plus this).
 */
public final class ChaosHolder {

    private ChaosHolder() {
    }

    /** Runs the child with the store's builder, then closes the store's client. */
    public static void run(String[] args, PartitionLeases.Builder store, AutoCloseable client) throws Exception {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        long skew = Long.parseLong(args[6]);
        PartitionLeases.Builder builder = store.namespace(args[1])
                .partitions(Integer.parseInt(args[2]), Integer.parseInt(args[3]))
                .leaseDuration(Duration.ofMillis(Long.parseLong(args[4])))
                .clock(() -> System.currentTimeMillis() + skew).listener(new LeaseListener() {
                    @Override
                    public void renewalFailed(PartitionLease lease, Exception cause) {
                        line(out, "FAILED " + lease.partition() + " " + lease.epoch() + " " + cause);
                    }

                    @Override
                    public void leaseLost(PartitionLease lease, LeaseLostException cause) {
                        line(out, "LOST " + lease.partition() + " " + lease.epoch());
                    }

                    @Override
                    public void leaseRecovered(PartitionLease lease) {
                        line(out, "RECOVERED " + lease.partition() + " " + lease.epoch());
                    }
                });
        // A child that starts during the server's outage keeps trying, as a restarting instance would.
        PartitionLeases leases = null;
        while (leases == null) {
            try {
                leases = builder.build();
            } catch (IOException | IllegalArgumentException e) {
                line(out, "BUILD-FAILED " + e.getMessage());
                LockSupport.parkNanos(200_000_000L);
            }
        }
        Thread quit = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                while (in.readLine() != null) {
                    // until EOF
                }
            } catch (IOException e) {
                // EOF
            }
        });
        quit.setDaemon(true);
        quit.start();
        long ids = 0;
        SnoGenerator g = null;
        byte[] b = new byte[10];
        try (OutputStream file = new BufferedOutputStream(new FileOutputStream(args[5]), 1 << 12)) {
            while (quit.isAlive()) {
                if (g == null) {
                    try {
                        g = leases.acquire();
                        PartitionLease l = PartitionLeases.leaseOf(g).orElseThrow();
                        line(out, "ACQUIRED " + l.partition() + " " + l.epoch());
                    } catch (IllegalStateException allHeld) {
                        LockSupport.parkNanos(100_000_000L);
                    } catch (IOException e) {
                        line(out, "ACQUIRE-FAILED " + e.getMessage());
                        LockSupport.parkNanos(100_000_000L);
                    }
                    continue;
                }
                try {
                    g.next(0).writeBytes(b, 0);
                    file.write(b);
                    if (++ids % 256 == 0) {
                        file.flush();
                    }
                } catch (StateStoreException e) {
                    if (e.getCause() instanceof LeaseLostException) {
                        file.flush();
                        closeQuietly(g);
                        g = null;
                    } else {
                        LockSupport.parkNanos(1_000_000L); // fenced while renewals fail
                    }
                }
                LockSupport.parkNanos(200_000L);
            }
            file.flush();
            if (g != null) {
                closeQuietly(g);
            }
        }
        line(out, "CLOSED " + ids);
        client.close();
    }

    private static void closeQuietly(SnoGenerator g) {
        try {
            g.close();
        } catch (RuntimeException e) {
            // a lost lease has nothing to free
        }
    }

    private static synchronized void line(PrintStream out, String s) {
        out.println(s);
        out.flush();
    }
}
