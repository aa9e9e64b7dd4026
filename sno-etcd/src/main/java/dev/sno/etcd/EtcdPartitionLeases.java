package dev.sno.etcd;

import dev.sno.lease.PartitionLeases;
import io.etcd.jetcd.Client;

/**
 * Partition leases kept in etcd, through its v3 API (tested on etcd 3.4), for fleets of instances
 * that share one etcd cluster:
 *
 * <pre>
 * Client client = Client.builder().endpoints("http://etcd-1:2379", "http://etcd-2:2379").build();
 * PartitionLeases leases = EtcdPartitionLeases.builder(client)
 *         .namespace("orders")
 *         .build();                                    // checks that etcd answers
 * try (SnoGenerator generator = leases.acquire()) {   // holds the lease until close()
 *     SnoId id = generator.next(meta);
 * }
 * </pre>
 *
 * <p>{@code build()} writes nothing: a partition's record key is created by its first
 * acquisition. The protocol is that of {@link PartitionLeases}; the store is an
 * {@link EtcdLeaseStore}. Each held partition is backed by an etcd lease of the holder's own,
 * which the etcd server expires:
 * its TTL is the lease duration rounded up to whole seconds (never less than the lease duration,
 * since the holder fences itself 5/6 of the lease duration after the start of its last successful
 * renewal, and that renewal's keep-alive restarted the TTL after that start). The store's options
 * are set on {@link #store(Client)}:
 *
 * <pre>
 * PartitionLeases leases = PartitionLeases.builder(EtcdPartitionLeases.store(client)
 *                 .commandTimeout(Duration.ofMillis(500)).build())
 *         .namespace("orders")
 *         .build();
 * </pre>
 *
 * <p>The client is used as it is and never closed here: close it after the generators.
 */
public final class EtcdPartitionLeases {

    private EtcdPartitionLeases() {
    }

    /**
     * A builder for leases kept in the etcd the client connects to, with the store's default
     * options.
     *
     * @param client  the jetcd client, not null
     * @return a new builder: set the namespace, partitions, lease duration, clock and listener,
     *     then {@link PartitionLeases.Builder#build()}
     */
    public static PartitionLeases.Builder builder(Client client) {
        return PartitionLeases.builder(store(client).build());
    }

    /**
     * A builder for an etcd lease store with options of its own, for
     * {@link PartitionLeases#builder(dev.sno.lease.LeaseStore)}.
     *
     * @param client  the jetcd client, not null
     * @return a new store builder
     */
    public static EtcdLeaseStore.Builder store(Client client) {
        return EtcdLeaseStore.builder(client);
    }
}
