package dev.sno.etcd;

import dev.sno.testsupport.ChaosHolder;
import io.etcd.jetcd.Client;

/**
 * A child JVM of {@link ChaosTest}: the etcd client and builder of test-support's
 * {@link ChaosHolder}, which holds a lease and makes IDs until its standard input closes.
 */
public final class ChaosChild {

    private ChaosChild() {
    }

    public static void main(String[] args) throws Exception {
        Client client = Client.builder().endpoints(args[0]).build();
        ChaosHolder.run(args, EtcdPartitionLeases.builder(client), client::close);
    }
}
