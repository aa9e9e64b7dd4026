package dev.sno.etcd;

import dev.sno.Sno;
import dev.sno.SnoGenerator;

/**
 * A plain Java process for {@link EtcdLeaseStoreProviderTest}: nothing but {@code Sno.next},
 * configured by the system properties and environment variables it was started with; prints
 * {@code GENERATOR <partition> <source> <id's partition>} and exits normally, so that the shutdown
 * hook closes the generator and releases its lease.
 */
public final class FacadeChild {

    private FacadeChild() {
    }

    public static void main(String[] args) {
        SnoGenerator g = Sno.generator();
        System.out.println("GENERATOR " + g.partition() + " " + g.partitionSource() + " " + Sno.next(1).partition());
    }
}
