package dev.sno.etcd;

import io.etcd.jetcd.Client;

/**
 * A fresh JVM for {@link LatencyTest}: times the first {@code build()} of leases, over one
 * partition of a new namespace (jetcd's start, the connection, one count); then a build() over all
 * 65,536 partitions of another new namespace (one count: records come with first acquisitions),
 * then one more on that namespace; prints "BUILD first-ms all-ms again-ms".
 *
 * <p>Arguments: etcd URL, namespace.
 */
public final class BuildTimeChild {

    private BuildTimeChild() {
    }

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        try (Client client = Client.builder().endpoints(args[0]).build()) {
            EtcdPartitionLeases.builder(client).namespace(args[1] + "-one").partitions(0, 0).build();
            long t1 = System.nanoTime();
            EtcdPartitionLeases.builder(client).namespace(args[1]).build();
            long t2 = System.nanoTime();
            EtcdPartitionLeases.builder(client).namespace(args[1]).build();
            long t3 = System.nanoTime();
            System.out.println("BUILD " + (t1 - t0) / 1_000_000 + " " + (t2 - t1) / 1_000_000 + " "
                    + (t3 - t2) / 1_000_000);
        }
    }
}
